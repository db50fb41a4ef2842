/**
 * A flood of requests without a credential from one address against a real API process, and what it does to
 * a signed-in user: how many of the flood were answered and how many refused (429), and the user's median
 * latency of GET /users/me before and during the flood.
 *
 *   node --import tsx bench/unauth-flood.ts [requests=2000] [concurrency=50]
 *
 * Extra environment (e.g. UNAUTH_RATE_POINTS=1000000000 to see the flood unlimited) is passed to the API.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnApi } from '../server/test/api-process.ts';

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 50);
const repo = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-flood-'));
// The signed-in user's own limit is lifted: the figure is the flood's effect on them, not their own allowance.
const env = { DATA_DIR: dataDir, DATABASE_URL: '', SECRET: 'flood-bench-secret', LOG_LEVEL: 'warn', RATE_LIMIT_POINTS: '1000000000' };

const added = execFileSync(
  process.execPath,
  ['--import', 'tsx', 'server/cli/main.ts', 'user', 'add', '--name', 'Ada', '--email', 'ada@example.test', '--role', 'admin'],
  { cwd: repo, env: { ...process.env, ...env }, encoding: 'utf8' },
);
const { apiKey } = JSON.parse(added.trim().split('\n').at(-1)!) as { apiKey: string };
const api = await spawnApi(env);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function signedIn(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${api.url}/users/me`, { headers: { 'X-Api-Key': apiKey } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`signed-in request answered ${res.status}`);
  return performance.now() - t;
}
async function userLatencies(until: () => boolean, min = 0) {
  const out: number[] = [];
  while (!until() || out.length < min) out.push(await signedIn());
  return out;
}

try {
  for (let i = 0; i < 50; i++) await signedIn();
  const before = await userLatencies(() => true, 200);
  const paths = ['/users/me', '/no/such/path', '/oauth/token', '/oauth/authorize'];
  const statuses = new Map<number, number>();
  let sent = 0;
  let done = false;
  const worker = async () => {
    while (sent < total) {
      const i = sent++;
      const p = paths[i % paths.length]!;
      const res = await fetch(`${api.url}${p}`, { method: p === '/oauth/token' ? 'POST' : 'GET' });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  const started = performance.now();
  const flood = Promise.all(Array.from({ length: concurrency }, worker)).then(() => (done = true));
  const during = await userLatencies(() => done, 20);
  await flood;
  const refused = statuses.get(429) ?? 0;
  console.log(
    JSON.stringify({
      flood: {
        requests: total,
        concurrency,
        seconds: Math.round(performance.now() - started) / 1000,
        answered: total - refused,
        refused,
        statuses: Object.fromEntries(statuses),
      },
      signedInMedianMs: {
        before: Math.round(median(before) * 10) / 10,
        during: Math.round(median(during) * 10) / 10,
        samplesDuring: during.length,
      },
    }),
  );
} finally {
  await api.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
