import crypto from 'node:crypto';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { MAX_TARGET_URL_LENGTH, teamOnlyEventKinds, webhookRoutes, type EventKind } from '../../../contract/webhooks.ts';
import { hookAttempts, hookDeliveries, hooks, projects, webhookEvents } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller, Deps } from '../../http/env.ts';
import { ApiError, invalid, notFound, unprocessable } from '../../http/errors.ts';
import { register } from '../../http/route.ts';
import { parsePrefixedId } from '../../lib/ids.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { toDateTime } from '../../lib/time.ts';
import { visibleProjectsWhere } from '../projects/access.ts';
import { auditCaller, recordAudit } from '../audit/record.ts';
import { hookChange } from './audit.ts';
import { checkTarget, UnsafeTargetError } from './net.ts';
import { describeFailure, handshake, newHookSecret, presentHook, skipsHandshake, targetPolicy, type HookRow } from './service.ts';

const conflict = () => new ApiError(409, 'An active webhook for this targetUrl already exists');

function normalizeUrl(raw: string): string {
  const href = new URL(raw).href;
  if (href.length > MAX_TARGET_URL_LENGTH) throw invalid('targetUrl', `Must be at most ${MAX_TARGET_URL_LENGTH} characters`);
  return href;
}

async function assertSafeTarget(deps: Deps, url: string) {
  try {
    await checkTarget(new URL(url), targetPolicy(deps.config));
  } catch (e) {
    if (e instanceof UnsafeTargetError) throw invalid('targetUrl', e.message);
    throw e;
  }
}

/** Rule 5 and project access: the project (integer id) the hook is scoped to, or null. */
async function checkScope(scope: Scope, caller: Caller, events: EventKind[], project: string | null): Promise<number | null> {
  if (project === null) return null;
  const refused = events.filter((e) => teamOnlyEventKinds.includes(e));
  if (refused.length) {
    const msg = `A project-scoped webhook cannot subscribe to ${refused.join(', ')}`;
    throw unprocessable(msg, { events: [msg] });
  }
  const id = parsePrefixedId(project);
  const [row] = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
    ? await scope.db.select({ id: projects.id }).from(projects).where(and(visibleProjectsWhere(scope, caller), eq(projects.id, id))).limit(1)
    : [];
  if (!row) throw invalid('project', 'Project not found');
  return row.id;
}

/** The caller's hook, or 404 (hooks of other users and teams are not visible). */
async function loadOwn(scope: Scope, caller: Caller, id: number): Promise<HookRow> {
  const row = await scope.first(hooks, eq(hooks.id, id), eq(hooks.userId, caller.user.id));
  if (!row) throw notFound('Webhook');
  return row;
}

/** The secret to store: from a handshake, or generated (and shown once) when it is skipped. */
async function obtainSecret(c: { req: { header(n: string): string | undefined } }, deps: Deps, url: string, keep?: string) {
  if (skipsHandshake(c.req.header('x-skip-handshake'))) {
    await assertSafeTarget(deps, url);
    if (keep !== undefined) return { secretEnc: keep, shown: undefined };
    const secret = newHookSecret();
    return { secretEnc: deps.secrets.encrypt(secret), shown: secret };
  }
  const h = await handshake(deps.config, url);
  if (!h.ok) throw new ApiError(422, 'Invalid callback', { targetUrl: [describeFailure(h.result)] });
  return { secretEnc: deps.secrets.encrypt(h.secret), shown: undefined };
}

/** Makes the hook's undelivered events due now, so a reactivation replays them (in event order). */
async function replayNow(s: Scope, hookId: number, now: Date) {
  await s.update(hookDeliveries, { nextAttemptAt: now }, eq(hookDeliveries.hookId, hookId), eq(hookDeliveries.status, 'pending'), isNull(hookDeliveries.leaseId));
}

/** Active again, with the failure streak forgotten. */
const REACTIVATE = { active: true, consecutiveFailures: 0, failingSince: null, disabledAt: null };

/** An attempt without an answer, or answered with anything but 2xx. */
const failedAttempt = or(isNull(hookAttempts.statusCode), sql`${hookAttempts.statusCode} not between 200 and 299`);

