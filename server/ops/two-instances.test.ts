import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hookDeliveries, webhookEvents } from '../db/schema/index.ts';
import { startReceiver } from '../test/webhook-receiver.ts';
import type { ApiProcess } from '../test/api-process.ts';
import { withCluster, type Cluster } from '../test/cluster.ts';
import { LoadClient } from '../test/load-client.ts';
import { bookedSeconds, prepareTeam, runLoad, type LoadOptions } from '../test/load.ts';

// Two API processes on one PostgreSQL database and one Redis, a mixed load sent to both through a client-side
// balancer, and a rolling restart: one instance gets SIGTERM while requests are in flight on it, a new one takes
// its place. CI sets both URLs; without them the test is skipped.
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** Requests per credential per window: above what one simulated user sends in the whole test, below the probe. */
const POINTS = 60;
const PHASE_ACTIONS = [200, 100];
const KILL_AFTER_ATTEMPTS = 50;

/** Waits until every time event is fanned out and every delivery of `hookId` written as delivered. */
async function deliveriesSettled(cluster: Cluster, hookId: number, received: () => Set<string>) {
  const db = cluster.database.db;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const undispatched = await db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.teamId, cluster.team.teamId), isNull(webhookEvents.dispatchedAt)));
    const rows = await db.select({ id: hookDeliveries.deliveryId, status: hookDeliveries.status }).from(hookDeliveries).where(eq(hookDeliveries.hookId, hookId));
    const got = received();
    const open = undispatched.length + rows.filter((r) => r.status !== 'delivered').length;
    if (open === 0 && rows.every((r) => got.has(r.id))) return rows.map((r) => r.id);
    if (Date.now() > deadline) throw new Error(`Deliveries still open after 30 s: ${open} pending, ${rows.filter((r) => !got.has(r.id)).length} not received`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!postgresUrl || !redisUrl)('two API instances on one PostgreSQL and one Redis', () => {
  it('carry a mixed load through a rolling restart: no request lost, no save applied twice, one rate limit, every webhook delivered', async () => {
    const env = { RATE_LIMIT_POINTS: String(POINTS), RATE_LIMIT_WINDOW: '60', WEBHOOK_POLL_MS: '50', WEBHOOK_TIMEOUT_MS: '3000', LOG_LEVEL: 'warn' };
    await withCluster({ postgresUrl: postgresUrl!, redisUrl: redisUrl!, instances: 2, members: 9, name: 'two_instances', env }, async (cluster) => {
      const [a, b] = cluster.instances as [ApiProcess, ApiProcess];
      // The first member is kept out of the load: their key probes the rate limit at the end.
      const [prober, ...members] = cluster.team.members;
      const team = { ...cluster.team, members };
      const client = new LoadClient([a.url, b.url]);
      const receiver = await startReceiver();
      try {
        const hook = await client.send('hook', team.admin.key, 'POST', '/hooks', { body: { targetUrl: receiver.url, events: ['api:time:updated'] } });
        expect(hook.status).toBe(201);
        const prepared = await prepareTeam(client, team);

        // The balancer takes the instance out of its rotation as it sends SIGTERM, right after a request went to it.
        let killAt = Infinity;
        let replacement: Promise<ApiProcess> | undefined;
        client.onSend = (target) => {
          if (replacement || target !== a.url || client.attempts.length < KILL_AFTER_ATTEMPTS) return;
          killAt = performance.now();
          client.remove(a.url);
          a.child.kill('SIGTERM');
          replacement = cluster.start();
          replacement.catch(() => undefined);
        };
        const load = (actions: number) => {
          const o: LoadOptions = { client, team, actions, deadlineMs: 40_000, mix: { save: 3, readWeek: 2, timer: 0 }, admins: 1, repeatEvery: 4 };
          return runLoad(o);
        };
        const first = await load(PHASE_ACTIONS[0]!);
        expect(replacement, 'the load ended before the kill').toBeDefined();
        const c = await replacement!;
        expect(await a.exited, a.log()).toBe(0);
        client.add(c.url);
        const second = await load(PHASE_ACTIONS[1]!);

        // From the client's side: every action got its expected answer, and the only attempts without an answer
        // (or with a 5xx) were on the stopped instance, sent before the kill and still in flight then.
        expect([...first.errors, ...second.errors]).toEqual([]);
        const inFlight = client.attempts.filter((x) => x.target === a.url && x.start < killAt && x.end > killAt);
        expect(inFlight.length).toBeGreaterThan(0);
        const failed = client.attempts.filter((x) => x.status === null || x.status >= 500);
        expect(failed.filter((x) => !inFlight.includes(x))).toEqual([]);
        expect(client.attempts.some((x) => x.target === c.url)).toBe(true);

        // No double time: what each member booked is exactly what they meant to add, though every fourth save was
        // sent twice and the ones cut by the kill were sent again, all with their Idempotency-Key.
        const meant = new Map<number, number>();
        for (const m of [prepared.meant, first.meant, second.meant]) for (const [id, s] of m) meant.set(id, (meant.get(id) ?? 0) + s);
        expect(await bookedSeconds(client, team)).toEqual(meant);

        // One rate limit across instances: the prober's requests alternate between the two live ones and exactly
        // POINTS pass in the window (two limits, one per instance, would let twice as many through).
        const statuses: number[] = [];
        for (let i = 0; i < 2 * POINTS + 20; i++) {
          const res = await fetch(`${[b.url, c.url][i % 2]}/users/me`, { headers: { 'X-Api-Key': prober!.key } });
          await res.arrayBuffer();
          statuses.push(res.status);
        }
        expect(statuses.filter((s) => s === 200)).toHaveLength(POINTS);
        expect(statuses.filter((s) => s === 429)).toHaveLength(POINTS + 20);

        // Webhooks: one event per save that applied, each delivered at least once under its own X-Hook-Delivery id.
        const received = () => new Set(receiver.deliveries().map((d) => String(d.headers['x-hook-delivery'])));
        const ids = await deliveriesSettled(cluster, hook.json.id as number, received);
        const events = await cluster.database.db
          .select({ id: webhookEvents.id })
          .from(webhookEvents)
          .where(and(eq(webhookEvents.teamId, team.teamId), eq(webhookEvents.kind, 'api:time:updated')));
        expect(events).toHaveLength(prepared.saves + first.saves + second.saves);
        expect(new Set(ids).size).toBe(events.length);
        expect(received()).toEqual(new Set(ids));
      } finally {
        await receiver.close();
      }
    });
  }, 120_000);
});
