import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { weekStartOf } from '../../features/shell/week-start.ts';
import { timecardsQueryOptions } from '../../features/timecards/api.ts';
import { TimecardsPage } from '../../features/timecards/timecards-page.tsx';
import { weekTimesheetQueryOptions } from '../../features/timesheet/api.ts';
import { WeekNav } from '../../features/timesheet/week-nav.tsx';
import { parseWeekParam, thisWeek, weekNumberLabel, weekRange } from '../../lib/week.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { RouteError } from '../-components/route-error.tsx';

export interface TimecardsSearch {
  /** `YYWW`; always present once the route has loaded. */
  week?: number | undefined;
}

export const Route = createFileRoute('/_app/timecards')({
  validateSearch: (search: Record<string, unknown>): TimecardsSearch => ({ week: parseWeekParam(search.week) }),
  beforeLoad: async ({ context, search }) => {
    if (search.week !== undefined) return;
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    throw redirect({ to: '/timecards', search: { week: thisWeek(new Date(), me.timezone ?? 0, weekStartOf(me)) }, replace: true });
  },
  loaderDeps: ({ search }) => ({ week: search.week }),
  loader: async ({ context, deps }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    const { from, to } = weekRange(parseWeekParam(deps.week)!, weekStartOf(me));
    await context.queryClient.ensureQueryData(timecardsQueryOptions(context.api, me.id, from, to));
  },
  errorComponent: RouteError,
  component: TimecardsRoute,
});

/** The week's timecards beside the week's tracked time from the timesheet, composed from both features. */
function TimecardsRoute() {
  const api = useApi();
  const navigate = useNavigate();
  const search = Route.useSearch();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const weekStart = weekStartOf(me);
  const weekId = parseWeekParam(search.week)!;
  const tz = me.timezone ?? 0;
  const { data: timesheet } = useQuery(weekTimesheetQueryOptions(api, me.id, weekId));
  const toWeek = (week: number) => void navigate({ to: '/timecards', search: { week } });
  return (
    <>
      <PageTitle>{`Timecards, ${weekNumberLabel(weekId)}`}</PageTitle>
      <TimecardsPage
        key={weekId}
        userId={me.id}
        weekId={weekId}
        weekStart={weekStart}
        today={dateAtOffset(new Date(), tz)}
        tracked={timesheet === undefined ? null : (timesheet?.dailyTime.reduce((sum, d) => sum + d.time, 0) ?? 0)}
        weekNav={<WeekNav weekId={weekId} weekStart={weekStart} thisWeekId={thisWeek(new Date(), tz, weekStart)} onChange={toWeek} />}
      />
    </>
  );
}
