import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { dateAtOffset } from '../../../../contract/weeks.ts';
import { useApi } from '../../../api/context.ts';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { ApprovalsTabs } from '../../../features/review/approvals-tabs.tsx';
import { ManagersOnly } from '../../../features/review/managers-only.tsx';
import { TeamWeekPage } from '../../../features/review/team-week-page.tsx';
import { parseWeekParam, weekOfDate } from '../../../lib/week.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { RouteError } from '../../-components/route-error.tsx';

export const Route = createFileRoute('/_app/approvals/team')({
  validateSearch: (raw: Record<string, unknown>): { week?: number | undefined } => ({ week: parseWeekParam(raw.week) }),
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
  errorComponent: RouteError,
  component: TeamWeekRoute,
});

function TeamWeekRoute() {
  const api = useApi();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (me.role !== 'admin' && me.role !== 'supervisor') return <ManagersOnly what="Approvals" />;
  const weekStart = me.team?.weekStart ?? 1;
  const thisWeek = weekOfDate(dateAtOffset(new Date(), me.timezone ?? 0), weekStart);
  return (
    <>
      <PageTitle>Team week</PageTitle>
      <ApprovalsTabs />
      <TeamWeekPage
        weekId={search.week ?? thisWeek}
        thisWeek={thisWeek}
        weekStart={weekStart}
        onWeekChange={(week) => void navigate({ search: { week } })}
        onOpen={(id) => void navigate({ to: '/approvals', search: { open: id } })}
      />
    </>
  );
}
