import { onEachDatabase, quantile } from './databases.ts';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/client.ts';
import { projects, tasks } from '../server/db/schema/index.ts';
import { Scope } from '../server/db/scope.ts';
import type { Deps } from '../server/http/env.ts';
import { createRateLimiter } from '../server/http/rate-limit.ts';
import { createLogger } from '../server/lib/logger.ts';
import { Secrets } from '../server/lib/secrets.ts';
import { createTeam, createUser } from '../server/modules/users/service.ts';
import { emitEvent } from '../server/modules/webhooks/outbox.ts';
import { createWebhookWorker } from '../server/modules/webhooks/worker.ts';
import type { Bench, BenchContext, BenchResult } from './types.ts';

const THROUGHPUT_EVENTS = 2_000;
const LATENCY_SAMPLES = 60;

/** A local receiver that answers 204 and lets the bench wait for the n-th delivery. */
async function receiver() {
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.headers['x-hook-event']) count++;
      for (const w of [...waiters]) {
        if (count < w.n) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    get count() {
      return count;
    },
    waitFor: (n: number) => (count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise((r) => server.close(r)),
  };
}

async function measure(ctx: BenchContext, database: Database, kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const config = loadConfig({ PUBLIC_URL: 'http://bench.test', DATA_DIR: '.tmp/bench-webhooks', WEBHOOK_ALLOW_PRIVATE: '1' });
  const rl = createRateLimiter({ points: 1_000_000, durationSec: 10 });
  const deps: Deps = {
    db: database.db,
    config,
    secrets: new Secrets('bench'),
    logger: createLogger('silent'),
    clock: () => new Date(),
    rateLimiter: rl.limiter,
  };
  const app = createApp(deps);
  const team = await createTeam(database.db, `Webhook bench ${crypto.randomBytes(3).toString('hex')}`);
  const { row: admin, apiKey } = await createUser(database.db, deps.secrets, {
    teamId: team.id,
    role: 'admin',
    email: `wh-${team.id}@example.test`,
    name: 'Bench admin',
  });
  const scope = new Scope(database.db, team.id);
  const project = await scope.insert(projects, { name: 'Bench project' });
  const task = await scope.insert(tasks, { projectId: project.id, name: 'Bench task' });
  const call = (method: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json', ...extra },
      body: JSON.stringify(body),
    });

  const rc = await receiver();
  const created = await call(
    'POST',
    '/hooks',
    { targetUrl: rc.url, events: ['api:client:updated', 'api:time:updated', 'api:client:created'] },
    { 'X-Skip-Handshake': 'true' },
  );
  if (created.status !== 201) throw new Error(`POST /hooks answered ${created.status}`);
  const results: BenchResult[] = [];
  const worker = createWebhookWorker(deps);
  try {
    // Throughput: a backlog of events, one hook (deliveries to one hook go out one after another, in order).
    for (let i = 0; i < THROUGHPUT_EVENTS; i += 100) {
      await scope.tx(async (s) => {
        for (let j = i; j < i + 100; j++) {
          await emitEvent(s, {
            kind: 'api:client:updated',
            actorId: admin.id,
            resourceId: String(j),
            resource: { id: j, name: `Client ${j}` },
            projectId: null,
            projects: [],
            users: [],
          });
        }
      });
    }
    const started = performance.now();
    worker.start();
    await rc.waitFor(THROUGHPUT_EVENTS);
    const seconds = (performance.now() - started) / 1000;
    const perSecond = Math.round(THROUGHPUT_EVENTS / seconds);
    ctx.log(`webhooks (${kind}): ${THROUGHPUT_EVENTS} events delivered in ${seconds.toFixed(2)} s, ${perSecond}/s`);
    results.push({
      name: 'webhooks: events delivered per second (one hook, local receiver)',
      database: kind,
      value: perSecond,
      unit: 'events/s',
      details: { events: THROUGHPUT_EVENTS },
    });

    // Latency: from sending POST /time to the receiver having its api:time:updated (worker polling every pollMs).
    let route = 'POST /time';
    const probe = await call('POST', '/time', { task: `ev:${task.id}`, date: '2026-01-01', time: 60 });
    if (probe.status !== 201) route = 'POST /clients';
    await rc.waitFor(THROUGHPUT_EVENTS + 1);
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const before = rc.count;
      const t0 = performance.now();
      const res =
        route === 'POST /time'
          ? await call('POST', '/time', { task: `ev:${task.id}`, date: `2026-02-${String((i % 28) + 1).padStart(2, '0')}`, time: 60 })
          : await call('POST', '/clients', { name: `Latency ${i}` });
      if (res.status !== 201) throw new Error(`${route} answered ${res.status}`);
      await rc.waitFor(before + 1);
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const p50 = Math.round(quantile(samples, 0.5));
    const p99 = Math.round(quantile(samples, 0.99));
    ctx.log(`webhooks (${kind}): ${route} to delivery p50 ${p50} ms, p99 ${p99} ms (poll ${config.webhooks.pollMs} ms)`);
    results.push({
      name: `webhooks: ${route} to delivery`,
      database: kind,
      value: p50,
      unit: 'ms',
      details: { p50, p99, samples: LATENCY_SAMPLES, pollMs: config.webhooks.pollMs },
    });
  } finally {
    await worker.stop();
    await rc.close();
    await rl.close();
  }
  return results;
}

const bench: Bench = (ctx) => onEachDatabase(ctx, 'hooks', (database, kind) => measure(ctx, database, kind));

export default bench;
