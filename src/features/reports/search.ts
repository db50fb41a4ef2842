import type { ReportSearch } from './search-params.ts';

export { monthOf, parseReportSearch, sortableColumns, type ReportSearch } from './search-params.ts';

/** The dashboards' query for a report's filters. */
export const dashboardFilters = (s: ReportSearch) => ({
  'date.gte': s.from,
  'date.lte': s.to,
  clientId: s.client === undefined ? undefined : String(s.client),
  projectId: s.project,
  memberId: s.person === undefined ? undefined : String(s.person),
});
