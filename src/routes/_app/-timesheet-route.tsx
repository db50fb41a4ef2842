import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { LazyApprovalBar } from '../../features/week-submission/lazy-approval-bar.tsx';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { weekStartOf } from '../../features/shell/week-start.ts';
import { elapsedOf } from '../../features/timer/api.ts';
import { useNow, useTimer } from '../../features/timer/use-timer.ts';
import { TimesheetPage } from '../../features/timesheet/timesheet-page.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { parseWeekParam, thisWeek, weekLabel, weekNumberLabel } from '../../lib/week.ts';

const route = getRouteApi('/_app/timesheet');

/** The home screen: the week's grid, its approval, and the timer, composed from their features. */
export function TimesheetRoute() {
  const api = useApi();
  const search = route.useSearch();
  const navigate = useNavigate();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const weekStart = weekStartOf(me);
  const weekId = parseWeekParam(search.week)!;
  const tz = me.timezone ?? 0;
  const { data, running, start, stop } = useTimer();
  const now = useNow(running !== null);
  const today = dateAtOffset(new Date(now), tz);

  return (
    <>
      <PageTitle>{`${weekNumberLabel(weekId)}, ${weekLabel(weekId, weekStart)}`}</PageTitle>
      <TimesheetPage
        key={weekId}
        user={{ id: me.id, name: me.name, canReadClients: me.role !== 'member_limited' }}
        weekId={weekId}
        weekStart={weekStart}
        today={today}
        thisWeekId={thisWeek(new Date(now), tz, weekStart)}
        onWeekChange={(w) => void navigate({ to: '/timesheet', search: { week: w } })}
        renderApproval={(timesheet, days) => (
          <LazyApprovalBar timesheet={timesheet} userId={me.id} weekId={weekId} days={days} />
        )}
        timer={running ? { taskId: running.task?.id ?? null, elapsed: elapsedOf(data, now) } : null}
        onStartTimer={(task) => start.mutate(task)}
        onStopTimer={() => stop.mutate()}
      />
    </>
  );
}
