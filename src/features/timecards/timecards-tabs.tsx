import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import s from './timecards-tabs.module.css';

/** Week and Today: the two views of Timecards for admins and supervisors. */
export function TimecardsTabs() {
  const active = { 'aria-current': 'page', className: `${s.tab} ${s.tabActive}` } as const;
  return (
    <nav className={s.tabs} aria-label="Timecards">
      <Link to="/timecards" className={s.tab} activeOptions={{ exact: true, includeSearch: false }} activeProps={active}>
        Week
      </Link>
      <Link to="/timecards/today" className={s.tab} activeOptions={{ includeSearch: false }} activeProps={active}>
        Today
      </Link>
    </nav>
  );
}

/** The admins' and supervisors' bar above Timecards: the two views, and what else the view offers (the member picker). */
export function TimecardsToolbar({ children }: { children?: ReactNode }) {
  return (
    <div className={s.toolbar}>
      <TimecardsTabs />
      {children}
    </div>
  );
}
