import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { migrationsFolder } from '../db/client.ts';
import { hookDeliveries, mailOutbox, webhookEvents } from '../db/schema/index.ts';
import type { AppEnv, Deps } from '../http/env.ts';
import { requestContext } from '../lib/logger.ts';
import { clientAddress } from '../http/client-address.ts';
import type { Ops } from './state.ts';

/** A request id a client or proxy may hand in (`X-Request-Id`); anything else is replaced by a fresh one. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Requests slower than this are logged at warn (the others at debug). */
const SLOW_MS = 1000;

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

/**
 * The first middleware: binds deps and a request id (answered in `X-Request-Id`, carried by every log line
 * written while serving), counts the request and its latency by route template, and during shutdown asks
 * the client to close its connection.
 */
export function requestMiddleware(app: Hono<AppEnv>, deps: Deps, ops: Ops) {
  app.use('*', async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const requestId = given && CLIENT_REQUEST_ID.test(given) ? given : crypto.randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    await requestContext.run({ requestId }, next);
    c.header(REQUEST_ID_HEADER, requestId);
    if (ops.draining) c.header('Connection', 'close');
    const ms = performance.now() - started;
    const template = c.req.routePath;
    const route = template === '/*' || template === '*' ? 'unmatched' : template;
    ops.metrics.observeRequest(c.req.method, route, c.res.status, ms / 1000);
    const fields = { requestId, method: c.req.method, route, status: c.res.status, ms: Math.round(ms * 10) / 10, client: clientAddress(c) };
    if (ms >= SLOW_MS) deps.logger.warn('slow request', fields);
    else deps.logger.debug('request', fields);
  });
}

/** The newest migration this build ships (drizzle records its `when` as `created_at`). */
function latestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Same length comparison of digests: the token never leaks through timing. */
function tokenMatches(given: string, expected: string) {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * `GET /health` (the process answers), `GET /ready` (database reachable, migrations applied, not shutting
 * down) and `GET /metrics` (Prometheus text, only with `METRICS_TOKEN` set, as a bearer token). None of them
 * takes credentials of a user or counts against the rate limit.
 */
export function registerOpsRoutes(app: Hono<AppEnv>, deps: Deps, ops: Ops) {
  const expected = latestMigration();
  let migrated = false;

  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.get('/ready', async (c) => {
    if (ops.draining) return c.json({ status: 'draining' }, 503);
    try {
      if (!migrated) {
        const [row] = rowsOf<{ latest: string | number | null }>(
          await deps.db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`),
        );
        migrated = Number(row?.latest ?? 0) >= expected;
        if (!migrated) return c.json({ status: 'migrations pending' }, 503);
      } else {
        await deps.db.execute(sql`select 1`);
      }
    } catch (e) {
      deps.logger.warn('readiness check failed', { error: e instanceof Error ? e.message : String(e) });
      return c.json({ status: 'database unreachable' }, 503);
    }
    return c.json({ status: 'ready' });
  });

  app.get('/metrics', async (c) => {
    const token = deps.config.metricsToken;
    if (!token) return c.json({ code: 404, message: 'Not found' }, 404);
    const m = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '');
    if (!m || !tokenMatches(m[1]!.trim(), token))
      return c.json({ code: 401, message: 'Unauthorized' }, 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    const gauges: Parameters<Ops['metrics']['render']>[0] = {};
    try {
      const [row] = rowsOf<{ undispatched: string | number; pending: string | number; retrying: string | number }>(
        await deps.db.execute(sql`select
          (select count(*) from ${webhookEvents} where ${isNull(webhookEvents.dispatchedAt)}) as undispatched,
          (select count(*) from ${hookDeliveries} where status = 'pending') as pending,
          (select count(*) from ${hookDeliveries} where status = 'pending' and attempts > 0) as retrying`),
      );
      gauges.timekeep_outbox_undispatched_events = {
        help: 'Webhook events not yet fanned out to hooks.',
        value: Number(row?.undispatched ?? 0),
      };
      gauges.timekeep_webhook_pending_deliveries = {
        help: 'Webhook deliveries waiting to be sent (the outbox backlog).',
        value: Number(row?.pending ?? 0),
      };
      gauges.timekeep_webhook_retrying_deliveries = {
        help: 'Pending deliveries that failed at least once.',
        value: Number(row?.retrying ?? 0),
      };
      const [mail] = rowsOf<{ queued: string | number }>(
        await deps.db.execute(sql`select count(*) as queued from ${mailOutbox} where sent_at is null and failed_at is null`),
      );
      gauges.timekeep_notification_emails_queued = { help: 'Notification emails waiting to be sent.', value: Number(mail?.queued ?? 0) };
      gauges.timekeep_database_up = { help: '1 when the database answered the scrape.', value: 1 };
    } catch {
      gauges.timekeep_database_up = { help: '1 when the database answered the scrape.', value: 0 };
    }
    gauges.timekeep_draining = { help: '1 while the process shuts down.', value: ops.draining ? 1 : 0 };
    return c.body(ops.metrics.render(gauges), 200, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });
}