export function registerWebhookRoutes(app: Hono<AppEnv>) {
  register(app, webhookRoutes.list, async (c, _in, caller) => {
    const scope = c.get('scope');
    const rows = await scope.db.select().from(hooks).where(scope.where(hooks, eq(hooks.userId, caller.user.id))).orderBy(asc(hooks.id));
    return rows.map((r) => presentHook(r));
  });

  register(app, webhookRoutes.get, async (c, { params }, caller) => presentHook(await loadOwn(c.get('scope'), caller, params.id)));

  register(app, webhookRoutes.create, async (c, { body }, caller) => {
    const deps = c.get('deps');
    const scope = c.get('scope');
    const url = normalizeUrl(body.targetUrl);
    await assertSafeTarget(deps, url);
    const projectId = await checkScope(scope, caller, body.events, body.project ?? null);
    const existing = await scope.first(hooks, eq(hooks.userId, caller.user.id), eq(hooks.targetUrl, url));
    if (existing?.active) throw conflict();
    const { secretEnc, shown } = await obtainSecret(c, deps, url);
    const now = deps.clock();
    if (existing) {
      // Rule 3: a disabled webhook for this URL is restored (with the new events) instead of created.
      const row = await scope.tx(async (s) => {
        const [r] = await s.update(
          hooks,
          { events: body.events, projectId, secretEnc, ...REACTIVATE },
          eq(hooks.id, existing.id),
          eq(hooks.active, false),
        );
        if (!r) throw conflict();
        await replayNow(s, r.id, now);
        await recordAudit(s.db, auditCaller(c, caller), { kind: 'webhook.created', ...hookChange(existing, r) });
        return r;
      });
      return c.json(presentHook(row, shown), 200);
    }
    try {
      const row = await scope.tx(async (s) => {
        const r = await s.insert(hooks, { userId: caller.user.id, targetUrl: url, events: body.events, projectId, secretEnc, active: true });
        await recordAudit(s.db, auditCaller(c, caller), { kind: 'webhook.created', ...hookChange(null, r) });
        return r;
      });
      return presentHook(row, shown);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict();
      throw e;
    }
  });

  register(app, webhookRoutes.update, async (c, { params, body }, caller) => {
    const deps = c.get('deps');
    const scope = c.get('scope');
    const hook = await loadOwn(scope, caller, params.id);
    if (body.targetUrl !== undefined && body.targetUrl !== hook.targetUrl)
      throw invalid('targetUrl', 'The targetUrl of a webhook cannot change; create a webhook for the new URL instead');
    const project = body.project === undefined ? (hook.projectId === null ? null : `ev:${hook.projectId}`) : body.project;
    const projectId = await checkScope(scope, caller, body.events, project);
    const { secretEnc, shown } = await obtainSecret(c, deps, hook.targetUrl, hook.secretEnc);
    const now = deps.clock();
    const row = await scope.tx(async (s) => {
      const [r] = await s.update(hooks, { events: body.events, projectId, secretEnc, ...REACTIVATE }, eq(hooks.id, hook.id));
      if (!r) throw notFound('Webhook');
      await replayNow(s, r.id, now);
      await recordAudit(s.db, auditCaller(c, caller), { kind: 'webhook.updated', ...hookChange(hook, r) });
      return r;
    });
    return presentHook(row, shown);
  });

  register(app, webhookRoutes.remove, async (c, { params }, caller) => {
    await c.get('scope').tx(async (s) => {
      const [deleted] = await s.delete(hooks, eq(hooks.id, params.id), eq(hooks.userId, caller.user.id));
      if (!deleted) throw notFound('Webhook');
      await recordAudit(s.db, auditCaller(c, caller), { kind: 'webhook.deleted', ...hookChange(deleted, null) });
    });
  });

  register(app, webhookRoutes.deactivate, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const hook = await loadOwn(scope, caller, params.id);
    // Turned off by its owner: `disabledAt` stays null (failures set it), so fan-out keeps nothing for it meanwhile.
    const [row] = await scope.tx(async (s) => {
      const rows = await s.update(hooks, { active: false, disabledAt: null }, eq(hooks.id, hook.id));
      if (rows[0]) await recordAudit(s.db, auditCaller(c, caller), { kind: 'webhook.updated', ...hookChange(hook, rows[0]) });
      return rows;
    });
    if (!row) throw notFound('Webhook');
    return presentHook(row);
  });

  register(app, webhookRoutes.deliveries, async (c, { params, query }, caller) => {
    const scope = c.get('scope');
    const hook = await loadOwn(scope, caller, params.id);
    const limit = query.limit ?? 50;
    const page = query.page ?? 1;
    const rows = await scope.db
      .select({ a: hookAttempts, deliveryId: hookDeliveries.deliveryId, kind: webhookEvents.kind })
      .from(hookAttempts)
      .innerJoin(hookDeliveries, eq(hookDeliveries.id, hookAttempts.deliveryRowId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, hookDeliveries.eventId))
      .where(scope.where(hookAttempts, eq(hookAttempts.hookId, hook.id), query.failed ? failedAttempt : undefined))
      .orderBy(desc(hookAttempts.createdAt), desc(hookAttempts.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return rows.map(({ a, deliveryId, kind }) => ({
      id: a.id,
      event: kind as EventKind,
      deliveryId,
      attempt: a.attempt,
      statusCode: a.statusCode,
      error: a.error,
      responseExcerpt: a.excerpt,
      durationMs: a.durationMs,
      success: a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300,
      createdAt: toDateTime(a.createdAt),
    }));
  });

  register(app, webhookRoutes.redeliver, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const hook = await loadOwn(scope, caller, params.id);
    const [found] = await scope.db
      .select({ d: hookDeliveries, kind: webhookEvents.kind })
      .from(hookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, hookDeliveries.eventId))
      .where(scope.where(hookDeliveries, eq(hookDeliveries.hookId, hook.id), eq(hookDeliveries.deliveryId, params.deliveryId)))
      .limit(1);
    if (!found) throw notFound('Delivery');
    if (!hook.active) throw unprocessable('This webhook is disabled; reactivate it with PUT /hooks/{id} first');
    let d = found.d;
    if (d.status === 'pending') {
      // Still queued: retry it now (unless a worker holds it right now).
      const [u] = await scope.update(hookDeliveries, { nextAttemptAt: now }, eq(hookDeliveries.id, d.id), eq(hookDeliveries.status, 'pending'), isNull(hookDeliveries.leaseId));
      d = u ?? d;
    } else {
      d = await scope.insert(hookDeliveries, { hookId: hook.id, eventId: d.eventId, deliveryId: crypto.randomUUID(), nextAttemptAt: now });
    }
    return { deliveryId: d.deliveryId, event: found.kind as EventKind, status: d.status, attempts: d.attempts, nextAttemptAt: toDateTime(d.nextAttemptAt) };
  });
}
