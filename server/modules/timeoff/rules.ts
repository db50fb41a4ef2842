import { eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { TimeOffPeriod } from '../../../contract/timeoff.ts';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { allocations, attachments, timeOff, timeOffTypes, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { invalid, unprocessable } from '../../http/errors.ts';
import { daysAllocated, daysUsed, daysWithin } from './present.ts';

export interface TimeOffDraft {
  userId: number;
  typeId: number | null;
  startDate: string;
  endDate: string;
  period: TimeOffPeriod;
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** The reviewer must be an active admin of the team. */
export async function checkReviewer(scope: Scope, reviewerId: number | null | undefined) {
  if (reviewerId === null || reviewerId === undefined) return;
  const r = await scope.byId(users, reviewerId);
  if (!r || r.status === 'removed' || r.role !== 'admin') throw invalid('reviewer', 'Must be an admin of the team');
}

export async function checkType(scope: Scope, typeId: number | null | undefined) {
  if (typeId === null || typeId === undefined) return;
  if (!(await scope.byId(timeOffTypes, typeId))) throw invalid('timeOffType', `Time-off type ${typeId} does not exist`);
}

/** Refuses time off overlapping another of the same user (approved or pending), unless forced. */
export async function checkOverlap(scope: Scope, d: TimeOffDraft, exceptId: number | undefined, force: boolean) {
  if (force) return;
  const [other] = await scope.list(
    timeOff,
    eq(timeOff.userId, d.userId),
    lte(timeOff.startDate, d.endDate),
    gte(timeOff.endDate, d.startDate),
    ne(timeOff.status, 'rejected'),
    exceptId !== undefined ? ne(timeOff.id, exceptId) : undefined,
  );
  if (other) {
    const clash = `Overlaps time off ${other.id} (${other.status}) from ${other.startDate} to ${other.endDate}`;
    throw unprocessable(`${clash}; send forceOverride to create it anyway`, { startDate: [clash] });
  }
}

/**
 * With `considerAllocations`, refuses time off that takes more days than remain in a restricting
 * allocation of its user and type.
 */
export async function checkAllocations(scope: Scope, d: TimeOffDraft, exceptId: number | undefined, now: Date, timezone: number) {
  if (d.typeId === null) return;
  const rows = await scope.list(
    allocations,
    eq(allocations.userId, d.userId),
    eq(allocations.typeId, d.typeId),
    eq(allocations.restrictOverAllocation, true),
    lte(allocations.startDate, d.endDate),
    gte(allocations.endDate, d.startDate),
  );
  const today = dateAtOffset(now, timezone);
  for (const a of rows) {
    const requested = daysWithin(d, a.startDate, a.endDate);
    if (requested === 0) continue;
    const remaining = daysAllocated(a, today) - (await daysUsed(scope, a, exceptId));
    if (requested > remaining + 1e-9) {
      const message = `Not enough balance: ${fmt(Math.max(0, remaining))} days remain in allocation ${a.id} (${a.startDate} to ${a.endDate}) and ${fmt(requested)} are requested`;
      throw unprocessable(message, { timeOffType: [message] });
    }
  }
}

/**
 * Attachments must exist in the team, be uploaded by the caller (or an admin be acting), and not be
 * held by something else; `own` (already on this time off) are kept as they are.
 */
export async function checkAttachments(scope: Scope, caller: Caller, ids: number[], own: number[] = []) {
  const added = ids.filter((id) => !own.includes(id));
  if (added.length === 0) return;
  const rows = await scope.list(attachments, inArray(attachments.id, added));
  const errors: string[] = [];
  for (const id of added) {
    const a = rows.find((r) => r.id === id);
    if (!a || (a.uploadedBy !== caller.user.id && caller.user.role !== 'admin')) errors.push(`Attachment ${id} does not exist`);
    else if (a.inUse) errors.push(`Attachment ${id} is already attached elsewhere`);
  }
  if (errors.length) throw unprocessable(errors[0]!, { attachments: errors });
}

/** An active user of the team, else 422 on `field`. */
export async function teamUser(scope: Scope, id: number, field = 'user') {
  const u = await scope.byId(users, id);
  if (!u || u.status === 'removed') throw invalid(field, `User ${id} is not a member of the team`);
  return u;
}
