import type { Role } from '../../../contract/users.ts';
import { canSee, type FigureColumn, type MetricKey } from './columns.ts';

export type FigureRow = Partial<Record<MetricKey, number>>;

const roundHalfUp = (x: number) => Math.floor(x + 0.5);

/**
 * The totals row of a table: each sum of the rows, and each percent worked out again from the sums
 * (the share by timer weighted by time; the return on costs from total profit and costs).
 */
export function totalsOf(rows: readonly FigureRow[], columns: readonly FigureColumn[]): FigureRow {
  const sum = (k: MetricKey) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
  const out: FigureRow = {};
  for (const c of columns) out[c.key] = sum(c.key);
  if ('timerTimePc' in out) {
    const time = sum('time');
    out.timerTimePc = time ? roundHalfUp(rows.reduce((a, r) => a + (r.timerTimePc ?? 0) * (r.time ?? 0), 0) / time) : 0;
  }
  if ('profitCosts' in out) {
    const costs = sum('costs');
    out.profitCosts = costs ? roundHalfUp((sum('profit') * 100) / costs) : 0;
  }
  if ('timeOffDays' in out) out.timeOffDays = Math.round(sum('timeOffDays') * 100) / 100;
  return out;
}

/** Whether billing rounding changes any figure of the rows (a rule applies and rounds something). */
export const roundingChanges = (rows: readonly FigureRow[]) =>
  rows.some(
    (r) =>
      (r.roundedTime ?? r.time) !== r.time ||
      (r.roundedBillableTime ?? r.billableTime) !== r.billableTime ||
      (r.roundedBillableAmount ?? r.billableAmount) !== r.billableAmount,
  );

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
