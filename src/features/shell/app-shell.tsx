import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Role } from '../../../contract/users.ts';
import { Brand } from '../../ui/brand.tsx';
import { navItemsFor } from './nav-items.ts';
import { UserMenu } from './user-menu.tsx';

export interface ShellUser {
  name: string;
  role: Role;
  email?: string | undefined;
}

/** The frame of every signed-in screen: header with name, navigation for the role, and the user menu. */
export function AppShell({ user, onSignOut, children }: { user: ShellUser; onSignOut: () => void; children: ReactNode }) {
  const items = navItemsFor(user.role);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <div className="shell__bar">
          <Link to="/" className="shell__home" aria-label="Timekeep, home">
            <Brand />
          </Link>
          <nav className="shell__nav" aria-label="Main">
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="nav-link" activeProps={{ 'aria-current': 'page', className: 'nav-link nav-link--active' }}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <UserMenu user={user} onSignOut={onSignOut} />
        </div>
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
