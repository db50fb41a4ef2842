import { and, eq, gte, lte, ne } from 'drizzle-orm';
import { periodFraction } from '../../../contract/timeoff.ts';
import { addDays, daysBetween, weekdayOf } from '../../../contract/weeks.ts';
import { projectAssignments, timeOff } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { unprocessable } from '../../http/errors.ts';

/** Longest range one assignment may cover: two years. */
export const MAX_ASSIGNMENT_DAYS = 731;

/** Workdays (Monday to Friday) from `from` to `to`, in order. */
export function workdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const w = weekdayOf(d);
    if (w !== 0 && w !== 6) out.push(d);
  }
  return out;
}

const covers = (r: { startDate: string; endDate: string }, day: string) => r.startDate <= day && r.endDate >= day;
const hours = (s: number) => `${Math.round((s / 3600) * 100) / 100} h`;

/**
 * Refuses (422, naming the days) a plan of `perDay` seconds on each workday of `from`..`to` for a user whose
 * free time on some of those days is less: their weekly capacity spread over five workdays, minus time off
 * (approved or requested, by its share of a day) and minus their other project assignments.
 * Runs inside the transaction that holds the user's schedule lock.
 */
export async function checkCapacity(
  scope: Scope,
  a: { userId: number; weeklyCapacity: number; from: string; to: string; perDay: number; exceptId?: number | undefined },
) {
  const daily = a.weeklyCapacity / 5;
  const overlapping = <T extends typeof timeOff | typeof projectAssignments>(t: T) =>
    and(eq(t.userId, a.userId), lte(t.startDate, a.to), gte(t.endDate, a.from));
  const [offs, planned] = await Promise.all([
    scope.list(timeOff, overlapping(timeOff), ne(timeOff.status, 'rejected')),
    scope.list(projectAssignments, overlapping(projectAssignments), a.exceptId !== undefined ? ne(projectAssignments.id, a.exceptId) : undefined),
  ]);
  const over: { day: string; free: number }[] = [];
  for (const day of workdays(a.from, a.to)) {
    const off = offs.filter((o) => covers(o, day)).reduce((s, o) => s + daily * periodFraction[o.period], 0);
    const busy = planned.filter((p) => covers(p, day)).reduce((s, p) => s + p.secondsPerDay, 0);
    const free = Math.max(0, daily - off - busy);
    if (a.perDay > free) over.push({ day, free });
  }
  if (over.length === 0) return;
  const shown = over.slice(0, 10).map((o) => `${o.day} (${hours(o.free)} free)`);
  const more = over.length > shown.length ? ` and ${over.length - shown.length} more days` : '';
  const message = `Over capacity on ${shown.join(', ')}${more}: ${hours(a.perDay)} a day does not fit; send forceOverride to plan it anyway`;
  throw unprocessable(message, { time: [message], days: over.map((o) => o.day) });
}

/** 422 on `endDate` when a range is longer than an assignment may be. */
export function checkRange(from: string, to: string) {
  if (daysBetween(from, to) + 1 > MAX_ASSIGNMENT_DAYS) throw unprocessable('An assignment covers at most two years', { endDate: ['An assignment covers at most two years'] });
}
