import { asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { periodFraction, type Allocation, type TimeOffAssignment, type TimeOffPeriod } from '../../../contract/timeoff.ts';
import { dateAtOffset, daysBetween, workdaysBetween } from '../../../contract/weeks.ts';
import { allocations, attachments, timeOff } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { toDateTime } from '../../lib/time.ts';
import { presentAttachment } from '../attachments/service.ts';

export type TimeOffRow = typeof timeOff.$inferSelect;
export type AllocationRow = typeof allocations.$inferSelect;

/** Workdays (Monday to Friday) from `start` to `end` times the period's share of a day. */
export const timeOffDays = (start: string, end: string, period: TimeOffPeriod) => workdaysBetween(start, end) * periodFraction[period];

/** Days of `t` that fall between `from` and `to`. */
export const daysWithin = (t: Pick<TimeOffRow, 'startDate' | 'endDate' | 'period'>, from: string, to: string) =>
  timeOffDays(t.startDate > from ? t.startDate : from, t.endDate < to ? t.endDate : to, t.period);

export async function presentTimeOff(scope: Scope, rows: TimeOffRow[]): Promise<TimeOffAssignment[]> {
  const ids = [...new Set(rows.flatMap((r) => r.attachmentIds))];
  const files = ids.length ? await scope.list(attachments, inArray(attachments.id, ids)) : [];
  const byId = new Map(files.map((f) => [f.id, presentAttachment(f)]));
  return rows.map((r) => ({
    id: r.id,
    type: 'time-off',
    user: r.userId,
    timeOffType: r.typeId,
    timeOffPeriod: r.period,
    status: r.status,
    startDate: r.startDate,
    endDate: r.endDate,
    days: r.days,
    reviewer: r.reviewerId,
    note: r.note,
    reviewedBy: r.reviewedBy,
    reviewedAt: r.reviewedAt ? toDateTime(r.reviewedAt) : null,
    reviewComment: r.reviewComment,
    attachments: r.attachmentIds.flatMap((id) => byId.get(id) ?? []),
    createdBy: r.createdBy,
    createdAt: toDateTime(r.createdAt),
  }));
}

/** Time off that counts (approved or pending, not rejected). */
export const counts = ne(timeOff.status, 'rejected');

/** Approved and pending time off of `userIds` overlapping `from`..`to`, oldest first. */
export async function timeOffBetween(scope: Scope, userIds: number[], from: string, to: string): Promise<TimeOffRow[]> {
  if (userIds.length === 0) return [];
  return scope.db
    .select()
    .from(timeOff)
    .where(scope.where(timeOff, inArray(timeOff.userId, userIds), lte(timeOff.startDate, to), gte(timeOff.endDate, from), counts))
    .orderBy(asc(timeOff.startDate), asc(timeOff.id));
}

/** Days granted so far: carried plus granted, accrued day by day through the period with `daily`. */
export function daysAllocated(a: AllocationRow, today: string): number {
  if (a.accrualFrequency === 'immediately') return a.days + a.daysCarried;
  const total = daysBetween(a.startDate, a.endDate) + 1;
  const elapsed = Math.min(total, Math.max(0, daysBetween(a.startDate, today) + 1));
  return a.daysCarried + Math.round((a.days * elapsed * 100) / total) / 100;
}

/** Days of approved and pending time off of the allocation's user and type inside its period (`exceptId` left out). */
export async function daysUsed(scope: Scope, a: AllocationRow, exceptId?: number): Promise<number> {
  const rows = await scope.list(
    timeOff,
    eq(timeOff.userId, a.userId),
    eq(timeOff.typeId, a.typeId),
    lte(timeOff.startDate, a.endDate),
    gte(timeOff.endDate, a.startDate),
    counts,
    exceptId !== undefined ? ne(timeOff.id, exceptId) : undefined,
  );
  return rows.reduce((sum, t) => sum + daysWithin(t, a.startDate, a.endDate), 0);
}

export async function presentAllocations(scope: Scope, rows: AllocationRow[], now: Date, timezone: number): Promise<Allocation[]> {
  const today = dateAtOffset(now, timezone);
  return Promise.all(
    rows.map(async (a) => {
      const allocated = daysAllocated(a, today);
      const used = await daysUsed(scope, a);
      return {
        id: a.id,
        user: a.userId,
        timeOffType: a.typeId,
        startDate: a.startDate,
        endDate: a.endDate,
        contractStartDate: a.contractStartDate,
        days: a.days,
        daysCarried: a.daysCarried,
        daysAllocated: allocated,
        daysUsed: used,
        daysRemaining: Math.round((allocated - used) * 100) / 100,
        accrualFrequency: a.accrualFrequency,
        restrictOverAllocation: a.restrictOverAllocation,
        completed: a.endDate < today,
        notes: a.notes,
        createdBy: a.createdBy,
        createdAt: toDateTime(a.createdAt),
      };
    }),
  );
}
