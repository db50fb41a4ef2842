import { asc, eq, gte, lte } from 'drizzle-orm';
import type { Hono } from 'hono';
import { timeOffRoutes } from '../../../contract/timeoff.ts';
import { timeOff, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { isAdmin, isManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { setAttachmentsInUse } from '../attachments/service.ts';
import { registerBalanceRoutes } from './balances.ts';
import { presentTimeOff, timeOffDays, type TimeOffRow } from './present.ts';
import { checkAllocations, checkAttachments, checkOverlap, checkReviewer, checkType, teamUser, type TimeOffDraft } from './rules.ts';

/** A time off the caller may see: managers all, others their own (else 404). */
async function loadVisible(scope: Scope, caller: Caller, id: number): Promise<TimeOffRow> {
  const row = await scope.byId(timeOff, id);
  if (!row || (row.userId !== caller.user.id && !isManager(caller))) throw notFound('Time off');
  return row;
}

export function registerTimeOffRoutes(app: Hono<AppEnv>) {
  register(app, timeOffRoutes.create, async (c, { body }, caller) => {
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const userId = body.user ?? caller.user.id;
    if (userId !== caller.user.id && !isAdmin(caller)) throw forbidden('Only admins can create time off for others');
    const owner = await teamUser(scope, userId);
    await Promise.all([checkType(scope, body.timeOffType), checkReviewer(scope, body.reviewer), checkAttachments(scope, caller, body.attachments)]);
    const draft: TimeOffDraft = { userId, typeId: body.timeOffType ?? null, startDate: body.startDate, endDate: body.endDate, period: body.timeOffPeriod };
    // Only an admin grants time off directly; anyone else's request starts pending.
    const status = isAdmin(caller) ? body.status : 'pending';
    const row = await scope.tx(async (s) => {
      // Serialises requests of one user so overlap and balance checks see each other.
      await s.db.select({ id: users.id }).from(users).where(s.where(users, eq(users.id, userId))).for('update');
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
        attachmentIds: [...new Set(body.attachments)],
        createdBy: caller.user.id,
        createdAt: now,
      });
      await setAttachmentsInUse(s, created.attachmentIds, true, now);
      return created;
    });
    return (await presentTimeOff(scope, [row]))[0]!;
  });

  register(app, timeOffRoutes.list, async (c, { query }, caller) => {
    const scope = c.get('scope');
    if (query.type && query.type !== 'time-off') return [];
    if (query.user !== undefined && query.user !== caller.user.id && !isManager(caller)) throw forbidden("Only admins and supervisors can read others' time off");
    const userFilter = isManager(caller) ? query.user : caller.user.id;
    const rows = await scope.db
      .select()
      .from(timeOff)
      .where(
        scope.where(
          timeOff,
          userFilter !== undefined ? eq(timeOff.userId, userFilter) : undefined,
          query.status ? eq(timeOff.status, query.status) : undefined,
          query.to ? lte(timeOff.startDate, query.to) : undefined,
          query.from ? gte(timeOff.endDate, query.from) : undefined,
        ),
      )
      .orderBy(asc(timeOff.startDate), asc(timeOff.id));
    return presentTimeOff(scope, rows);
  });

  register(app, timeOffRoutes.update, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const current = await loadVisible(scope, caller, params.id);
    if (!isAdmin(caller)) {
      if (current.userId !== caller.user.id) throw forbidden("Only admins can change others' time off");
      if (current.status !== 'pending') throw forbidden('Approved time off can only be changed by an admin');
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
    await Promise.all([checkType(scope, body.timeOffType), checkReviewer(scope, body.reviewer), checkAttachments(scope, caller, attachmentIds, current.attachmentIds)]);
    const row = await scope.tx(async (s) => {
      await s.db.select({ id: users.id }).from(users).where(s.where(users, eq(users.id, draft.userId))).for('update');
      await checkOverlap(s, draft, current.id, body.forceOverride ?? false);
      if (body.considerAllocations ?? true) await checkAllocations(s, draft, current.id, now, owner.timezone);
      const [updated] = await s.update(
        timeOff,
        {
          userId: draft.userId,
          typeId: draft.typeId,
          startDate: draft.startDate,
          endDate: draft.endDate,
          period: draft.period,
          days: timeOffDays(draft.startDate, draft.endDate, draft.period),
          status: body.status ?? current.status,
          reviewerId: body.reviewer !== undefined ? body.reviewer : current.reviewerId,
          attachmentIds,
        },
        eq(timeOff.id, current.id),
      );
      if (!updated) throw notFound('Time off');
      await setAttachmentsInUse(s, current.attachmentIds.filter((id) => !attachmentIds.includes(id)), false, now);
      await setAttachmentsInUse(s, attachmentIds, true, now);
      return updated;
    });
    return (await presentTimeOff(scope, [row]))[0]!;
  });

  register(app, timeOffRoutes.remove, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const current = await loadVisible(scope, caller, params.id);
    if (!isAdmin(caller)) {
      if (current.userId !== caller.user.id) throw forbidden("Only admins can delete others' time off");
      if (current.status !== 'pending') throw forbidden('Approved time off can only be deleted by an admin');
    }
    await scope.tx(async (s) => {
      const [deleted] = await s.delete(timeOff, eq(timeOff.id, current.id));
      if (!deleted) throw notFound('Time off');
      await setAttachmentsInUse(s, deleted.attachmentIds, false, c.get('deps').clock());
    });
  });

  registerBalanceRoutes(app);
}
