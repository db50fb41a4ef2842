import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
