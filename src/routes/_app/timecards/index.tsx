import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { dateAtOffset } from '../../../../contract/weeks.ts';
import { useApi } from '../../../api/context.ts';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { weekStartOf } from '../../../features/shell/week-start.ts';
import { teamQueryOptions } from '../../../features/team/api.ts';
import { timecardsQueryOptions } from '../../../features/timecards/api.ts';
import { MemberPicker } from '../../../features/timecards/member-picker.tsx';
import { TimecardsPage } from '../../../features/timecards/timecards-page.tsx';
import { TimecardsToolbar } from '../../../features/timecards/timecards-tabs.tsx';
import { weekTimesheetQueryOptions } from '../../../features/timesheet/api.ts';
import { WeekNav } from '../../../features/timesheet/week-nav.tsx';
import { parseWeekParam, thisWeek, weekNumberLabel, weekRange } from '../../../lib/week.ts';
import { NotAllowedPage } from '../../../ui/not-allowed.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { positiveId } from '../../../lib/positive-id.ts';

export interface TimecardsSearch {
  /** `YYWW`; always present once the route has loaded. */
  week?: number | undefined;
  /** Whose timecards (admins and supervisors); absent for the viewer's own. */
  user?: number | undefined;
}

const isManager = (role: string) => role === 'admin' || role === 'supervisor';

export const Route = createFileRoute('/_app/timecards/')({
  validateSearch: (search: Record<string, unknown>): TimecardsSearch => ({
    week: parseWeekParam(search.week),
    user: positiveId(search.user),
  }),
  loaderDeps: ({ search }) => ({ week: search.week, user: search.user }),
  // A chunk of its own, so the week is asked for while the page's code downloads; without a week in the URL it
  // sends the user to this week (the link then opens the same week later).
  loader: async ({ context, deps }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (deps.week === undefined)
      throw redirect({
        to: '/timecards',
        search: { week: thisWeek(new Date(), me.timezone ?? 0, weekStartOf(me)), user: deps.user },
        replace: true,
      });
    const userId = deps.user ?? me.id;
    if (userId !== me.id && !isManager(me.role)) return;
    const weekId = parseWeekParam(deps.week)!;
    const { from, to } = weekRange(weekId, weekStartOf(me));
    // The week's tracked time beside the cards: asked for now, not after the page draws.
    void context.queryClient.prefetchQuery(weekTimesheetQueryOptions(context.api, userId, weekId));
    await Promise.all([
      context.queryClient.ensureQueryData(timecardsQueryOptions(context.api, userId, from, to)),
      // Names for the picker, the heading and the history, at first paint for the people who pick.
      isManager(me.role) ? context.queryClient.ensureQueryData(teamQueryOptions(context.api)) : undefined,
    ]);
  },
  component: TimecardsRoute,
});

/** The week's timecards beside the week's tracked time and time off from the timesheet; admins and supervisors pick whose. */
function TimecardsRoute() {
  const api = useApi();
  const navigate = useNavigate();
  const search = Route.useSearch();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const manager = isManager(me.role);
  const userId = search.user ?? me.id;
  const own = userId === me.id;
  const weekStart = weekStartOf(me);
  const weekId = parseWeekParam(search.week)!;
  const { data: team } = useQuery(teamQueryOptions(api));
  const person = team?.find((u) => u.id === userId);
  const tz = (own ? me.timezone : person?.timezone) ?? me.timezone ?? 0;
  // The loader asked for it on this navigation: not asked again as the page mounts.
  const { data: timesheet } = useQuery({ ...weekTimesheetQueryOptions(api, userId, weekId), enabled: own || manager, refetchOnMount: false });
  const go = (s: TimecardsSearch) =>
    void navigate({ to: '/timecards', search: { week: s.week, user: s.user === me.id ? undefined : s.user } });

  if (!own && !manager) {
    return (
      <NotAllowedPage
        title="Timecards"
        action="open another person's timecards"
        because="only admins and supervisors see the team's timecards"
      >
        <Link to="/timecards">Back to your timecards</Link>
      </NotAllowedPage>
    );
  }
  const names = new Map(team?.map((u) => [u.id, u.name]));
  const nameOf = (id: number) => (id === me.id ? `${names.get(id) ?? me.name} (you)` : (names.get(id) ?? `user ${id}`));
  const personName = own ? undefined : (person?.name ?? `user ${userId}`);
  return (
    <>
      <PageTitle>{`Timecards, ${personName ? `${personName}, ` : ''}${weekNumberLabel(weekId)}`}</PageTitle>
      <TimecardsPage
        key={`${userId}-${weekId}`}
        userId={userId}
        weekId={weekId}
        weekStart={weekStart}
        today={dateAtOffset(new Date(), tz)}
        tracked={timesheet === undefined ? null : (timesheet?.dailyTime.reduce((sum, d) => sum + d.time, 0) ?? 0)}
        timeOff={timesheet?.timeOffAssignments ?? []}
        autoLocks={timesheet?.autoLocks ?? []}
        weekNav={
          <WeekNav
            weekId={weekId}
            weekStart={weekStart}
            thisWeekId={thisWeek(new Date(), tz, weekStart)}
            onChange={(week) => go({ week, user: userId })}
          />
        }
        tools={
          manager && (
            <TimecardsToolbar>
              <MemberPicker members={team ?? []} meId={me.id} value={userId} onChange={(user) => go({ week: weekId, user })} />
            </TimecardsToolbar>
          )
        }
        personName={personName}
        readOnlyReason={own || me.role === 'admin' ? null : "Read-only: supervisors see the team's timecards; only admins change them."}
        nameOf={nameOf}
      />
    </>
  );
}
