import type { Role } from '../../../contract/users.ts';
import { canSee, roundHalfUp, roundingChanges, type FigureRow, type MetricKey } from '../../../contract/report-columns.ts';

export type { FigureRow };

export interface Headline {
  time: number;
  billableTime: number;
  /** Present when billing rounding changes the report: the rounded figures, shown first. */
  rounded?: { time: number; billableTime: number; billableAmount?: number };
  /** Billable time as a whole percent of all time. */
  billableShare: number;
  billableAmount?: number;
  costs?: number;
  profit?: number;
  /** Profit as a whole percent of costs (0 without costs). */
  returnOnCosts?: number;
}

/** The figures above the charts: total and billable time with its share, then money as the role allows. */
export function headlineOf(rows: readonly FigureRow[], role: Role): Headline {
  const sum = (k: MetricKey) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
  const time = sum('time');
  const billableTime = sum('billableTime');
  const out: Headline = { time, billableTime, billableShare: time ? roundHalfUp((billableTime * 100) / time) : 0 };
  if (canSee(role, 'money')) out.billableAmount = sum('billableAmount');
  if (roundingChanges(rows)) {
    out.rounded = { time: sum('roundedTime'), billableTime: sum('roundedBillableTime') };
    if (canSee(role, 'money')) out.rounded.billableAmount = sum('roundedBillableAmount');
  }
  if (canSee(role, 'costs')) {
    out.costs = sum('costs');
    out.profit = sum('profit');
    out.returnOnCosts = out.costs ? roundHalfUp((out.profit * 100) / out.costs) : 0;
  }
  return out;
}
