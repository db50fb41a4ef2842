import type { Role } from './users.ts';

/** The three report tabs (the People tab is the API's `users` report). */
export const reportTabs = ['clients', 'projects', 'people'] as const;
export type ReportTab = (typeof reportTabs)[number];

/** Tabs `role` may open: members only their own time on People; limited members none. */
export function reportTabsFor(role: Role): ReportTab[] {
  if (role === 'admin' || role === 'supervisor') return [...reportTabs];
  if (role === 'member') return ['people'];
  return [];
}
