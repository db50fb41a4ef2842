import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { weekRecordsQueryOptions, weekTimesheetQueryOptions } from '../../features/timesheet/api.ts';
import { TimesheetSkeleton } from '../../features/timesheet/timesheet-skeleton.tsx';
import { parseWeekParam, thisWeek, weekRange } from '../../lib/week.ts';
import { knownUser, rememberUser, type KnownUser } from '../-components/known-user.ts';
import { RouteError } from '../-components/route-error.tsx';
import { TimesheetRoute } from './-timesheet-route.tsx';

export interface TimesheetSearch {
  /** `YYWW`; always present once the route has loaded. */
  week?: number | undefined;
}

export const Route = createFileRoute('/_app/timesheet')({
  // The home screen ships with the app (no second round trip before the grid); its error screen loads on demand.
  codeSplitGroupings: [['errorComponent']],
  validateSearch: (search: Record<string, unknown>): TimesheetSearch => {
    const week = parseWeekParam(search.week);
    return { week };
  },
  beforeLoad: async ({ context, search }) => {
    if (search.week !== undefined) return;
    // The URL always names the week: fill in this week for the user's time zone and week start (as the
    // last visit knew them, so the redirect need not wait for /users/me).
    const me = knownUser() ?? rememberUser(await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)));
    const week = thisWeek(new Date(), me.timezone, me.weekStart);
    throw redirect({ to: '/timesheet', search: { week }, replace: true });
  },
  loaderDeps: ({ search }) => ({ week: search.week }),
  loader: async ({ context, deps }) => {
    const { queryClient, api } = context;
    const weekId = parseWeekParam(deps.week)!;
    const loadWeek = (u: KnownUser) => {
      const { from, to } = weekRange(weekId, u.weekStart);
      return Promise.all([
        queryClient.ensureQueryData(weekRecordsQueryOptions(api, u.id, from, to)),
        queryClient.ensureQueryData(weekTimesheetQueryOptions(api, u.id, weekId)),
      ]);
    };
    // The week's requests start with /users/me when the last visit knew the user; a wrong guess is only wasted.
    const guess = knownUser();
    const early = guess ? loadWeek(guess).catch(() => undefined) : null;
    const me = rememberUser(await queryClient.ensureQueryData(currentUserQueryOptions(api)));
    // The same queries as the guess's when it was right: they are awaited, not sent again.
    await Promise.all([early, loadWeek(me)]);
  },
  pendingComponent: TimesheetSkeleton,
  errorComponent: RouteError,
  component: TimesheetRoute,
});
