import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { NavScreen } from './app-shell.tsx';
import { NavLink, type Badges } from './more-menu.tsx';

/** The sidebar from laptop width up: the mark (`home`), then every screen the role may use, one click away, in order. */
export function MainNav({ nav, badges, home }: { nav: readonly NavScreen[]; badges: Badges; home: ReactNode }) {
  const { t } = useLingui();
  return (
    <nav className="shell__side shell__nav" aria-label={t`Main`}>
      {home}
      <ul>
        {nav.map((s) => (
          <li key={s.to}>
            <NavLink screen={s} badges={badges} className="nav-link" />
          </li>
        ))}
      </ul>
    </nav>
  );
}
