import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { shortDate } from './chart-data.ts';
import { tabPaths, type ReportTab } from './access.ts';
import { FilterBar, type FilterBarProps } from './filter-bar.tsx';
import styles from './reports.module.css';

export const tabLabels: Record<ReportTab, string> = { clients: 'Clients', projects: 'Projects', people: 'People' };

export interface ReportsLayoutProps extends FilterBarProps {
  tabs: readonly ReportTab[];
  /** Beside the title: the saved reports. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The reports screen around a tab: its title and range, the tabs (links that keep the filters), the filters. */
export function ReportsLayout({ tabs, actions, children, ...filters }: ReportsLayoutProps) {
  const { from, to } = filters.search;
  return (
    <div className={`page ${styles.reports}`}>
      <header className={`page__header ${styles.header}`}>
        <div>
          <h1 className="page__title">Reports</h1>
          {from && to && (
            <p className="page__subtitle">
              {shortDate(from)} {from.slice(0, 4)} to {shortDate(to)} {to.slice(0, 4)}
            </p>
          )}
        </div>
        {actions}
      </header>
      {tabs.length > 1 && (
        <nav aria-label="Report tabs" className={styles.tabs}>
          {tabs.map((tab) => (
            <Link
              key={tab}
              to={tabPaths[tab]}
              from="/reports"
              search={(prev) => ({ ...prev, sort: undefined })}
              className={styles.tab}
              activeProps={{ 'aria-current': 'page', className: `${styles.tab} ${styles.active}` }}
            >
              {tabLabels[tab]}
            </Link>
          ))}
        </nav>
      )}
      <FilterBar {...filters} />
      {children}
    </div>
  );
}
