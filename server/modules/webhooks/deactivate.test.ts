import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { hookSuite, manualClock, type Receiver } from '../../test/webhook-receiver.ts';
import { createWebhookWorker } from './worker.ts';

const suite = hookSuite({ clearHooks: true });
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let other: Awaited<ReturnType<TestContext['roles']>>;
const receiver = () => suite.receiver();
beforeAll(() => void ({ t, r, other } = suite));
const worker = () => createWebhookWorker(t.deps, { clock: manualClock(), settings: t.deps.config.webhooks, random: () => 0.5 });
const events = (rc: Receiver) => rc.deliveries().map((d) => (d.json as { data: { data: { name: string } } }).data.data.name);

describe('POST /hooks/{id}/deactivate', () => {
  it('turns a webhook off without deleting it: nothing is sent or kept meanwhile; PUT turns it on again', async () => {
    const rc = await receiver();
    const created = await t.call('POST', '/hooks', { as: r.admin, body: { targetUrl: rc.url, events: ['api:client:created'] } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const w = worker();

    await t.call('POST', '/clients', { as: r.admin, body: { name: 'Before' } });
    await w.drain();
    expect(events(rc)).toEqual(['Before']);

    const off = await t.call('POST', `/hooks/${id}/deactivate`, { as: r.admin });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id, active: false, isActive: false, disabledAt: null, events: ['api:client:created'] });
    expect((await t.call('GET', '/hooks', { as: r.admin })).body).toEqual([expect.objectContaining({ id, active: false })]);

    await t.call('POST', '/clients', { as: r.admin, body: { name: 'While off' } });
    await w.drain();
    expect(events(rc)).toEqual(['Before']);
    // Deactivating again is harmless.
    expect((await t.call('POST', `/hooks/${id}/deactivate`, { as: r.admin })).status).toBe(200);

    const handshakes = rc.handshakes().length;
    const on = await t.call('PUT', `/hooks/${id}`, { as: r.admin, body: { events: ['api:client:created'] } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id, active: true });
    expect(rc.handshakes().length).toBe(handshakes + 1);

    await t.call('POST', '/clients', { as: r.admin, body: { name: 'After' } });
    await w.drain();
    // What happened while it was off is not sent later.
    expect(events(rc)).toEqual(['Before', 'After']);
  });

  it('a deactivated webhook refuses a redelivery until it is on again', async () => {
    const rc = await receiver();
    const created = await t.call('POST', '/hooks', { as: r.admin, body: { targetUrl: rc.url, events: ['api:client:created'] } });
    await t.call('POST', '/clients', { as: r.admin, body: { name: 'Once' } });
    await worker().drain();
    const [attempt] = (await t.call('GET', `/hooks/${created.body.id}/deliveries`, { as: r.admin })).body;
    await t.call('POST', `/hooks/${created.body.id}/deactivate`, { as: r.admin });
    const refused = await t.call('POST', `/hooks/${created.body.id}/deliveries/${attempt.deliveryId}/redeliver`, { as: r.admin });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe(422);
  });

  it('only for the webhook’s owner: others and other teams get 404; a bad id is refused', async () => {
    const rc = await receiver();
    const created = await t.call('POST', '/hooks', { as: r.member, body: { targetUrl: rc.url, events: ['api:time:updated'] } });
    expect(created.status).toBe(201);
    for (const as of [r.admin, other.admin]) {
      const res = await t.call('POST', `/hooks/${created.body.id}/deactivate`, { as });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404 });
    }
    expect((await t.call('GET', `/hooks/${created.body.id}`, { as: r.member })).body.active).toBe(true);
    expect((await t.call('POST', '/hooks/abc/deactivate', { as: r.member })).status).toBeGreaterThanOrEqual(400);
    expect((await t.call('POST', `/hooks/${created.body.id}/deactivate`)).status).toBe(401);
  });
});
