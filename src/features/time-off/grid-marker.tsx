import './grid-marker.css';
import { useQuery } from '@tanstack/react-query';
import type { TimeOffAssignment } from '../../../contract/timeoff.ts';
import { useApi } from '../../api/context.ts';
import { typesQueryOptions } from './api.ts';
import { periodLabel, typeLetter, typeName } from './labels.ts';

/** The approved and pending time off that covers `date`. */
export const timeOffOn = (offs: readonly TimeOffAssignment[], date: string) =>
  offs.filter((t) => t.status !== 'rejected' && t.startDate <= date && t.endDate >= date);

export interface DayTimeOffProps {
  /** The week's time off (the timesheet's `timeOffAssignments`). */
  offs: readonly TimeOffAssignment[];
  date: string;
}

/**
 * The read-only markers of one day's time off: the type's letter, colour and name, the period of the day,
 * and "Pending" (striped) while it waits for a decision. Shared by the timesheet grid and the timecards.
 */
export function DayTimeOff({ offs, date }: DayTimeOffProps) {
  const api = useApi();
  const types = useQuery(typesQueryOptions(api)).data ?? [];
  return timeOffOn(offs, date).map((t) => (
    <span
      key={t.id}
      className={`toff-mark is-${t.status}`}
      style={{ ['--toff-color' as string]: types.find((x) => x.id === t.timeOffType)?.color ?? 'var(--text-muted)' }}
    >
      <span className="toff-mark__letter" aria-hidden="true">
        {typeLetter(types, t.timeOffType)}
      </span>{' '}
      <span className="toff-mark__name">{typeName(types, t.timeOffType)}</span>{' '}
      <span className="toff-mark__detail">
        {periodLabel[t.timeOffPeriod]}
        {t.status === 'pending' && (
          <>
            {' '}
            <span aria-hidden="true">·</span> Pending
          </>
        )}
      </span>
    </span>
  ));
}

export interface TimeOffRowProps {
  offs: readonly TimeOffAssignment[];
  days: readonly { date: string }[];
  /** The one day shown on a phone, else every day. */
  single: number | null;
  /** The row's place in the grid (`aria-rowindex`). */
  index: number;
}

/** The timesheet's read-only "Time off" row: on each day, the time off it holds. */
export default function TimeOffRow({ offs, days, single, index }: TimeOffRowProps) {
  const cols = single === null ? days.map((_, i) => i) : [single];
  return (
    <tr aria-rowindex={index} className="tgrid__off">
      <th scope="row" aria-colindex={1}>
        Time off
      </th>
      {cols.map((i) => (
        <td key={days[i]!.date} aria-colindex={i + 2}>
          <DayTimeOff offs={offs} date={days[i]!.date} />
        </td>
      ))}
      <td aria-colindex={days.length + 2} />
    </tr>
  );
}
