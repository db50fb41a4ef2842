export type { ReportTab } from '../../../contract/report-tabs.ts';

/** Each tab's route. */
export const tabPaths = { clients: '/reports/clients', projects: '/reports/projects', people: '/reports/people' } as const;

/** Tabs a role may open: members only their own time on People; limited members none. */
export { reportTabsFor as tabsFor } from '../../../contract/report-tabs.ts';
