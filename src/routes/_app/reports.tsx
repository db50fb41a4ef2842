import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useLocation, useNavigate } from '@tanstack/react-router';
import type { User } from '../../../contract/users.ts';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { filterChoicesQueryOptions } from '../../features/reports/api.ts';
import { tabPaths, tabsFor } from '../../features/reports/access.ts';
import { ReportsLayout } from '../../features/reports/reports-layout.tsx';
import { SavedReports } from '../../features/reports/saved-reports.tsx';
import { monthOf, parseReportSearch, type ReportSearch } from '../../features/reports/search-params.ts';
import { weekStartOf } from '../../features/shell/week-start.ts';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/_app/reports')({
  validateSearch: (raw: Record<string, unknown>): ReportSearch => parseReportSearch(raw),
  beforeLoad: async ({ context, search, location }) => {
    if (search.from && search.to) return;
    // The URL always names the range, so the link opens the same report later: this month by default.
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...search, ...monthOf(dateAtOffset(new Date(), me.timezone ?? 0)) }))
      if (v !== undefined) query.set(k, String(v));
    throw redirect({ href: `${location.pathname}?${query.toString()}`, replace: true });
  },
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (tabsFor(me.role).length) await context.queryClient.ensureQueryData(filterChoicesQueryOptions(context.api, me.role !== 'member'));
  },
  component: ReportsRoute,
});

function ReportsRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  if (tabsFor(me.role).length > 0) return <ReportsScreen me={me} />;
  return (
    <div className="page">
      <PageTitle>Reports</PageTitle>
      <h1 className="page__title">Reports</h1>
      <p>Reports are not part of your role. Ask an admin if you need to see the team’s figures.</p>
    </div>
  );
}

function ReportsScreen({ me }: { me: User }) {
  const { api } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: choices } = useSuspenseQuery(filterChoicesQueryOptions(api, me.role !== 'member'));
  const tabs = tabsFor(me.role);
  // A filter changes the figures of the tab on screen, never the tab (`/reports` alone would reopen the first).
  const tab = useLocation({ select: (l) => tabs.find((t) => l.pathname === tabPaths[t]) }) ?? tabs[0]!;
  const today = dateAtOffset(new Date(), me.timezone ?? 0);
  const weekStart = weekStartOf(me);
  return (
    <ReportsLayout
      tabs={tabs}
      actions={<SavedReports me={me} tab={tab} search={search} today={today} weekStart={weekStart} />}
      search={search}
      choices={choices}
      today={today}
      weekStart={weekStart}
      showPerson={me.role !== 'member'}
      onChange={(next) => void navigate({ to: tabPaths[tab], search: (prev) => ({ ...prev, ...next }) })}
    >
      <Outlet />
    </ReportsLayout>
  );
}
