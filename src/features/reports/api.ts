import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { downloadFile, type DownloadOptions } from '../../api/download.ts';
import { keys } from '../../api/keys.ts';
import * as clients from '../../api/operations/clients.ts';
import * as dashboards from '../../api/operations/dashboards.ts';
import * as projects from '../../api/operations/projects.ts';
import * as time from '../../api/operations/time.ts';
import * as users from '../../api/operations/users.ts';
import { paperFor } from '../../lib/paper.ts';
import { intervalFor } from './chart-data.ts';
import type { ReportTab } from './access.ts';
import { dashboardFilters, type ReportSearch } from './search.ts';

const STALE = 60_000;
const filtersOf = (s: ReportSearch) => ({ from: s.from, to: s.to, client: s.client, project: s.project, person: s.person });

/** The rows of one tab's report for the filters (`GET /dashboards/clients|projects|users`). */
export const clientsReportQueryOptions = (api: ApiClient, s: ReportSearch) =>
  queryOptions({
    queryKey: keys.dashboards.report('clients', filtersOf(s)),
    queryFn: ({ signal }) => api.call(dashboards.clients, { query: dashboardFilters(s), signal }),
    staleTime: STALE,
  });
export const projectsReportQueryOptions = (api: ApiClient, s: ReportSearch) =>
  queryOptions({
    queryKey: keys.dashboards.report('projects', filtersOf(s)),
    queryFn: ({ signal }) => api.call(dashboards.projects, { query: dashboardFilters(s), signal }),
    staleTime: STALE,
  });
export const peopleReportQueryOptions = (api: ApiClient, s: ReportSearch) =>
  queryOptions({
    queryKey: keys.dashboards.report('people', filtersOf(s)),
    queryFn: ({ signal }) => api.call(dashboards.users, { query: dashboardFilters(s), signal }),
    staleTime: STALE,
  });

const trendReport = { clients: 'clients', projects: 'projects', people: 'users' } as const;

/** The tab's time per day or week over the range (`GET /dashboards/trend`). */
export const trendQueryOptions = (api: ApiClient, tab: ReportTab, s: ReportSearch) =>
  queryOptions({
    queryKey: keys.dashboards.trend(tab, filtersOf(s)),
    queryFn: ({ signal }) =>
      api.call(dashboards.trend, {
        query: { ...dashboardFilters(s), report: trendReport[tab], interval: s.from && s.to ? intervalFor(s.from, s.to) : 'week' },
        signal,
      }),
    staleTime: STALE,
  });

/** What the filters offer: clients, projects and people, as far as the role may read them. */
export const filterChoicesQueryOptions = (api: ApiClient, manager: boolean) =>
  queryOptions({
    queryKey: ['reports', 'choices', manager] as const,
    queryFn: async ({ signal }) => {
      const [c, p, u] = await Promise.all([
        api.call(clients.list, { signal }).catch(() => []),
        api.call(projects.list, { signal }),
        manager ? api.call(users.teamUsers, { signal }) : Promise.resolve([]),
      ]);
      return {
        clients: c.map((x) => ({ id: x.id, name: x.name })),
        projects: p.map((x) => ({ id: x.id, name: x.name, clientId: x.client ?? null })),
        people: u.map((x) => ({ id: x.id, name: x.name })),
      };
    },
    staleTime: 5 * STALE,
  });

const exportOf = { clients: dashboards.clientsExport, projects: dashboards.projectsExport, people: dashboards.usersExport } as const;

/** A tab's table as an Excel workbook, made by the API (`GET /dashboards/{report}/export?format=xlsx`). */
export const fetchReportWorkbook = (tab: ReportTab, s: ReportSearch, opts: DownloadOptions) =>
  downloadFile(exportOf[tab].path, { ...dashboardFilters(s), format: 'xlsx' }, opts);

/** The detailed time of the range as an Excel workbook (`GET /team/time/export?format=xlsx`). */
export const fetchTimeWorkbook = (s: ReportSearch, opts: DownloadOptions) =>
  downloadFile(time.export.path, { ...timeExportQuery(s), format: 'xlsx' }, opts);

const timeExportQuery = (s: ReportSearch) => ({
  from: s.from,
  to: s.to,
  client: s.client,
  project: s.project,
  user: s.person,
  fields: 'date,user,project,task',
});

/** The detailed time of the range: one row per day, person, project and task (`GET /team/time/export`). */
export const fetchTimeExport = (api: ApiClient, s: ReportSearch) =>
  api.call(time.export, { query: timeExportQuery(s) });

/** A tab's report as a PDF document made by the API (`GET /dashboards/{report}/export?format=pdf`) on the reader's paper. */
export const fetchReportPdf = (tab: ReportTab, s: ReportSearch, opts: DownloadOptions) =>
  downloadFile(exportOf[tab].path, { ...dashboardFilters(s), format: 'pdf', paper: paperFor(navigator.language) }, opts);
