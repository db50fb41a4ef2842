import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadWebhookSettings, type WebhookSettings } from '../config.ts';
import { hooks } from '../db/schema/index.ts';
import { setupTestApp, type TestContext } from './harness.ts';

/** One request a test receiver got. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

/** What the receiver answers: a status (and body), or `hang` to never answer. */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP server on 127.0.0.1 that records every request. `answers` are used in order, one per
 * request; after they run out, `fallback` answers (200 by default).
 */
export async function startReceiver(opts: { answers?: Answer[]; fallback?: Answer } = {}) {
  const received: Received[] = [];
  const answers = [...(opts.answers ?? [])];
  let fallback: Answer = opts.fallback ?? { status: 200 };
  const waiters: { n: number; resolve: () => void }[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = undefined;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        /* not JSON */
      }
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json });
      for (const w of [...waiters]) {
        if (received.length >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
      const a = answers.length ? answers.shift()! : fallback;
      if (a === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      res.writeHead(a.status, { 'Content-Type': 'text/plain', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Requests other than the handshake (those carry X-Hook-Event). */
    deliveries: () => received.filter((r) => r.headers['x-hook-event'] !== undefined),
    handshakes: () => received.filter((r) => r.headers['x-hook-secret'] !== undefined),
    setFallback(a: Answer) {
      fallback = a;
    },
    queue(...a: Answer[]) {
      answers.push(...a);
    },
    /** Resolves once `n` requests in total have arrived. */
    waitFor(n: number) {
      if (received.length >= n) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ n, resolve }));
    },
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A clock the test moves by hand. */
export function manualClock(start = new Date()) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  clock.set = (d: Date) => {
    now = d.getTime();
  };
  return clock;
}

type Roles = Awaited<ReturnType<TestContext['roles']>>;

/**
 * A webhook test file's setup: the app on a fresh database (with `webhooks` settings), two teams' roles, receivers
 * that are closed after the file, and, with `clearHooks`, no hooks left after each test. Read `t`, `r` and `other`
 * in a `beforeAll` registered after this call, or inside tests.
 */
export function hookSuite(opts: { webhooks?: Partial<WebhookSettings>; clearHooks?: boolean } = {}) {
  const receivers: Receiver[] = [];
  const suite = {
    t: undefined as unknown as TestContext,
    r: undefined as unknown as Roles,
    other: undefined as unknown as Roles,
    async receiver(...args: Parameters<typeof startReceiver>) {
      const rc = await startReceiver(...args);
      receivers.push(rc);
      return rc;
    },
  };
  beforeAll(async () => {
    suite.t = await setupTestApp({ config: { webhooks: { ...loadWebhookSettings(), ...opts.webhooks } } });
    suite.r = await suite.t.roles();
    suite.other = await suite.t.roles();
  });
  if (opts.clearHooks) afterEach(() => suite.t.db.delete(hooks).then(() => undefined));
  afterAll(async () => {
    await Promise.all(receivers.map((x) => x.close()));
  });
  return suite;
}
