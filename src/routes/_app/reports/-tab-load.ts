import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { tabsFor, type ReportTab } from '../../../features/reports/access.ts';
import {
  clientsReportQueryOptions,
  peopleReportQueryOptions,
  projectsReportQueryOptions,
  trendQueryOptions,
} from '../../../features/reports/api.ts';
import { plots } from '../../../features/reports/lazy-plots.tsx';
import type { ReportSearch } from '../../../features/reports/search.ts';
import { perfEnabled } from '../../../lib/perf.ts';

const reports = { clients: clientsReportQueryOptions, projects: projectsReportQueryOptions, people: peopleReportQueryOptions };

/** A tab's rows and trend, fetched together before it draws (nothing for a role without the tab). */
export async function loadTab(context: { queryClient: QueryClient; api: ApiClient }, tab: ReportTab, search: ReportSearch) {
  // The charts' code (recharts) downloads while the figures are asked for; the table does not wait for it.
  void plots.load();
  const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
  if (!tabsFor(me.role).includes(tab)) return;
  const report = reports[tab](context.api, search) as ReturnType<typeof clientsReportQueryOptions>;
  await Promise.all([
    context.queryClient.ensureQueryData(report),
    context.queryClient.ensureQueryData(trendQueryOptions(context.api, tab, search)),
  ]);
  // The benchmark times the charts from here (bench/web-reports.ts).
  if (perfEnabled()) performance.mark('tk-report-data');
}
