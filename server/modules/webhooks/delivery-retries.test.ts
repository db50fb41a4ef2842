import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWebhookSettings } from '../../config.ts';
import { hooks, webhookEvents } from '../../db/schema/index.ts';
import type { TestContext } from '../../test/harness.ts';
import { deliveryKit } from '../../test/webhook-delivery.ts';
import { hookSuite, manualClock, startReceiver, type Answer } from '../../test/webhook-receiver.ts';
import { createWebhookWorker, retryDelayMs } from './worker.ts';

const defaults = loadWebhookSettings();
const suite = hookSuite({ webhooks: { timeoutMs: 2_000 }, clearHooks: true });
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
const receiver = (opts?: { answers?: Answer[]; fallback?: Answer }) => suite.receiver(opts);
beforeAll(() => void ({ t, r } = suite));

const { worker, subscribe, emit, nextDue, log } = deliveryKit(suite);

describe('delivery: retries, disabling, redelivery and retention', () => {
  it('retries a 500 with exponential backoff: 500, 500, 500, 200 gives four attempts in order, all in the log', async () => {
    const rc = await receiver({
      answers: [
        { status: 200 },
        { status: 500, body: 'boom 1' },
        { status: 500, body: 'boom 2' },
        { status: 500, body: 'boom 3' },
        { status: 200, body: 'thanks' },
      ],
    });
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    const w = worker(defaults);
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: '42' });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const before = w.clock();
      expect((await w.tick()).attempts).toBe(1);
      expect(rc.deliveries()).toHaveLength(attempt);
      // Not due again until the backoff has passed.
      expect((await w.tick()).attempts).toBe(0);
      const due = await nextDue(hook.id);
      if (attempt < 4) {
        delays.push(due!.getTime() - before.getTime());
        w.clock.set(due!);
      } else expect(due).toBeUndefined();
    }
    // About 30 s, doubling (jitter fixed at its midpoint here), a few ms of request time aside.
    expect(delays.map((d) => Math.round(d / 1000))).toEqual([30, 60, 120]);
    const sent = rc.deliveries();
    expect(new Set(sent.map((d) => d.headers['x-hook-delivery'])).size).toBe(1);
    expect(new Set(sent.map((d) => d.body)).size).toBe(1);
    const entries = await log(r.admin, hook.id);
    expect(
      entries.map((e: { attempt: number; statusCode: number; success: boolean; responseExcerpt: string }) => [
        e.attempt,
        e.statusCode,
        e.success,
        e.responseExcerpt,
      ]),
    ).toEqual([
      [4, 200, true, 'thanks'],
      [3, 500, false, 'boom 3'],
      [2, 500, false, 'boom 2'],
      [1, 500, false, 'boom 1'],
    ]);
    expect(entries.every((e: { deliveryId: string }) => e.deliveryId === sent[0]!.headers['x-hook-delivery'])).toBe(true);
    // Paging: newest first.
    expect((await log(r.admin, hook.id, '?limit=2&page=2')).map((e: { attempt: number }) => e.attempt)).toEqual([2, 1]);
    // Only the failures, when asked.
    expect((await log(r.admin, hook.id, '?failed=true')).map((e: { attempt: number }) => e.attempt)).toEqual([3, 2, 1]);
    expect((await log(r.admin, hook.id, '?failed=false')).map((e: { attempt: number }) => e.attempt)).toEqual([4, 3, 2, 1]);
    expect((await t.call('GET', `/hooks/${hook.id}/deliveries?limit=0`, { as: r.admin })).status).toBe(422);
  });

  it('backoff doubles from the base, has jitter and is capped', () => {
    const s = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect(retryDelayMs(s, 1, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(s, 2, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(s, 1, () => 0)).toBe(24_000);
    expect(retryDelayMs(s, 1, () => 0.999999)).toBeLessThan(36_001);
    expect(retryDelayMs(s, 8, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(s, 30, () => 0.99)).toBe(3_600_000);
  });

  it('keeps event order per hook: a later event waits while an earlier one is being retried', async () => {
    const rc = await receiver({ answers: [{ status: 200 }, { status: 503 }] });
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    const w = worker({ retryBaseMs: 1_000 });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'first' });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'second' });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'third' });
    await w.drain();
    expect(rc.deliveries().map((d) => d.json.data.id)).toEqual(['first']);
    w.clock.set((await nextDue(hook.id))!);
    await w.drain();
    expect(rc.deliveries().map((d) => d.json.data.id)).toEqual(['first', 'first', 'second', 'third']);
  });

  it('cuts a hanging receiver off at the timeout and retries', async () => {
    const rc = await receiver({ answers: [{ status: 200 }, 'hang'] });
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    const w = worker({ timeoutMs: 300, retryBaseMs: 1_000 });
    await emit(r.team.id, { kind: 'api:client:updated' });
    const started = Date.now();
    expect((await w.tick()).attempts).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    const [entry] = await log(r.admin, hook.id);
    expect(entry).toMatchObject({ attempt: 1, statusCode: null, success: false, error: 'Timed out after 300 ms' });
    expect(entry.durationMs).toBeGreaterThanOrEqual(290);
    w.clock.set((await nextDue(hook.id))!);
    expect((await w.tick()).attempts).toBe(1);
    expect((await log(r.admin, hook.id))[0]).toMatchObject({ attempt: 2, statusCode: 200, success: true });
  });

  it('records a refused connection as an error and keeps only a short excerpt of a big answer', async () => {
    const big = await receiver({ answers: [{ status: 200 }, { status: 500, body: `${'x'.repeat(300)}${'y'.repeat(1024 * 1024)}` }] });
    const { hook } = await subscribe(r.admin, big, ['api:client:updated']);
    const w = worker({ retryBaseMs: 1_000 });
    await emit(r.team.id, { kind: 'api:client:updated' });
    await w.tick();
    const [entry] = await log(r.admin, hook.id);
    expect(entry.statusCode).toBe(500);
    expect(entry.responseExcerpt).toBe('x'.repeat(200));

    const gone = await startReceiver();
    const { hook: h2 } = await subscribe(r.supervisor, gone, ['api:client:updated']);
    await gone.close();
    await t.db.delete(hooks).where(eq(hooks.id, hook.id));
    await emit(r.team.id, { kind: 'api:client:updated' });
    await w.drain();
    expect((await log(r.supervisor, h2.id))[0]).toMatchObject({ statusCode: null, error: 'Connection refused', success: false });
  });

  it('disables a hook after sustained failure (10 attempts spanning 24 h by default) and a PUT replays what was kept, in order', async () => {
    const rc = await receiver({ answers: [{ status: 200 }], fallback: { status: 500 } });
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    const w = worker(defaults);
    const start = w.clock().getTime();
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'e1' });
    let attempts = 0;
    for (;;) {
      attempts += (await w.tick()).attempts;
      const state = (await t.call('GET', `/hooks/${hook.id}`, { as: r.admin })).body;
      const span = w.clock().getTime() - start;
      if (!state.active) {
        expect(attempts).toBeGreaterThanOrEqual(10);
        expect(span).toBeGreaterThanOrEqual(24 * 3600_000);
        expect(state.isActive).toBe(false);
        break;
      }
      // Ten failures in a few hours are not yet sustained failure.
      if (attempts === 10) expect(span).toBeLessThan(24 * 3600_000);
      expect(attempts).toBeLessThan(60);
      w.clock.set((await nextDue(hook.id))!);
    }
    expect(rc.deliveries()).toHaveLength(attempts);
    // Disabled: new events are kept but not sent.
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'e2' });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'e3' });
    w.clock.advance(7 * 3600_000);
    expect(await w.drain()).toMatchObject({ attempts: 0 });
    expect(rc.deliveries()).toHaveLength(attempts);

    // Reactivation by PUT (handshake passes) replays e1, e2, e3 in order right away.
    rc.setFallback({ status: 200 });
    const put = await t.call('PUT', `/hooks/${hook.id}`, { as: r.admin, body: { events: ['api:client:updated'] } });
    expect(put.status).toBe(200);
    expect(put.body.active).toBe(true);
    w.clock.set(new Date());
    await w.drain();
    expect(
      rc
        .deliveries()
        .slice(attempts)
        .map((d) => d.json.data.id),
    ).toEqual(['e1', 'e2', 'e3']);
  });

  it('a POST restoring a disabled hook replays its kept events too (fast settings)', async () => {
    const rc = await receiver({ answers: [{ status: 200 }], fallback: { status: 500 } });
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    const w = worker({ retryBaseMs: 10, retryMaxMs: 10, disableAfterFailures: 3, disableAfterMs: 0 });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'k1' });
    for (let i = 0; i < 3; i++) {
      w.clock.advance(1_000);
      await w.tick();
    }
    expect(rc.deliveries()).toHaveLength(3);
    expect((await t.call('GET', `/hooks/${hook.id}`, { as: r.admin })).body.active).toBe(false);
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'k2' });
    rc.setFallback({ status: 200 });
    const restored = await t.call('POST', '/hooks', { as: r.admin, body: { targetUrl: rc.url, events: ['api:client:updated'] } });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: hook.id, active: true });
    w.clock.set(new Date());
    await w.drain();
    expect(
      rc
        .deliveries()
        .slice(3)
        .map((d) => d.json.data.id),
    ).toEqual(['k1', 'k2']);
  });

  it('loses nothing when the worker restarts in the middle of a retry schedule', async () => {
    const rc = await receiver({ answers: [{ status: 200 }, { status: 500 }, { status: 500 }], fallback: { status: 200 } });
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    const clock = manualClock();
    const first = worker(defaults, clock);
    first.start();
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'r1' });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'r2' });
    await rc.waitFor(2);
    await first.stop();
    const afterStop = rc.deliveries().length;
    expect(afterStop).toBe(1);

    // A new worker (as after a restart) on the same database picks up where the schedule stands.
    const second = worker(defaults, clock);
    expect((await second.tick()).attempts).toBe(0);
    clock.set((await nextDue(hook.id))!);
    await second.drain();
    clock.set((await nextDue(hook.id))!);
    await second.drain();
    expect(rc.deliveries().map((d) => d.json.data.id)).toEqual(['r1', 'r1', 'r1', 'r2']);
    expect(await nextDue(hook.id)).toBeUndefined();
    expect((await log(r.admin, hook.id)).map((e: { attempt: number }) => e.attempt)).toEqual([1, 3, 2, 1]);
  });

  it('the background loop delivers without being driven', async () => {
    const rc = await receiver();
    await subscribe(r.admin, rc, ['api:client:created']);
    const w = createWebhookWorker(t.deps, { settings: { ...defaults, pollMs: 20 } });
    w.start();
    try {
      await t.call('POST', '/clients', { as: r.admin, body: { name: 'Loop' } });
      await rc.waitFor(2);
      expect(rc.deliveries()[0]!.json.data.data.name).toBe('Loop');
    } finally {
      await w.stop();
    }
  });

  it('redelivers: a finished delivery is sent again under a new delivery id; a pending one is retried now', async () => {
    const rc = await receiver({ answers: [{ status: 200 }, { status: 200 }, { status: 200 }, { status: 500 }] });
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    // Real time: redelivery makes things due "now".
    const w = createWebhookWorker(t.deps);
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'once' });
    await w.drain();
    const original = rc.deliveries()[0]!.headers['x-hook-delivery'] as string;
    const res = await t.call('POST', `/hooks/${hook.id}/deliveries/${original}/redeliver`, { as: r.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ event: 'api:client:updated', status: 'pending', attempts: 0 });
    expect(res.body.deliveryId).not.toBe(original);
    await w.drain();
    expect(rc.deliveries()).toHaveLength(2);
    expect(rc.deliveries()[1]!.headers['x-hook-delivery']).toBe(res.body.deliveryId);
    expect(rc.deliveries()[1]!.body).toBe(rc.deliveries()[0]!.body);

    // Third send failed (500): pending with a backoff; redeliver makes it due now.
    await t.call('POST', `/hooks/${hook.id}/deliveries/${original}/redeliver`, { as: r.admin });
    await w.drain();
    const failed = rc.deliveries()[2]!.headers['x-hook-delivery'] as string;
    expect((await w.tick()).attempts).toBe(0);
    const retry = await t.call('POST', `/hooks/${hook.id}/deliveries/${failed}/redeliver`, { as: r.admin });
    expect(retry.body).toMatchObject({ deliveryId: failed, status: 'pending', attempts: 1 });
    await w.drain();
    expect(rc.deliveries()).toHaveLength(4);
    expect(rc.deliveries()[3]!.headers['x-hook-delivery']).toBe(failed);

    expect((await t.call('POST', `/hooks/${hook.id}/deliveries/${crypto.randomUUID()}/redeliver`, { as: r.admin })).status).toBe(404);
    expect((await t.call('POST', `/hooks/${hook.id}/deliveries/${original}/redeliver`, { as: r.supervisor })).status).toBe(404);
  });

  it('keeps events, deliveries and the log for 7 days', async () => {
    const rc = await receiver();
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    const w = worker();
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'old' });
    await w.drain();
    expect(await log(r.admin, hook.id)).toHaveLength(1);
    w.clock.advance(6 * 86_400_000);
    await w.tick();
    expect(await log(r.admin, hook.id)).toHaveLength(1);
    const aged = createWebhookWorker(t.deps, { clock: () => new Date(Date.now() + 7 * 86_400_000 + 60_000) });
    await aged.tick();
    expect(await log(r.admin, hook.id)).toEqual([]);
    const left = await t.db.select().from(webhookEvents).orderBy(asc(webhookEvents.id));
    expect(left.filter((e) => e.resourceId === 'old')).toEqual([]);
  });
});
