import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { dateAtOffset } from '../../../../contract/weeks.ts';
import { useApi } from '../../../api/context.ts';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { teamUsersQueryOptions, teamWeekQueryOptions } from '../../../features/approvals/api.ts';
import { ApprovalsTabs } from '../../../features/approvals/approvals-tabs.tsx';
import { ManagersOnly } from '../../../features/approvals/managers-only.tsx';
import { MemberWeek } from '../../../features/approvals/member-week.tsx';
import { TeamWeekPage } from '../../../features/approvals/team-week-page.tsx';
import { parseWeekParam, weekOfDate } from '../../../lib/week.ts';
import { NotAllowed } from '../../../ui/not-allowed.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { positiveId } from '../../../lib/positive-id.ts';

export interface TeamWeekSearch {
  week?: number | undefined;
  /** A member whose week an admin edits in the grid. */
  person?: number | undefined;
}

export const Route = createFileRoute('/_app/approvals/team')({
  validateSearch: (raw: Record<string, unknown>): TeamWeekSearch => {
    const out: TeamWeekSearch = { week: parseWeekParam(raw.week) };
    const person = positiveId(raw.person);
    if (person !== undefined) out.person = person;
    return out;
  },
  loaderDeps: ({ search }) => ({ week: search.week }),
  // Everyone's week is asked for while the page's code downloads (the loader is a chunk of its own).
  loader: async ({ context, deps }) => {
    void context.queryClient.prefetchQuery(teamUsersQueryOptions(context.api));
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    const weekId = deps.week ?? weekOfDate(dateAtOffset(new Date(), me.timezone ?? 0), me.team?.weekStart ?? 1);
    if (me.role === 'admin' || me.role === 'supervisor') void context.queryClient.prefetchQuery(teamWeekQueryOptions(context.api, weekId));
    return me;
  },
  component: TeamWeekRoute,
});

function TeamWeekRoute() {
  const api = useApi();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const edit = useCallback((person: number) => void navigate({ search: (s) => ({ ...s, person }) }), [navigate]);
  if (me.role !== 'admin' && me.role !== 'supervisor') return <ManagersOnly what="Approvals" />;
  const weekStart = me.team?.weekStart ?? 1;
  const today = dateAtOffset(new Date(), me.timezone ?? 0);
  const thisWeek = weekOfDate(today, weekStart);
  const weekId = search.week ?? thisWeek;
  const openApproval = (id: number) => void navigate({ to: '/approvals', search: { open: id } });
  if (search.person !== undefined) {
    if (me.role !== 'admin') {
      return (
        <>
          <PageTitle>Team week</PageTitle>
          <ApprovalsTabs />
          <NotAllowed action="change another person’s time" because="only admins edit others’ time">
            <Link to="/approvals/team" search={{ week: weekId }}>
              Back to the team week
            </Link>
          </NotAllowed>
        </>
      );
    }
    return (
      <>
        <PageTitle>Edit a member’s week</PageTitle>
        <ApprovalsTabs />
        <MemberWeek
          editorId={me.id}
          userId={search.person}
          weekId={weekId}
          weekStart={weekStart}
          thisWeek={thisWeek}
          today={today}
          onWeekChange={(week) => void navigate({ search: { week, person: search.person } })}
          onBack={() => void navigate({ search: { week: weekId } })}
          onOpenApproval={openApproval}
        />
      </>
    );
  }
  return (
    <>
      <PageTitle>Team week</PageTitle>
      <ApprovalsTabs />
      <TeamWeekPage
        weekId={weekId}
        thisWeek={thisWeek}
        weekStart={weekStart}
        onWeekChange={(week) => void navigate({ search: { week } })}
        onOpen={openApproval}
        onEdit={me.role === 'admin' ? edit : undefined}
      />
    </>
  );
}
