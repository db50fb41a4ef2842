import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects, projectUsers, users } from '../../db/schema/index.ts';
import { TEST_PUBLIC_URL, type TestContext } from '../../test/harness.ts';
import { deliveryKit } from '../../test/webhook-delivery.ts';
import { hookSuite, type Answer, type Receiver } from '../../test/webhook-receiver.ts';

const suite = hookSuite({ webhooks: { timeoutMs: 2_000 }, clearHooks: true });
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let other: Awaited<ReturnType<TestContext['roles']>>;
const receiver = (opts?: { answers?: Answer[]; fallback?: Answer }) => suite.receiver(opts);
beforeAll(() => void ({ t, r, other } = suite));

const { worker, subscribe, emit, nextDue, log } = deliveryKit(suite);

describe('delivery', () => {
  it('POSTs the spec payload of a client event with every header and a verifiable signature', async () => {
    const rc = await receiver();
    const { hook, secret } = await subscribe(r.admin, rc, ['api:client:created', 'api:client:updated']);
    const w = worker();
    const created = await t.call('POST', '/clients', { as: r.admin, body: { name: 'Hooked client', businessDetails: 'VAT 7' } });
    expect(created.status).toBe(201);
    const sentAt = new Date();
    expect(await w.drain()).toMatchObject({ dispatched: 1, attempts: 1 });

    const [d] = rc.deliveries();
    expect(d).toBeDefined();
    expect(d!.method).toBe('POST');
    expect(d!.path).toBe('/hook');
    expect(d!.headers['content-type']).toBe('application/json');
    expect(d!.headers['user-agent']).toBe(`Timekeep-Webhooks/1.0 (+${TEST_PUBLIC_URL})`);
    expect(d!.headers['x-hook-event']).toBe('api:client:created');
    expect(d!.headers['x-hook-delivery']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(d!.headers['x-hook-secret']).toBeUndefined();
    const expected = `sha256=${crypto.createHmac('sha256', secret).update(d!.body).digest('hex')}`;
    expect(d!.headers['x-hook-signature']).toBe(expected);
    expect(crypto.timingSafeEqual(Buffer.from(d!.headers['x-hook-signature'] as string), Buffer.from(expected))).toBe(true);
    // A different secret does not verify.
    expect(d!.headers['x-hook-signature']).not.toBe(`sha256=${crypto.createHmac('sha256', 'wrong').update(d!.body).digest('hex')}`);

    expect(d!.json).toEqual({
      event: 'api:client:created',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      data: { id: String(created.body.id), data: created.body },
      attributes: { projects: [], users: [] },
      user: { id: r.admin.id, teamId: r.team.id },
    });
    // createdAt is UTC.
    expect(Math.abs(new Date(`${d!.json.createdAt.replace(' ', 'T')}Z`).getTime() - sentAt.getTime())).toBeLessThan(60_000);

    const got = (await t.call('GET', `/hooks/${hook.id}`, { as: r.admin })).body;
    expect(got.lastUsedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const entries = await log(r.admin, hook.id);
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        event: 'api:client:created',
        deliveryId: d!.headers['x-hook-delivery'],
        attempt: 1,
        statusCode: 200,
        error: null,
        responseExcerpt: null,
        durationMs: expect.any(Number),
        success: true,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('client updates, budget changes and budget removal send api:client:updated; a refused change sends nothing', async () => {
    const rc = await receiver();
    await subscribe(r.admin, rc, ['api:client:created', 'api:client:updated']);
    const w = worker();
    const c = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'Budget client' } })).body;
    expect((await t.call('PUT', `/clients/${c.id}`, { as: r.admin, body: { name: 'Renamed' } })).status).toBe(200);
    expect(
      (await t.call('PUT', `/clients/${c.id}/budget`, { as: r.admin, body: { type: 'money', budget: 5000, period: 'monthly' } })).status,
    ).toBe(200);
    expect((await t.call('DELETE', `/clients/${c.id}/budget`, { as: r.admin })).status).toBe(200);
    // Refused: validation and permission failures commit nothing, so no event.
    expect((await t.call('PUT', `/clients/${c.id}`, { as: r.admin, body: { projects: ['ev:999999'] } })).status).toBe(422);
    expect((await t.call('PUT', `/clients/${c.id}`, { as: r.member, body: { name: 'x' } })).status).toBe(403);
    await w.drain();
    expect(rc.deliveries().map((d) => d.headers['x-hook-event'])).toEqual([
      'api:client:created',
      'api:client:updated',
      'api:client:updated',
      'api:client:updated',
    ]);
    expect(rc.deliveries().map((d) => d.json.data.data.name)).toEqual(['Budget client', 'Renamed', 'Renamed', 'Renamed']);
    expect(rc.deliveries()[2]!.json.data.data.budget).toMatchObject({ type: 'money', budget: 5000, period: 'monthly' });
    expect(rc.deliveries()[3]!.json.data.data.budget).toBeUndefined();
    expect(new Set(rc.deliveries().map((d) => d.headers['x-hook-delivery'])).size).toBe(4);
  });

  it('delivers only subscribed kinds, only to the same team, and to project-scoped hooks only their project', async () => {
    const scope = t.scope(r.team.id);
    const pa = await scope.insert(projects, { name: 'A' });
    const pb = await scope.insert(projects, { name: 'B' });
    const all = await receiver();
    const scoped = await receiver();
    const foreign = await receiver();
    const tasksOnly = await receiver();
    await subscribe(r.admin, all, ['api:task:created', 'api:client:created']);
    await subscribe(r.admin, scoped, ['api:task:created'], `ev:${pa.id}`);
    await subscribe(other.admin, foreign, ['api:task:created', 'api:client:created']);
    await subscribe(r.supervisor, tasksOnly, ['api:task:updated']);
    const w = worker();
    await emit(r.team.id, { kind: 'api:task:created', resourceId: 'ev:1', projectId: pa.id, projects: [`ev:${pa.id}`] });
    await emit(r.team.id, { kind: 'api:task:created', resourceId: 'ev:2', projectId: pb.id, projects: [`ev:${pb.id}`] });
    await emit(r.team.id, { kind: 'api:client:created', resourceId: '3' });
    await emit(other.team.id, { kind: 'api:task:created', resourceId: 'ev:4', projectId: null, actorId: other.admin.id });
    await w.drain();
    const ids = (rc: Receiver) => rc.deliveries().map((d) => d.json.data.id);
    expect(ids(all)).toEqual(['ev:1', 'ev:2', '3']);
    expect(ids(scoped)).toEqual(['ev:1']);
    expect(ids(foreign)).toEqual(['ev:4']);
    expect(foreign.deliveries()[0]!.json.user).toEqual({ id: other.admin.id, teamId: other.team.id });
    expect(ids(tasksOnly)).toEqual([]);
  });

  it("never sends a hook what its owner may not read (private projects, others' time, client events)", async () => {
    const scope = t.scope(r.team.id);
    const open = await scope.insert(projects, { name: 'Open' });
    const hidden = await scope.insert(projects, { name: 'Hidden', privacy: true });
    const assigned = await scope.insert(projects, { name: 'Assigned', privacy: true });
    await scope.insert(projectUsers, { projectId: assigned.id, userId: r.member.id });
    await scope.insert(projectUsers, { projectId: assigned.id, userId: r.limited.id });
    const kinds = ['api:task:created', 'api:time:updated', 'api:timer:started'];
    const member = await receiver();
    const limited = await receiver();
    const supervisor = await receiver();
    await subscribe(r.member, member, kinds);
    await subscribe(r.limited, limited, kinds);
    await subscribe(r.supervisor, supervisor, [...kinds, 'api:client:updated']);
    const w = worker();
    await emit(r.team.id, { kind: 'api:task:created', resourceId: 'open', projectId: open.id });
    await emit(r.team.id, { kind: 'api:task:created', resourceId: 'hidden', projectId: hidden.id });
    await emit(r.team.id, { kind: 'api:task:created', resourceId: 'assigned', projectId: assigned.id });
    await emit(r.team.id, { kind: 'api:time:updated', resourceId: 'member-time', projectId: open.id, users: [r.member.id] });
    await emit(r.team.id, { kind: 'api:time:updated', resourceId: 'admin-time', projectId: open.id, users: [r.admin.id] });
    await emit(r.team.id, { kind: 'api:timer:started', resourceId: 'limited-timer', projectId: assigned.id, users: [r.limited.id] });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'client' });
    await w.drain();
    const ids = (rc: Receiver) => rc.deliveries().map((d) => d.json.data.id);
    expect(ids(member)).toEqual(['open', 'assigned', 'member-time']);
    expect(ids(limited)).toEqual(['assigned', 'limited-timer']);
    expect(ids(supervisor)).toEqual(['open', 'hidden', 'assigned', 'member-time', 'admin-time', 'limited-timer', 'client']);
  });

  it('sends nothing more to the hooks of a user removed from the team', async () => {
    const leaver = await t.user(r.team.id, 'admin');
    const rc = await receiver({ answers: [{ status: 200 }, { status: 500 }], fallback: { status: 200 } });
    const { hook } = await subscribe(leaver, rc, ['api:client:updated']);
    const w = worker({ retryBaseMs: 1_000 });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'before' });
    await w.drain();
    expect(rc.deliveries()).toHaveLength(1);
    await t.db.update(users).set({ status: 'removed' }).where(eq(users.id, leaver.id));
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'after' });
    w.clock.set((await nextDue(hook.id))!);
    await w.drain();
    expect(rc.deliveries()).toHaveLength(1);
  });
});
