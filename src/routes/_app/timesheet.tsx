import type { QueryKey } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { weekRecordsQueryOptions, weekTimesheetQueryOptions } from '../../features/timesheet/api.ts';
import { TimesheetSkeleton } from '../../features/timesheet/timesheet-skeleton.tsx';
import { parseWeekParam, thisWeek, weekRange } from '../../lib/week.ts';
import { knownUser, rememberUser, type KnownUser } from '../-components/known-user.ts';
import type { RouterContext } from '../__root.tsx';
import { TimesheetRoute } from './-timesheet-route.tsx';

/**
 * The week's records and timesheet in the cache. For a user id, what was asked for the same week as `me` (a
 * first visit, before /users/me answered) is taken over instead of asked again.
 */
async function loadWeek({ queryClient, api }: RouterContext, user: Pick<KnownUser, 'weekStart'> & { id: number | 'me' }, weekId: number) {
  const { from, to } = weekRange(weekId, user.weekStart);
  const take = async <T,>(mine: { queryKey: QueryKey }, theirs: { queryKey: QueryKey }, ensure: () => Promise<T>) => {
    if (user.id !== 'me' && queryClient.getQueryState(mine.queryKey)) {
      try {
        queryClient.setQueryData(theirs.queryKey, await queryClient.ensureQueryData(mine as never));
      } catch {
        // Asked again below.
      }
      queryClient.removeQueries({ queryKey: mine.queryKey, exact: true });
    }
    return ensure();
  };
  const records = weekRecordsQueryOptions(api, user.id, from, to);
  const timesheet = weekTimesheetQueryOptions(api, user.id, weekId);
  return Promise.all([
    take(weekRecordsQueryOptions(api, 'me', from, to), records, () => queryClient.ensureQueryData(records)),
    take(weekTimesheetQueryOptions(api, 'me', weekId), timesheet, () => queryClient.ensureQueryData(timesheet)),
  ]);
}

/** A first visit's guess at the user: this browser's time zone, weeks from Monday (the default). */
const firstVisit = () => ({ id: 'me' as const, timezone: -new Date().getTimezoneOffset() / 60, weekStart: 1 });

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
    let me = knownUser();
    if (!me) {
      // A first visit: this browser's week is asked for as `me` alongside /users/me; the loader takes it over
      // when the user's own time zone and week start name the same week.
      const guess = firstVisit();
      void loadWeek(context, guess, thisWeek(new Date(), guess.timezone, guess.weekStart)).catch(() => undefined);
      me = rememberUser(await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)));
    }
    const week = thisWeek(new Date(), me.timezone, me.weekStart);
    throw redirect({ to: '/timesheet', search: { week }, replace: true });
  },
  loaderDeps: ({ search }) => ({ week: search.week }),
  loader: async ({ context, deps }) => {
    const { queryClient, api } = context;
    const weekId = parseWeekParam(deps.week)!;
    // The week's requests start with /users/me (for the user the last visit knew, or as `me` on a first
    // visit); a wrong guess is only wasted.
    const early = loadWeek(context, knownUser() ?? firstVisit(), weekId).catch(() => undefined);
    const me = rememberUser(await queryClient.ensureQueryData(currentUserQueryOptions(api)));
    // The same queries as the guess's when it was right: they are awaited or taken over, not sent again.
    await Promise.all([early, loadWeek(context, me, weekId)]);
    // A first visit's guess that named another week is not kept.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[1] === 'me' && (q.queryKey[0] === 'time' || q.queryKey[0] === 'timesheets') });
  },
  pendingComponent: TimesheetSkeleton,
  component: TimesheetRoute,
});
