import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ApiClient } from '../../api/client.ts';
import type { Role } from '../../../contract/users.ts';
import {
  clientsReportQueryOptions,
  fetchTimeExport,
  peopleReportQueryOptions,
  projectsReportQueryOptions,
  trendQueryOptions,
} from './api.ts';
import { nameColumns } from '../../../contract/report-columns.ts';
import { detailedTimeCsv } from '../../../contract/report-csv.ts';
import type { NameColumn, ReportRow } from './report-table.tsx';
import { ReportView } from './report-view.tsx';
import type { ReportSearch } from './search.ts';

export interface ReportTabProps {
  api: ApiClient;
  role: Role;
  search: ReportSearch;
  weekStart: number;
  onSearch: (next: Partial<ReportSearch>) => void;
  /** Opens another tab with these filters changed (drill down). */
  onDrill: (tab: 'projects' | 'people', next: Partial<ReportSearch>) => void;
}

const empty = <p>No time or expenses match these filters. Try another period, or choose all clients, projects and people.</p>;

function useTrend(props: ReportTabProps, tab: 'clients' | 'projects' | 'people') {
  return useSuspenseQuery(trendQueryOptions(props.api, tab, props.search)).data;
}

const shared = (props: ReportTabProps) => ({
  role: props.role,
  search: props.search,
  weekStart: props.weekStart,
  onSearch: props.onSearch,
  detailedCsv: async () => detailedTimeCsv(await fetchTimeExport(props.api, props.search)),
  empty,
});

/** Clients: each opens the Projects tab filtered to it. */
export function ClientsReport(props: ReportTabProps) {
  const { data } = useSuspenseQuery(clientsReportQueryOptions(props.api, props.search));
  const trend = useTrend(props, 'clients');
  const rows: ReportRow[] = data.map((r) => ({ ...r, key: String(r.clientId), name: r.clientName }));
  const toProjects = (r: ReportRow) => ({ client: Number(r.key), project: undefined, sort: undefined });
  const names: NameColumn[] = [
    {
      ...nameColumns.clients[0],
      text: (r) => r.name,
      cell: (r) => (
        <Link from="/reports" to="/reports/projects" search={(prev) => ({ ...prev, ...toProjects(r) })}>
          {r.name}
        </Link>
      ),
    },
  ];
  return (
    <ReportView
      tab="clients"
      {...shared(props)}
      rows={rows}
      names={names}
      trend={trend}
      drill={{ open: (r) => props.onDrill('projects', toProjects(r)), hint: 'opens its projects' }}
    />
  );
}

/** Projects, with their client: each opens the People tab filtered to it. */
export function ProjectsReport(props: ReportTabProps) {
  const { data } = useSuspenseQuery(projectsReportQueryOptions(props.api, props.search));
  const trend = useTrend(props, 'projects');
  const rows: ReportRow[] = data.map((r) => ({ ...r, key: r.projectId, name: r.projectName, client: r.clientName ?? '' }));
  const toPeople = (r: ReportRow) => ({ project: r.key, sort: undefined });
  const names: NameColumn[] = [
    {
      ...nameColumns.projects[0],
      text: (r) => r.name,
      cell: (r) => (
        <Link from="/reports" to="/reports/people" search={(prev) => ({ ...prev, ...toPeople(r) })}>
          {r.name}
        </Link>
      ),
    },
    { ...nameColumns.projects[1], text: (r) => r.client ?? '' },
  ];
  return (
    <ReportView
      tab="projects"
      {...shared(props)}
      rows={rows}
      names={names}
      trend={trend}
      drill={{ open: (r) => props.onDrill('people', toPeople(r)), hint: 'opens its people' }}
    />
  );
}

/** People: everyone for managers, only themselves for members. */
export function PeopleReport(props: ReportTabProps) {
  const { data } = useSuspenseQuery(peopleReportQueryOptions(props.api, props.search));
  const trend = useTrend(props, 'people');
  const rows: ReportRow[] = data.map((r) => ({ ...r, key: String(r.memberId), name: r.memberName }));
  const names: NameColumn[] = [{ ...nameColumns.people[0], text: (r) => r.name }];
  return <ReportView tab="people" {...shared(props)} rows={rows} names={names} trend={trend} />;
}
