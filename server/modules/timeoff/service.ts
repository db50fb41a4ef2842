import { eq } from 'drizzle-orm';
import type { CreateTimeOffBody, UpdateTimeOffBody } from '../../../contract/timeoff.ts';
import { timeOff, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { isAdmin, isManager } from '../../http/permissions.ts';
import { setAttachmentsInUse } from '../attachments/service.ts';
import { timeOffDays, type TimeOffRow } from './present.ts';
import { checkAllocations, checkAttachments, checkOverlap, checkReviewer, checkType, teamUser, type TimeOffDraft } from './rules.ts';
import type { Notifier } from '../notifications/emit.ts';
import { notifyDecision, notifyRequest } from './notify.ts';

/** A time off the caller may see: managers all, others their own (undefined otherwise). */
export async function findVisibleTimeOff(scope: Scope, caller: Caller, id: number): Promise<TimeOffRow | undefined> {
  const row = await scope.byId(timeOff, id);
  return row && (row.userId === caller.user.id || isManager(caller)) ? row : undefined;
}

/** Locks the user's row so overlap, balance and capacity checks of one user's schedule see each other. */
export async function lockSchedule(scope: Scope, userId: number) {
  await scope.db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, eq(users.id, userId)))
    .for('update');
}

/** Creates time off: an admin's as sent, anyone else's as a pending request. */
export async function createTimeOff(
  scope: Scope,
  caller: Caller,
  body: Omit<CreateTimeOffBody, 'type'>,
  now: Date,
  notifier: Notifier,
): Promise<TimeOffRow> {
  const userId = body.user ?? caller.user.id;
  if (userId !== caller.user.id && !isAdmin(caller)) throw forbidden('Only admins can create time off for others');
  const owner = await teamUser(scope, userId);
  await Promise.all([
    checkType(scope, body.timeOffType),
    checkReviewer(scope, body.reviewer),
    checkAttachments(scope, caller, body.attachments),
  ]);
  const draft: TimeOffDraft = {
    userId,
    typeId: body.timeOffType ?? null,
    startDate: body.startDate,
    endDate: body.endDate,
    period: body.timeOffPeriod,
  };
  // Only an admin grants time off directly; anyone else's request starts pending.
  const status = isAdmin(caller) ? body.status : 'pending';
  return scope.tx(async (s) => {
    await lockSchedule(s, userId);
    await checkOverlap(s, draft, undefined, body.forceOverride);
    if (body.considerAllocations) await checkAllocations(s, draft, undefined, now, owner.timezone);
    const created = await s.insert(timeOff, {
      userId,
      typeId: draft.typeId,
      startDate: draft.startDate,
      endDate: draft.endDate,
      period: draft.period,
      status,
      days: timeOffDays(draft.startDate, draft.endDate, draft.period),
      reviewerId: body.reviewer ?? null,
      note: body.note,
      ...(status === 'approved' ? { reviewedBy: caller.user.id, reviewedAt: now } : {}),
      attachmentIds: [...new Set(body.attachments)],
      createdBy: caller.user.id,
      createdAt: now,
    });
    await setAttachmentsInUse(s, created.attachmentIds, true, now);
    // Told only when asked for (sendNotification): a request to whoever decides, time off granted to its person.
    if (body.sendNotification) {
      if (created.status === 'pending') await notifyRequest(s, notifier, caller, created);
      else await notifyDecision(s, notifier, caller, created, '');
    }
    return created;
  });
}

/** Changes time off: its owner while pending, an admin always (and only an admin approves). */
export async function updateTimeOff(
  scope: Scope,
  caller: Caller,
  current: TimeOffRow,
  body: UpdateTimeOffBody,
  now: Date,
  notifier: Notifier,
): Promise<TimeOffRow> {
  if (!isAdmin(caller)) {
    if (current.userId !== caller.user.id) throw forbidden("Only admins can change others' time off");
    if (current.status !== 'pending')
      throw forbidden(`${current.status === 'approved' ? 'Approved' : 'Rejected'} time off can only be changed by an admin`);
    if (body.status === 'approved') throw forbidden('Only admins can approve time off');
    if (body.user !== undefined && body.user !== caller.user.id) throw forbidden('Only admins can move time off to another user');
  }
  const draft: TimeOffDraft = {
    userId: body.user ?? current.userId,
    typeId: body.timeOffType !== undefined ? body.timeOffType : current.typeId,
    startDate: body.startDate ?? current.startDate,
    endDate: body.endDate ?? current.endDate,
    period: body.timeOffPeriod ?? current.period,
  };
  if (draft.endDate < draft.startDate) throw invalid('endDate', 'Must not be before the start date');
  const owner = await teamUser(scope, draft.userId);
  const attachmentIds = body.attachments ? [...new Set(body.attachments)] : current.attachmentIds;
  await Promise.all([
    checkType(scope, body.timeOffType),
    checkReviewer(scope, body.reviewer),
    checkAttachments(scope, caller, attachmentIds, current.attachmentIds),
  ]);
  const status = body.status ?? current.status;
  // A status set here is a decision (or its undoing): it records who made it and clears a rejection's comment.
  const decided = body.status !== undefined && body.status !== current.status;
  return scope.tx(async (s) => {
    await lockSchedule(s, draft.userId);
    if (status !== 'rejected') {
      await checkOverlap(s, draft, current.id, body.forceOverride ?? false);
      if (body.considerAllocations ?? true) await checkAllocations(s, draft, current.id, now, owner.timezone);
    }
    const [updated] = await s.update(
      timeOff,
      {
        userId: draft.userId,
        typeId: draft.typeId,
        startDate: draft.startDate,
        endDate: draft.endDate,
        period: draft.period,
        days: timeOffDays(draft.startDate, draft.endDate, draft.period),
        status,
        ...(decided
          ? { reviewedBy: status === 'approved' ? caller.user.id : null, reviewedAt: status === 'approved' ? now : null, reviewComment: '' }
          : {}),
        reviewerId: body.reviewer !== undefined ? body.reviewer : current.reviewerId,
        note: body.note,
        attachmentIds,
      },
      eq(timeOff.id, current.id),
    );
    if (!updated) throw notFound('Time off');
    // An admin approving or rejecting here tells the person, as the review does.
    if (decided && status !== 'pending') await notifyDecision(s, notifier, caller, updated, '');
    await setAttachmentsInUse(
      s,
      current.attachmentIds.filter((id) => !attachmentIds.includes(id)),
      false,
      now,
    );
    await setAttachmentsInUse(s, attachmentIds, true, now);
    return updated;
  });
}

/** Deletes time off: its owner while pending, an admin always. */
export async function removeTimeOff(scope: Scope, caller: Caller, current: TimeOffRow, now: Date): Promise<void> {
  if (!isAdmin(caller)) {
    if (current.userId !== caller.user.id) throw forbidden("Only admins can delete others' time off");
    if (current.status !== 'pending')
      throw forbidden(`${current.status === 'approved' ? 'Approved' : 'Rejected'} time off can only be deleted by an admin`);
  }
  await scope.tx(async (s) => {
    const [deleted] = await s.delete(timeOff, eq(timeOff.id, current.id));
    if (!deleted) throw notFound('Time off');
    await setAttachmentsInUse(s, deleted.attachmentIds, false, now);
  });
}
