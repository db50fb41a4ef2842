import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebhookSettings } from '../../config.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { emitEvent } from './outbox.ts';
import { startReceiver, type Receiver } from '../../test/webhook-receiver.ts';
import { createWebhookWorker } from './worker.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('two API instances on one PostgreSQL', () => {
  let t: TestContext;
  let second: Database;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    t = await setupTestApp({ config: { webhooks: { ...loadWebhookSettings(), timeoutMs: 2_000, pollMs: 10 } } });
    expect(t.database.kind).toBe('postgres');
    // A second connection pool to the same database, as a second process would have.
    const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    second = await openPostgres(url, { migrate: false, max: 5 });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await second?.close();
  });

  it('deliver each event exactly once between them, in order per hook', async () => {
    const team = await t.team();
    const admin = await t.user(team.id, 'admin');
    const hookCount = 4;
    for (let i = 0; i < hookCount; i++) {
      const rc = await startReceiver();
      receivers.push(rc);
      const res = await t.call('POST', '/hooks', { as: admin, body: { targetUrl: rc.url, events: ['api:client:updated'] } });
      expect(res.status).toBe(201);
    }
    const a = createWebhookWorker(t.deps, { runLength: 5 });
    const b = createWebhookWorker({ ...t.deps, db: second.db }, { runLength: 5 });
    const events = 120;
    const counts = { a: 0, b: 0 };
    let producing = true;
    const produce = (async () => {
      for (let i = 0; i < events; i += 10) {
        await t.scope(team.id).tx(async (s) => {
          for (let j = i; j < i + 10; j++) {
            await emitEvent(s, { kind: 'api:client:updated', actorId: admin.id, resourceId: String(j), resource: { n: j }, projectId: null, projects: [], users: [] });
          }
        });
      }
      producing = false;
    })();
    const run = async (w: ReturnType<typeof createWebhookWorker>, key: 'a' | 'b') => {
      for (;;) {
        const r = await w.tick();
        counts[key] += r.attempts;
        if (!producing && r.attempts === 0 && r.dispatched === 0 && receivers.every((rc) => rc.deliveries().length >= events)) return;
      }
    };
    await Promise.all([produce, run(a, 'a'), run(b, 'b')]);
    // Nothing is left for either instance.
    expect((await a.drain()).attempts + (await b.drain()).attempts).toBe(0);

    expect(counts.a + counts.b).toBe(events * hookCount);
    expect(counts.a).toBeGreaterThan(0);
    expect(counts.b).toBeGreaterThan(0);
    for (const rc of receivers) {
      const got = rc.deliveries();
      expect(got).toHaveLength(events);
      expect(new Set(got.map((d) => d.headers['x-hook-delivery'])).size).toBe(events);
      expect(got.map((d) => Number(d.json.data.id))).toEqual(Array.from({ length: events }, (_, i) => i));
    }
  });
});
