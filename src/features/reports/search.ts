import type { ReportSearch } from './search-params.ts';

export { monthOf, parseReportSearch, type ReportSearch } from './search-params.ts';

/** Columns a report table sorts by (the name columns and every figure): the `sort` param names one. */
export const sortableColumns = [
  'name',
  'client',
  'time',
  'billableTime',
  'nonBillableTime',
  'timerTimePc',
  'billableAmount',
  'billableAmountTime',
  'billableAmountExpenses',
  'uninvoicedAmount',
  'expenses',
  'billableExpenses',
  'separateExpenses',
  'costs',
  'costsTime',
  'costsExpenses',
  'profit',
  'profitCosts',
  'timeOffDays',
  'timeOffTime',
  'costsTimeOff',
  'roundedTime',
  'roundedBillableTime',
  'roundedBillableAmount',
] as const;

/** The sort a report's table uses: the URL's, when it names one of the report's columns. */
export const reportSort = (sort: string | undefined) =>
  sort && (sortableColumns as readonly string[]).includes(sort.replace(/^-/, '')) ? sort : undefined;

/** The dashboards' query for a report's filters. */
export const dashboardFilters = (s: ReportSearch) => ({
  'date.gte': s.from,
  'date.lte': s.to,
  clientId: s.client === undefined ? undefined : String(s.client),
  projectId: s.project,
  memberId: s.person === undefined ? undefined : String(s.person),
});
