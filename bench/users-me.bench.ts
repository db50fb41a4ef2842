/**
 * GET /users/me under load against the real API server (startApi on a free port, in this process),
 * on PGlite and on PostgreSQL when given, and the same load on two floors: a bare node:http server answering `{}`,
 * and a bare Hono app answering `{}` on the same route, served as the API is (the figures' ratio_to_hono is the
 * cost of everything the API adds: authentication, rate limit, scope, serialisation, logging). The load generator runs in a worker thread so it does not share the server's event loop.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { serveApi } from '../server/http/node-server.ts';
import { withRunningApi } from './running-api.ts';
import type { Bench, BenchResult } from './types.ts';

const DURATION_S = 5;
const CONNECTIONS = 50;
const BUDGET_RPS = 2000;
const BUDGET_P99_MS = 50;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>, duration = DURATION_S): Promise<Load> {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration, workers: 1 });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Loads `server` on a free port of 127.0.0.1 at `path` (one second of warm-up first), then closes it. */
async function loadServer(server: http.Server, path: string): Promise<Load> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    await load(url, {}, 1);
    return await load(url, {});
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The floor: a bare node:http server answering `{}`. */
const bareNode = () =>
  loadServer(
    http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '2' });
      res.end('{}');
    }),
    '/',
  );

/** A bare Hono app answering `{}` on GET /users/me, served as the API is (`serveApi`): the framework's own cost. */
async function bareHono(): Promise<Load> {
  const app = new Hono().get('/users/me', (c) => c.json({}));
  const server = serveApi(app.fetch, { port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return loadServer(server, '/users/me');
}

/** The load on GET /users/me of the real API (on a fresh PostgreSQL database when `postgresUrl` is given). */
function api(postgresUrl: string | undefined, log: (m: string) => void): Promise<Load> {
  return withRunningApi(postgresUrl, async ({ url: base, apiKey }) => {
    const url = `${base}/users/me`;
    const headers = { 'X-Api-Key': apiKey };
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`GET /users/me answered ${check.status} before the load`);
    log(`${postgresUrl ? 'postgres' : 'pglite'}: warming up, then ${DURATION_S} s × ${CONNECTIONS} connections`);
    await load(url, headers, 1);
    return await load(url, headers);
  });
}

const bench: Bench = async ({ postgresUrl, log }) => {
  log(`floors: bare node:http, then a bare Hono app, ${DURATION_S} s × ${CONNECTIONS} connections each`);
  const base = await bareNode();
  const hono = await bareHono();
  const results: BenchResult[] = [
    { name: 'bare node:http {} throughput (floor)', database: 'none', value: base.rps, unit: 'req/s', details: { p50_ms: base.p50, p99_ms: base.p99 } },
    {
      name: 'bare Hono GET /users/me {} throughput (floor)',
      database: 'none',
      value: hono.rps,
      unit: 'req/s',
      details: { p50_ms: hono.p50, p99_ms: hono.p99, ratio_to_node: Number((hono.rps / base.rps).toFixed(3)) },
    },
  ];
  const targets: ['pglite' | 'postgres', string | undefined][] = [['pglite', undefined]];
  if (postgresUrl) targets.push(['postgres', postgresUrl]);
  for (const [database, url] of targets) {
    const m = await api(url, log);
    if (m.errors || m.non2xx) throw new Error(`${database}: ${m.errors} errors and ${m.non2xx} non-2xx answers under load`);
    const onBudget = database === 'postgres';
    const details = {
      p50_ms: m.p50,
      p99_ms: m.p99,
      requests: m.requests,
      hono_rps: hono.rps,
      ratio_to_hono: Number((m.rps / hono.rps).toFixed(3)),
      ratio_to_node: Number((m.rps / base.rps).toFixed(3)),
    };
    results.push(
      {
        name: 'GET /users/me throughput',
        database,
        value: m.rps,
        unit: 'req/s',
        ...(onBudget ? { budget: { value: BUDGET_RPS, better: 'higher' as const } } : {}),
        details,
      },
      {
        name: 'GET /users/me p99 latency',
        database,
        value: m.p99,
        unit: 'ms',
        ...(onBudget ? { budget: { value: BUDGET_P99_MS, better: 'lower' as const } } : {}),
        details: { p50_ms: m.p50, connections: CONNECTIONS },
      },
    );
  }
  return results;
};

export default bench;
