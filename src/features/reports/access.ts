import type { Role } from '../../../contract/users.ts';

import type { ReportTab } from '../../../contract/report-columns.ts';

export type { ReportTab };

/** Each tab's route. */
export const tabPaths = { clients: '/reports/clients', projects: '/reports/projects', people: '/reports/people' } as const;

/** Tabs `role` may open: members only their own time on People; limited members none. */
export function tabsFor(role: Role): ReportTab[] {
  if (role === 'admin' || role === 'supervisor') return ['clients', 'projects', 'people'];
  if (role === 'member') return ['people'];
  return [];
}
