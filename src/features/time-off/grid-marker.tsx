import './grid-marker.css';
import { useQuery } from '@tanstack/react-query';
import type { TimeOffAssignment } from '../../../contract/timeoff.ts';
import { useApi } from '../../api/context.ts';
import { typesQueryOptions } from './api.ts';
import { periodLabel, typeName } from './labels.ts';

export interface TimeOffRowProps {
  /** The week's approved and pending time off (the timesheet's `timeOffAssignments`). */
  offs: readonly TimeOffAssignment[];
  days: readonly { date: string }[];
  /** The one day shown on a phone, else every day. */
  single: number | null;
  /** The row's place in the grid (`aria-rowindex`). */
  index: number;
}

/** The timesheet's read-only "Time off" row: on each day, the time off it holds with its type, period and status. */
export default function TimeOffRow({ offs, days, single, index }: TimeOffRowProps) {
  const api = useApi();
  const types = useQuery(typesQueryOptions(api)).data ?? [];
  const cols = single === null ? days.map((_, i) => i) : [single];
  return (
    <tr aria-rowindex={index} className="tgrid__off">
      <th scope="row" aria-colindex={1}>
        Time off
      </th>
      {cols.map((i) => {
        const date = days[i]!.date;
        const here = offs.filter((t) => t.status !== 'rejected' && t.startDate <= date && t.endDate >= date);
        return (
          <td key={date} aria-colindex={i + 2}>
            {here.map((t) => (
              <span
                key={t.id}
                className={`tgrid__offmark is-${t.status}`}
                style={{ ['--toff-color' as string]: types.find((x) => x.id === t.timeOffType)?.color ?? 'var(--text-muted)' }}
              >
                {typeName(types, t.timeOffType)}
                {t.timeOffPeriod !== 'full-day' && <span className="tgrid__offperiod">{periodLabel[t.timeOffPeriod]}</span>}
                {t.status === 'pending' && <span className="tgrid__offperiod">Pending</span>}
              </span>
            ))}
          </td>
        );
      })}
      <td aria-colindex={days.length + 2} />
    </tr>
  );
}
