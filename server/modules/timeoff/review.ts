import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { timeOffRoutes, type ReviewTimeOffBody } from '../../../contract/timeoff.ts';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { allocations, timeOff } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { ApiError, forbidden, unprocessable } from '../../http/errors.ts';
import { isAdmin, requireAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import type { Hono } from 'hono';
import { daysAllocated, daysUsed, daysWithin, presentTimeOff, timeOffDays, type TimeOffRow } from './present.ts';
import { checkAllocations, checkOverlap, teamUser, type TimeOffDraft } from './rules.ts';
import { notifierFor, type Notifier } from '../notifications/emit.ts';
import { notifyDecision } from './notify.ts';

const round = (n: number) => Math.round(n * 100) / 100;

/** Approves or rejects pending requests in one transaction: all of them, or none when one is not pending. */
export async function reviewTimeOff(scope: Scope, caller: Caller, body: ReviewTimeOffBody, now: Date, notifier: Notifier): Promise<TimeOffRow[]> {
  requireAdmin(caller);
  const ids = [...new Set(body.ids)];
  return scope.tx(async (s) => {
    const rows = await s.list(timeOff, inArray(timeOff.id, ids));
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length)
      throw unprocessable(`Time off ${missing.join(', ')} does not exist`, { ids: [`Time off ${missing.join(', ')} does not exist`] });
    const decided = rows.filter((r) => r.status !== 'pending');
    if (decided.length) {
      const message = `Time off ${decided.map((r) => r.id).join(', ')} is no longer pending`;
      throw unprocessable(message, { ids: [message] });
    }
    const status = body.decision === 'approve' ? 'approved' : 'rejected';
    const updated = await s.update(
      timeOff,
      { status, reviewedBy: caller.user.id, reviewedAt: now, reviewComment: body.comment },
      inArray(timeOff.id, ids),
      eq(timeOff.status, 'pending'),
    );
    for (const row of updated) await notifyDecision(s, notifier, caller, row, body.comment);
    return ids.map((id) => updated.find((r) => r.id === id)!);
  });
}

/** The allocations of the draft's user and type its range falls in, with what remains before and after it. */
async function balances(scope: Scope, d: TimeOffDraft, exceptId: number | undefined, today: string) {
  if (d.typeId === null) return [];
  const rows = await scope.list(
    allocations,
    and(
      eq(allocations.userId, d.userId),
      eq(allocations.typeId, d.typeId),
      lte(allocations.startDate, d.endDate),
      gte(allocations.endDate, d.startDate),
    ),
  );
  rows.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
  return Promise.all(
    rows.map(async (a) => {
      const remaining = round(daysAllocated(a, today) - (await daysUsed(scope, a, exceptId)));
      const requested = daysWithin(d, a.startDate, a.endDate);
      return {
        id: a.id,
        startDate: a.startDate,
        endDate: a.endDate,
        daysRemaining: remaining,
        daysRequested: requested,
        daysRemainingAfter: round(remaining - requested),
        restrictOverAllocation: a.restrictOverAllocation,
      };
    }),
  );
}

/** The refusal a check would answer, as `errors`; anything else is thrown on. */
async function refusal(check: Promise<void>): Promise<Record<string, string[]>> {
  try {
    await check;
    return {};
  } catch (e) {
    if (e instanceof ApiError && e.status === 422 && e.errors) return e.errors;
    throw e;
  }
}

export function registerReviewRoutes(app: Hono<AppEnv>) {
  register(app, timeOffRoutes.review, async (c, { body }, caller) => {
    const scope = c.get('scope');
    return presentTimeOff(scope, await reviewTimeOff(scope, caller, body, c.get('deps').clock(), notifierFor(c.get('deps'))));
  });

  register(app, timeOffRoutes.preview, async (c, { query }, caller) => {
    const scope = c.get('scope');
    const userId = query.user ?? caller.user.id;
    if (userId !== caller.user.id && !isAdmin(caller)) throw forbidden('Only admins can create time off for others');
    const owner = await teamUser(scope, userId);
    const draft: TimeOffDraft = {
      userId,
      typeId: query.timeOffType ?? null,
      startDate: query.startDate,
      endDate: query.endDate,
      period: query.timeOffPeriod,
    };
    const today = dateAtOffset(c.get('deps').clock(), owner.timezone);
    const [allocs, overlap, balance] = await Promise.all([
      balances(scope, draft, query.except, today),
      refusal(checkOverlap(scope, draft, query.except, false)),
      refusal(checkAllocations(scope, draft, query.except, c.get('deps').clock(), owner.timezone)),
    ]);
    return { days: timeOffDays(draft.startDate, draft.endDate, draft.period), allocations: allocs, errors: { ...overlap, ...balance } };
  });
}
