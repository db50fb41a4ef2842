import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { weekStartOf } from '../../features/shell/week-start.ts';
import { weekRecordsQueryOptions, weekTimesheetQueryOptions } from '../../features/timesheet/api.ts';
import { TimesheetSkeleton } from '../../features/timesheet/timesheet-skeleton.tsx';
import { parseWeekParam, thisWeek, weekRange } from '../../lib/week.ts';
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
    // The URL always names the week: fill in this week for the user's time zone and week start.
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    const week = thisWeek(new Date(), me.timezone ?? 0, weekStartOf(me));
    throw redirect({ to: '/timesheet', search: { week }, replace: true });
  },
  loaderDeps: ({ search }) => ({ week: search.week }),
  loader: async ({ context, deps }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    const weekId = parseWeekParam(deps.week)!;
    const { from, to } = weekRange(weekId, weekStartOf(me));
    await Promise.all([
      context.queryClient.ensureQueryData(weekRecordsQueryOptions(context.api, me.id, from, to)),
      context.queryClient.ensureQueryData(weekTimesheetQueryOptions(context.api, me.id, weekId)),
    ]);
  },
  pendingComponent: TimesheetSkeleton,
  errorComponent: RouteError,
  component: TimesheetRoute,
});
