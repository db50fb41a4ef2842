import type { Role } from './users.ts';

/** The three report tabs (the People tab is the API's `users` report). */
export type ReportTab = 'clients' | 'projects' | 'people';

/** Tabs `role` may open: members only their own time on People; limited members none. */
export function reportTabsFor(role: Role): ReportTab[] {
  if (role === 'admin' || role === 'supervisor') return ['clients', 'projects', 'people'];
  if (role === 'member') return ['people'];
  return [];
}
