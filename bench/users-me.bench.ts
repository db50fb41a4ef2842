/**
 * GET /users/me under load against the real API server (startApi on a free port, in this process),
 * on PGlite and on PostgreSQL when given, and the same load on a bare node:http server answering `{}`
 * as the floor. The load generator runs in a worker thread so it does not share the server's event loop.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
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

/** The floor: a bare node:http server answering `{}`. */
async function floor(): Promise<Load> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '2' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await load(url, {}, 1);
    return await load(url, {});
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
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
  log(`floor: bare node:http, ${DURATION_S} s × ${CONNECTIONS} connections`);
  const base = await floor();
  const results: BenchResult[] = [
    {
      name: 'bare node:http {} throughput (floor)',
      database: 'none',
      value: base.rps,
      unit: 'req/s',
      details: { p50_ms: base.p50, p99_ms: base.p99 },
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
      floor_rps: base.rps,
      ratio_to_floor: Number((m.rps / base.rps).toFixed(3)),
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
