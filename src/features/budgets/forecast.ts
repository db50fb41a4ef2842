/**
 * The burn of a budget in its current period and where it heads at the current pace: pure arithmetic on
 * whole calendar days (contract/weeks.ts), so the chart, the sentence under it and the tests agree on every date.
 */
import { addDays, daysBetween } from '../../../contract/weeks.ts';

export interface UsageInput {
  /** The budget in its unit (cents or seconds). */
  budget: number;
  /** First day of the period (null when nothing was used yet in an open general budget). */
  from: string | null;
  /** Last day of the period; null when it never ends. */
  to: string | null;
  today: string;
  /** Counted once, at the start (fixed fees). */
  fees: number;
  days: readonly { date: string; used: number }[];
}

export interface BurnPoint {
  date: string;
  /** Used up to and including this day; null after today. */
  used: number | null;
  /** The forecast line at the current pace: from today on (null before). */
  forecast: number | null;
}

export type Forecast =
  /** Nothing used yet, or the period has not begun: no pace to go by. */
  | { kind: 'no-pace' }
  /** Already used the whole budget; `on` is the day the total first reached it. */
  | { kind: 'over'; on: string }
  /** At this pace the budget is used up on `on` (within the period, or ever for a general budget). */
  | { kind: 'runs-out'; on: string; daysLeft: number }
  /** At this pace the period ends with `projected` used (under the budget). */
  | { kind: 'within'; projected: number }
  /**
   * A budget that never ends lasts beyond the horizon (a year from today) at this pace: `projected` is used
   * by `until`. A far date would read as a promise (a fixed fee that fills most of a money budget leaves only
   * expenses to pace it), so none is named.
   */
  | { kind: 'lasts'; until: string; projected: number };

export interface BurnSummary {
  used: number;
  /** Average use per calendar day from the period's start to today (both counted). */
  pace: number;
  /** Calendar days from the period's start to today, both counted. */
  elapsedDays: number;
  forecast: Forecast;
  points: BurnPoint[];
}

export { addDays, daysBetween };

/** Chart points of a general budget past today: far enough to show where it runs out, at most a year (the forecast's horizon). */
const OPEN_HORIZON_DAYS = 366;

/**
 * Burn so far and the forecast. The pace is the average use per calendar day since the period began (today
 * included, weekends too), fixed fees left out: they count once, at the start, and do not recur. The forecast
 * assumes the pace holds every day from tomorrow on, with no other change (rates, fees or expenses), and
 * looks at most a year ahead for a budget that never ends.
 */
export function burn(input: UsageInput): BurnSummary {
  const { budget, to, today, fees } = input;
  const from = input.from;
  if (!from || from > today) {
    return { used: fees, pace: 0, elapsedDays: 0, forecast: { kind: 'no-pace' }, points: [] };
  }
  const byDay = new Map<string, number>();
  for (const d of input.days) if (d.date >= from && d.date <= today) byDay.set(d.date, (byDay.get(d.date) ?? 0) + d.used);
  const elapsedDays = daysBetween(from, today) + 1;
  const points: BurnPoint[] = [];
  let used = fees;
  let reachedOn: string | null = budget > 0 && fees >= budget ? from : null;
  for (let i = 0; i < elapsedDays; i++) {
    const date = addDays(from, i);
    used += byDay.get(date) ?? 0;
    if (reachedOn === null && used >= budget && used > 0) reachedOn = date;
    points.push({ date, used: round(used), forecast: date === today ? round(used) : null });
  }
  const spent = used - fees;
  const pace = spent / elapsedDays;
  let forecast: Forecast;
  if (reachedOn) forecast = { kind: 'over', on: reachedOn };
  else if (pace <= 0) forecast = { kind: 'no-pace' };
  else {
    const daysLeft = Math.ceil((budget - used) / pace);
    const on = addDays(today, daysLeft);
    if (to && on > to) forecast = { kind: 'within', projected: round(used + pace * daysBetween(today, to)) };
    else if (!to && daysLeft > OPEN_HORIZON_DAYS)
      forecast = { kind: 'lasts', until: addDays(today, OPEN_HORIZON_DAYS), projected: round(used + pace * OPEN_HORIZON_DAYS) };
    else forecast = { kind: 'runs-out', on, daysLeft };
  }
  // The forecast line runs to the period's end, or (open budgets) a little past the day it runs out, at most the horizon.
  const horizon =
    forecast.kind === 'runs-out' ? Math.ceil(forecast.daysLeft * 1.1) + 1 : forecast.kind === 'lasts' ? OPEN_HORIZON_DAYS : 14;
  const end = to ?? addDays(today, Math.min(OPEN_HORIZON_DAYS, horizon));
  for (let i = 1, n = daysBetween(today, end); i <= n; i++) {
    points.push({ date: addDays(today, i), used: null, forecast: pace > 0 ? round(used + pace * i) : round(used) });
  }
  return { used, pace, elapsedDays, forecast, points };
}

const round = (n: number) => Math.round(n * 100) / 100;
