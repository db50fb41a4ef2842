import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../server/db/client.ts';
import { appOn } from './bench-app.ts';
import { seedDashboardData } from './dashboards.bench.ts';
import { onEachDatabase } from './databases.ts';
import type { Bench, BenchContext, BenchResult } from './types.ts';

const RUNS = 3;
const BUDGET_MS = 3000;
const BUDGET_MB = 200;
const RANGE = 'date.gte=2026-03-01&date.lte=2026-03-31';

const MB = 1024 * 1024;

/**
 * One download, read to its last byte, timed, with the server's memory over idle: the highest resident
 * size seen (sampled every 5 ms while the answer is made and streamed) less the size just before.
 */
async function measure(request: () => Response | Promise<Response>) {
  (globalThis as { gc?: () => void }).gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const start = performance.now();
  try {
    const res = await request();
    const bytes = (await res.arrayBuffer()).byteLength;
    const ms = performance.now() - start;
    peak = Math.max(peak, process.memoryUsage().rss);
    if (res.status !== 200) throw new Error(`export answered ${res.status}`);
    return { ms, bytes, overIdleMb: (peak - idle) / MB };
  } finally {
    clearInterval(sampler);
  }
}

/** The project report (as Excel and as PDF) and the detailed time of 50,000 records (as Excel): time to the last byte and memory over idle. */
async function measureExports(ctx: BenchContext, database: Database, kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-export-'));
  const { app, secrets, close } = appOn(database, dataDir);
  try {
    ctx.log(`exports (${kind}): seeding 50000 time records`);
    const { adminKey } = await seedDashboardData(database.db, secrets);
    const headers = { 'X-Api-Key': adminKey };
    const results: BenchResult[] = [];
    const cases = [
      ['project report of 50000 records as Excel', `/dashboards/projects/export?${RANGE}&format=xlsx`],
      ['project report of 50000 records as PDF', `/dashboards/projects/export?${RANGE}&format=pdf`],
      ['detailed time of 50000 records as Excel', `/team/time/export?from=2026-03-01&to=2026-03-31&fields=date,user,project,task&format=xlsx`],
    ] as const;
    for (const [name, url] of cases) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(() => app.request(url, { headers })));
      const worst = runs.reduce((a, r) => (r.ms > a.ms ? r : a));
      const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
      const mem = Math.max(...runs.map((r) => r.overIdleMb));
      ctx.log(`${name} (${kind}): median ${ms.toFixed(0)} ms, ${mem.toFixed(1)} MB over idle, ${worst.bytes} bytes`);
      results.push({
        name,
        database: kind,
        value: Math.round(ms),
        unit: 'ms',
        budget: { value: BUDGET_MS, better: 'lower' },
        details: { runs: RUNS, slowestMs: Math.round(worst.ms), bytes: worst.bytes },
      });
      results.push({
        name: `${name}: server memory over idle`,
        database: kind,
        value: Math.round(mem * 10) / 10,
        unit: 'MB',
        budget: { value: BUDGET_MB, better: 'lower' },
      });
    }
    return results;
  } finally {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const bench: Bench = (ctx) => onEachDatabase(ctx, 'exports', (database, kind) => measureExports(ctx, database, kind));

export default bench;
