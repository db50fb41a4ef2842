import './shell.css';
import { useLingui } from '@lingui/react/macro';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Role } from '../../../contract/users.ts';
import { Brand } from '../../ui/brand.tsx';
import { Toaster } from '../../ui/toast.tsx';
import { MainNav } from './main-nav.tsx';
import { PhoneNav } from './phone-nav.tsx';
import { UserMenu } from './user-menu.tsx';
import type { Badges } from './more-menu.tsx';

/** A screen in the navigation. */
export interface NavScreen {
  label: string;
  to: NonNullable<LinkProps['to']>;
}

export interface ShellUser {
  name: string;
  role: Role;
  email?: string | undefined;
}

export interface AppShellProps {
  user: ShellUser;
  /** The screens the user may use, in order; on a phone `phone.bar` shows at the bottom, `phone.more` under More. */
  nav: readonly NavScreen[];
  phone: { bar: readonly NavScreen[]; more: readonly NavScreen[] };
  onSignOut: () => void;
  /** The current week and today's date, linking to this week. */
  today?: ReactNode;
  /** The running timer (or Start). */
  timer?: ReactNode;
  /** Something to show beside a navigation label, such as a count of what waits there. */
  badges?: Badges;
  /** Clock in / clock out for the timecard. */
  clock?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every signed-in screen: the sidebar with every screen of the role (from 1024 px), the header with
 * the week and today, the timer and the user menu, and below 1024 px the bottom bar instead of the sidebar.
 */
export function AppShell({ user, nav, phone, onSignOut, today, timer, clock, badges, children }: AppShellProps) {
  const { t } = useLingui();
  // In the sidebar from laptop width up, in the header below it (CSS shows one of the two).
  const home = (
    <Link to="/" className="shell__home" aria-label={t`Timekeep, home`}>
      <Brand />
    </Link>
  );
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <MainNav nav={nav} badges={badges} home={home} />
      <header className="shell__header">
        <div className="shell__bar">
          {home}
          {today && <div className="shell__today">{today}</div>}
          {clock && <div className="shell__clock">{clock}</div>}
          {timer && <div className="shell__timer">{timer}</div>}
          <UserMenu user={user} onSignOut={onSignOut} />
        </div>
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
      <PhoneNav bar={phone.bar} more={phone.more} badges={badges} />
      <Toaster />
    </div>
  );
}
