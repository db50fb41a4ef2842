import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useApi } from '../../../api/context.ts';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { ManagersOnly } from '../../../features/approvals/managers-only.tsx';
import { weekStartOf } from '../../../features/shell/week-start.ts';
import { teamQueryOptions } from '../../../features/team/api.ts';
import { teamTodayQueryOptions } from '../../../features/timecards/api.ts';
import { TeamTodayPage } from '../../../features/timecards/team-today-page.tsx';
import { TimecardsToolbar } from '../../../features/timecards/timecards-tabs.tsx';
import { weekOfDate } from '../../../lib/week.ts';
import { PageTitle } from '../../../ui/page-title.tsx';

export const Route = createFileRoute('/_app/timecards/today')({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (me.role === 'admin' || me.role === 'supervisor')
      await Promise.all([context.queryClient.ensureQueryData(teamTodayQueryOptions(context.api)), context.queryClient.ensureQueryData(teamQueryOptions(context.api))]);
  },
  component: TeamTodayRoute,
});

function TeamTodayRoute() {
  const api = useApi();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const { data: team } = useQuery(teamQueryOptions(api));
  if (me.role !== 'admin' && me.role !== 'supervisor') return <ManagersOnly what="Today" />;
  const names = new Map(team?.map((u) => [u.id, u.name]));
  return (
    <>
      <PageTitle>Today, timecards</PageTitle>
      <TeamTodayPage
        nameOf={(id) => names.get(id) ?? (id === me.id ? me.name : `user ${id}`)}
        weekOf={(date) => weekOfDate(date, weekStartOf(me))}
        tools={<TimecardsToolbar />}
      />
    </>
  );
}
