import type { TimeOffAssignment } from '../../../contract/timeoff.ts';
import type { DayInfo } from '../../lib/week.ts';
import TimeOffRow from '../time-off/grid-marker.tsx';
import { DaysHeadRow } from './week-grid.tsx';

/**
 * A week with nothing logged still shows its time off: the week's days and the time-off row, above the empty
 * state. Loaded only for such a week, with the time-off row's code.
 */
export default function EmptyWeekTimeOff({
  offs,
  days,
  today,
  singleDay,
}: {
  offs: readonly TimeOffAssignment[];
  days: DayInfo[];
  today: string;
  singleDay: number | null;
}) {
  const cols = singleDay === null ? days.map((_, i) => i) : [singleDay];
  return (
    <div className="grid-scroll">
      <table aria-label="Time off this week" className={`tgrid tgrid--plain${singleDay !== null ? ' tgrid--single' : ''}`}>
        <thead>
          <DaysHeadRow days={days} cols={cols} today={today} />
        </thead>
        <tbody>
          <TimeOffRow offs={offs} days={days} single={singleDay} index={2} />
        </tbody>
      </table>
    </div>
  );
}
