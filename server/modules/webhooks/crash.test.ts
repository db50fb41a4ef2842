import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookDeliveries } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { emitEvent } from './outbox.ts';
import { manualClock, startReceiver, type Receiver } from '../../test/webhook-receiver.ts';
import { createWebhookWorker, leaseMsOf } from './worker.ts';

// Delivery is at least once: an instance that dies mid-run leaves its claim to expire, and another instance
// then sends again only what the dead one had not yet written, under the same X-Hook-Delivery ids.
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let rc: Receiver;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  rc = await startReceiver({ answers: [{ status: 200 }, { status: 200 }, { status: 200 }, { status: 200 }, 'hang'] });
});
afterAll(() => rc.close());

describe('a crashed instance', () => {
  it('leaves a duplicate window of one lease, for the deliveries it had not written; ids stay the same', async () => {
    const hook = await t.call('POST', '/hooks', { as: r.admin, body: { targetUrl: rc.url, events: ['api:client:created'] } });
    expect(hook.status).toBe(201);
    for (let i = 1; i <= 5; i++)
      await emitEvent(t.scope(r.team.id), { kind: 'api:client:created', actorId: r.admin.id, resourceId: String(i), resource: { id: i }, projectId: null, projects: [], users: [] });

    // A long send timeout stands for an instance that stops answering (or dies) in the middle of its 4th send.
    const settings = { ...t.deps.config.webhooks, timeoutMs: 60_000 };
    const clock = manualClock();
    const start = clock().getTime();
    const first = createWebhookWorker(t.deps, { clock, settings, random: () => 0.5, flushMs: 0 });
    const dying = first.tick();
    await rc.waitFor(5); // the handshake and four deliveries; the 4th never answers
    const sent = rc.deliveries().map((d) => d.headers['x-hook-delivery'] as string);
    expect(sent).toHaveLength(4);
    expect(new Set(sent).size).toBe(4);

    const lease = leaseMsOf({ runBudgetMs: 5_000, settings });
    expect(lease).toBe(5_000 + 60_000 + 5_000);
    const second = createWebhookWorker(t.deps, { clock: manualClock(new Date(start + lease - 1_000)), settings, random: () => 0.5 });
    expect(await second.tick()).toMatchObject({ attempts: 0 });

    const later = createWebhookWorker(t.deps, { clock: manualClock(new Date(start + lease + 1_000)), settings, random: () => 0.5 });
    expect(await later.drain()).toMatchObject({ attempts: 2 });
    const again = rc.deliveries().slice(4);
    expect(again.map((d) => d.json.data.id)).toEqual(['4', '5']);
    // The 4th goes again under the id it had; the three written before the crash are not sent again.
    expect(again[0]!.headers['x-hook-delivery']).toBe(sent[3]);
    expect(again.map((d) => d.headers['x-hook-delivery'])).not.toContain(sent[0]);

    await rc.close(); // the dead instance's connection drops; what it writes now is not under its lease any more
    await dying;
    const rows = await t.db.select().from(hookDeliveries).where(eq(hookDeliveries.hookId, hook.body.id));
    expect(rows.map((d) => [d.status, d.attempts])).toEqual(Array.from({ length: 5 }, () => ['delivered', 1]));
    expect((await t.call('GET', `/hooks/${hook.body.id}/deliveries`, { as: r.admin })).body).toHaveLength(5);
  });
});
