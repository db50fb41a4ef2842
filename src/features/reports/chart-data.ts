import type { DashboardTrendPoint } from '../../../contract/dashboards.ts';
import { addDays, daysBetween, weekStartDate } from '../../../contract/weeks.ts';

export type TrendInterval = 'day' | 'week';

/** Ranges up to this many days are drawn per day; longer ones per week. */
export const MAX_DAILY_DAYS = 45;

export const intervalFor = (from: string, to: string): TrendInterval => (daysBetween(from, to) + 1 <= MAX_DAILY_DAYS ? 'day' : 'week');

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `4 May`. */
export const shortDate = (date: string) => `${Number(date.slice(8, 10))} ${months[Number(date.slice(5, 7)) - 1]}`;

/** One bar of a time chart: hours for the axis, seconds for exact labels. */
export interface TimeBar {
  key: string;
  label: string;
  billable: number;
  nonBillable: number;
  billableTime: number;
  nonBillableTime: number;
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;
const bar = (key: string, label: string, billableTime: number, nonBillableTime: number): TimeBar => ({
  key,
  label,
  billable: hours(billableTime),
  nonBillable: hours(nonBillableTime),
  billableTime,
  nonBillableTime,
});

/**
 * The trend's bars: one per day, or per week (starting on `weekStart`, 0 = Sunday), for the whole range,
 * days or weeks without time included as empty bars so the axis is even.
 */
export function trendBars(
  points: readonly DashboardTrendPoint[],
  range: { from: string; to: string },
  interval: TrendInterval,
  weekStart: number,
): TimeBar[] {
  const byDate = new Map(points.map((p) => [p.date, p]));
  const step = interval === 'day' ? 1 : 7;
  const first = interval === 'day' ? range.from : weekStartDate(range.from, weekStart);
  const out: TimeBar[] = [];
  for (let d = first; d <= range.to; d = addDays(d, step)) {
    const p = byDate.get(d);
    out.push(bar(d, interval === 'day' ? shortDate(d) : `Week of ${shortDate(d)}`, p?.billableTime ?? 0, p?.nonBillableTime ?? 0));
  }
  return out;
}

/** The rows a bar chart draws: the `limit` largest by time, the rest summed into one "n others" bar. */
export function rowBars<Row extends { billableTime?: number | undefined; nonBillableTime?: number | undefined; time?: number | undefined }>(
  rows: readonly Row[],
  key: (r: Row) => string,
  name: (r: Row) => string,
  limit = 12,
): TimeBar[] {
  const t = (r: Row) => r.time ?? 0;
  const sorted = [...rows].filter((r) => t(r) > 0).sort((a, b) => t(b) - t(a) || name(a).localeCompare(name(b)));
  const shown = sorted.length > limit ? sorted.slice(0, limit - 1) : sorted;
  const rest = sorted.slice(shown.length);
  const bars = shown.map((r) => bar(key(r), name(r), r.billableTime ?? 0, r.nonBillableTime ?? 0));
  if (rest.length)
    bars.push(
      bar(
        'others',
        `${rest.length} others`,
        rest.reduce((a, r) => a + (r.billableTime ?? 0), 0),
        rest.reduce((a, r) => a + (r.nonBillableTime ?? 0), 0),
      ),
    );
  return bars;
}

/** One group of the money chart, in cents (exact labels) and in money units (the axis). */
export interface MoneyBar {
  key: string;
  label: string;
  billableAmount: number;
  costs: number;
  profit: number;
}

/** The money chart: billable amount against costs and profit, the `limit` largest by billable amount or costs. */
export function moneyBars<Row extends { billableAmount?: number | undefined; costs?: number | undefined; profit?: number | undefined }>(
  rows: readonly Row[],
  key: (r: Row) => string,
  name: (r: Row) => string,
  limit = 12,
): MoneyBar[] {
  const size = (r: Row) => Math.max(r.billableAmount ?? 0, r.costs ?? 0);
  return [...rows]
    .filter((r) => size(r) > 0 || (r.profit ?? 0) !== 0)
    .sort((a, b) => size(b) - size(a) || name(a).localeCompare(name(b)))
    .slice(0, limit)
    .map((r) => ({ key: key(r), label: name(r), billableAmount: r.billableAmount ?? 0, costs: r.costs ?? 0, profit: r.profit ?? 0 }));
}
