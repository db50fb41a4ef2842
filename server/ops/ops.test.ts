import { RateLimiterMemory } from 'rate-limiter-flexible';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { setupTestApp, type TestContext } from '../test/harness.ts';
import { createOps } from './state.ts';

// Health, readiness and metrics for load balancers and monitoring: no user credentials, no rate limit.
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
const lines: Record<string, unknown>[] = [];
const capture: Logger = {
  debug: (msg, fields) => lines.push({ level: 'debug', msg, ...fields }),
  info: (msg, fields) => lines.push({ level: 'info', msg, ...fields }),
  warn: (msg, fields) => lines.push({ level: 'warn', msg, ...fields }),
  error: (msg, fields) => lines.push({ level: 'error', msg, ...fields }),
};

beforeAll(async () => {
  t = await setupTestApp({ config: { metricsToken: 'metrics-token-for-tests' }, deps: { logger: capture } });
  r = await t.roles();
});

describe('health and readiness', () => {
  it('answer without credentials, and past the rate limit', async () => {
    const limited = createApp({ ...t.deps, rateLimiter: new RateLimiterMemory({ points: 1, duration: 60 }), ops: createOps() });
    const me = () => t.call('GET', '/users/me', { as: r.member, via: limited });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(429);
    for (let i = 0; i < 5; i++) {
      expect((await t.call('GET', '/health', { via: limited })).body).toEqual({ status: 'ok' });
      const ready = await t.call('GET', '/ready', { via: limited });
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready' });
      expect(ready.headers.get('ratelimit')).toBeNull();
    }
  });

  it('/ready turns 503 while the process drains, /health stays up', async () => {
    const ops = createOps();
    const app = createApp({ ...t.deps, ops });
    ops.draining = true;
    const ready = await app.request('/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');
    expect((await app.request('/health')).status).toBe(200);
  });

  it('/ready answers 503 when the database does not', async () => {
    const broken = { ...t.deps.db, execute: () => Promise.reject(new Error('connection refused')) } as unknown as typeof t.deps.db;
    const app = createApp({ ...t.deps, db: broken, ops: createOps() });
    const ready = await app.request('/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'database unreachable' });
  });
});

describe('request ids', () => {
  it('every answer carries one, and the log lines written while serving it carry the same', async () => {
    lines.length = 0;
    const ok = await t.call('GET', '/users/me', { as: r.admin });
    const missing = await t.call('GET', '/no-such-route');
    const ids = [ok, missing].map((x) => x.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(2);
    const logged = lines.filter((l) => l.msg === 'request');
    expect(logged.map((l) => l.requestId)).toEqual(ids);
    expect(logged[0]).toMatchObject({ method: 'GET', route: '/users/me', status: 200 });
    expect(JSON.stringify(lines)).not.toContain(r.admin.key);
  });

  it('keeps a well-formed id given by a proxy, and replaces anything else', async () => {
    const given = await t.call('GET', '/health', { headers: { 'X-Request-Id': 'lb-7f3a9c21-0001' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a9c21-0001');
    const odd = await t.call('GET', '/health', { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a server-side fault names the id in its answer and its log line', async () => {
    lines.length = 0;
    const broken = { ...t.deps.db, select: () => { throw new Error('boom'); } } as unknown as typeof t.deps.db;
    const app = createApp({ ...t.deps, db: broken, ops: createOps() });
    const res = await app.request('/users/me', { headers: { 'X-Api-Key': `${r.member.key}x` } });
    const id = res.headers.get('x-request-id')!;
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toContain(id);
    expect(lines.find((l) => l.msg === 'request failed')?.requestId).toBe(id);
  });

  it('the logger adds the id to lines written inside a request only', () => {
    const writes: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => writes.push(s) > 0) as typeof process.stderr.write;
    try {
      createLogger('info').info('outside');
    } finally {
      process.stderr.write = original;
    }
    expect(JSON.parse(writes[0]!)).not.toHaveProperty('requestId');
  });
});

describe('/metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const app = createApp({ ...t.deps, config: { ...t.deps.config, metricsToken: undefined }, ops: createOps() });
    expect((await app.request('/metrics', { headers: { Authorization: 'Bearer anything' } })).status).toBe(404);
  });

  it('refuses a missing or wrong token, and a user API key', async () => {
    expect((await t.call('GET', '/metrics')).status).toBe(401);
    expect((await t.call('GET', '/metrics', { headers: { Authorization: 'Bearer metrics-token-for-test' } })).status).toBe(401);
    expect((await t.call('GET', '/metrics', { as: r.admin })).status).toBe(401);
  });

  it('counts requests and latency per route template, and shows the outbox backlog', async () => {
    const project = await t.call('POST', '/projects', { as: r.admin, body: { name: 'Metered' } });
    expect(project.status).toBe(201);
    await t.call('GET', `/projects/${project.body.id}`, { as: r.admin });
    await t.call('GET', `/projects/${project.body.id}`, { as: r.admin });
    const res = await t.call('GET', '/metrics', { headers: { Authorization: 'Bearer metrics-token-for-tests' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = res.body as string;
    expect(text).toMatch(/timekeep_http_requests_total\{method="GET",route="\/projects\/:project_id",status="200"\} 2\n/);
    expect(text).not.toContain(`/projects/${project.body.id}"`);
    expect(text).toContain('# TYPE timekeep_http_request_duration_seconds histogram');
    expect(text).toMatch(/timekeep_http_request_duration_seconds_bucket\{method="GET",route="\/projects\/:project_id",le="\+Inf"\} 2\n/);
    expect(text).toMatch(/timekeep_http_request_duration_seconds_count\{method="POST",route="\/projects"\} 1\n/);
    // The project's creation is an event in the outbox that no worker has fanned out here.
    expect(Number(/timekeep_outbox_undispatched_events (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/timekeep_webhook_pending_deliveries \d+/);
    expect(text).toContain('timekeep_database_up 1');
  });
});
