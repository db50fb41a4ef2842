import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import type { Timecard } from '../../../contract/timecards.ts';
import { dateAtOffset, shiftSeconds, weekIdOf } from '../../../contract/weeks.ts';
import { timecards, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { toDateTime } from '../../lib/time.ts';
import { lockReasons } from '../timesheets/locks.ts';
import type { LockViewer } from '../timesheets/auto-lock.ts';

export type TimecardRow = typeof timecards.$inferSelect;
type Card = Pick<TimecardRow, 'date' | 'clockIn' | 'clockOut' | 'breakTime'>;

/** Seconds worked: clock-out − clock-in − break (a clock-out before the clock-in is on the next day); 0 until both are set. */
export function workTimeOf(c: Card): number {
  if (!c.clockIn || !c.clockOut) return 0;
  return Math.max(0, shiftSeconds(c.clockIn, c.clockOut) - c.breakTime);
}

/** What is wrong with a timecard, by field; null when nothing. `today` is the user's date now. */
export function timecardProblems(c: Card, today: string): Record<string, string> | null {
  const p: Record<string, string> = {};
  if (c.clockOut && !c.clockIn) p.clockIn = 'Clock-out without a clock-in';
  if (c.clockIn && !c.clockOut && c.date < today) p.clockOut = 'Clocked in but never clocked out';
  if (c.clockIn && c.clockOut && c.breakTime > shiftSeconds(c.clockIn, c.clockOut)) p.breakTime = 'Break is longer than the shift';
  if (!c.clockIn && !c.clockOut && c.breakTime > 0) p.breakTime = 'Break without a shift';
  return Object.keys(p).length ? p : null;
}

/** `HH:MM:SS` of a duration in seconds (break history). */
export const formatDuration = (s: number) =>
  [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');

/** Timecards in their wire shape, with their locks and problems. */
export async function presentTimecards(scope: Scope, rows: TimecardRow[], weekStart: number, now: Date, viewer: LockViewer | null): Promise<Timecard[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const zones = await scope.db.select({ id: users.id, timezone: users.timezone }).from(users).where(scope.where(users, inArray(users.id, userIds)));
  const today = new Map(zones.map((z) => [z.id, dateAtOffset(now, z.timezone)]));
  const locks = new Map(
    await Promise.all(userIds.map(async (u) => [u, await lockReasons(scope, u, rows.filter((r) => r.userId === u).map((r) => r.date), viewer)] as const)),
  );
  return rows.map((r) => {
    const reasons = locks.get(r.userId)?.get(r.date) ?? [];
    return {
      user: r.userId,
      date: r.date,
      weekId: weekIdOf(r.date, weekStart),
      workTime: workTimeOf(r),
      clockIn: r.clockIn,
      clockOut: r.clockOut,
      breakTime: r.breakTime,
      history: r.history.map((h) => ({ action: h.action, previousTime: h.previousTime, time: h.time, trigger: h.trigger, user: h.userId, createdAt: toDateTime(new Date(h.at)) })),
      isLocked: reasons.length > 0,
      invalid: timecardProblems(r, today.get(r.userId) ?? r.date),
      lockReasons: reasons,
    };
  });
}

/** Timecards of `userIds` from `from` to `to`. */
export async function timecardsBetween(scope: Scope, userIds: number[], from: string, to: string): Promise<TimecardRow[]> {
  if (userIds.length === 0) return [];
  return scope.db
    .select()
    .from(timecards)
    .where(scope.where(timecards, inArray(timecards.userId, userIds), and(gte(timecards.date, from), lte(timecards.date, to))))
    .orderBy(asc(timecards.date), asc(timecards.userId));
}
