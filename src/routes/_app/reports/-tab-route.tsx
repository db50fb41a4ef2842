import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext, useSearch } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { tabPaths, type ReportTab } from '../../../features/reports/access.ts';
import type { ReportSearch } from '../../../features/reports/search.ts';
import { ClientsReport, PeopleReport, ProjectsReport } from '../../../features/reports/tabs.tsx';
import { weekStartOf } from '../../../features/shell/week-start.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

const views = { clients: ClientsReport, projects: ProjectsReport, people: PeopleReport };
const titles = { clients: 'Client report', projects: 'Project report', people: 'People report' };

/** One report tab inside the reports screen: the signed-in user, the filters from the URL, navigation. */
export function ReportTabRoute({ tab }: { tab: ReportTab }) {
  const { api } = useRouteContext({ from: '/_app/reports' });
  const search = useSearch({ from: '/_app/reports' });
  const navigate = useNavigate();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const View = views[tab];
  return (
    <>
      <PageTitle>{titles[tab]}</PageTitle>
      <View
        api={api}
        role={me.role}
        search={search}
        weekStart={weekStartOf(me)}
        onSearch={(next: Partial<ReportSearch>) => void navigate({ from: '/reports', to: tabPaths[tab], search: (prev) => ({ ...prev, ...next }) })}
        onDrill={(to, next) => void navigate({ from: '/reports', to: tabPaths[to], search: (prev) => ({ ...prev, ...next }) })}
      />
    </>
  );
}
