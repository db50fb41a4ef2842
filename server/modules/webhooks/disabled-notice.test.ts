import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext, TestUser } from '../../test/harness.ts';
import { deliveryKit } from '../../test/webhook-delivery.ts';
import { hookSuite, type Answer } from '../../test/webhook-receiver.ts';

/* A webhook turned off after sustained failures: its owner (here an admin) and the team's admins hear of it once, nobody else. */
const suite = hookSuite({ webhooks: { timeoutMs: 2_000 }, clearHooks: true });
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let other: Awaited<ReturnType<TestContext['roles']>>;
const receiver = (opts?: { answers?: Answer[]; fallback?: Answer }) => suite.receiver(opts);
beforeAll(() => void ({ t, r, other } = suite));
const { worker, subscribe, emit } = deliveryKit(suite);
const kinds = async (u: TestUser) =>
  ((await t.call('GET', '/notifications?limit=200', { as: u })).body.items as { kind: string }[])
    .map((n) => n.kind)
    .filter((k) => k === 'webhook.disabled');

describe('a webhook turned off after failures', () => {
  it('tells its owner and the team’s admins once, with a link to Integrations', async () => {
    const rc = await receiver({ answers: [{ status: 200 }], fallback: { status: 500 } }); // the handshake, then failures
    const admin2 = await t.user(r.team.id, 'admin');
    const { hook } = await subscribe(r.admin, rc, ['api:client:updated']);
    const w = worker({ retryBaseMs: 10, retryMaxMs: 10, disableAfterFailures: 3, disableAfterMs: 0 });
    await emit(r.team.id, { kind: 'api:client:updated', resourceId: 'x1' });
    for (let i = 0; i < 5; i++) {
      w.clock.advance(1_000);
      await w.tick();
    }
    expect((await t.call('GET', `/hooks/${hook.id}`, { as: r.admin })).body.active).toBe(false);
    expect(await kinds(r.admin)).toEqual(['webhook.disabled']);
    expect(await kinds(admin2)).toEqual(['webhook.disabled']);
    for (const u of [r.supervisor, r.member, r.limited, other.admin, other.member]) expect(await kinds(u)).toEqual([]);
    const [n] = (await t.call('GET', '/notifications?limit=1', { as: r.admin })).body.items;
    expect(n).toMatchObject({ kind: 'webhook.disabled', subject: { type: 'webhook', id: hook.id }, actor: null });
    // The host only: a hook's path or query often holds the receiver's secret, and every admin reads this.
    expect(n.title).toBe(`Webhook ${hook.id} to ${new URL(rc.url).host} was turned off after failing again and again`);
    expect(n.title).not.toContain(new URL(rc.url).pathname);
    expect(n.comment).toBe('Last attempt: it answered 500.');
  });
});
