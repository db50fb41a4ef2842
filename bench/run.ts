/**
 * `npm run bench [-- <name filter>…]`: runs every `bench/*.bench.ts` (default export: a Bench), prints one
 * table of figures and writes them to `bench/results.json`. Benches run one after another, never in tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Bench, BenchResult } from './types.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

interface Row extends BenchResult {
  bench: string;
}

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
const budgetText = (r: BenchResult) => (r.budget ? `${r.budget.better === 'lower' ? '≤' : '≥'} ${fmt(r.budget.value)}` : '');
const verdict = (r: BenchResult) =>
  !r.budget ? '' : (r.budget.better === 'lower' ? r.value <= r.budget.value : r.value >= r.budget.value) ? 'ok' : 'OVER';
const detailsText = (r: BenchResult) =>
  Object.entries(r.details ?? {})
    .map(([k, v]) => `${k}=${typeof v === 'number' ? fmt(v) : v}`)
    .join(' ');

function table(rows: Row[]): string {
  const head = ['name', 'database', 'value', 'unit', 'budget', '', 'details'];
  const body = rows.map((r) => [r.name, r.database, fmt(r.value), r.unit, budgetText(r), verdict(r), detailsText(r)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** A failure in a few lines: the message (long SQL cut short), its causes, and where it was thrown. */
function describeError(e: unknown): string {
  const parts: string[] = [];
  for (let cur: unknown = e, depth = 0; cur && depth < 4; cur = (cur as { cause?: unknown }).cause, depth++) {
    const message = cur instanceof Error ? cur.message : String(cur);
    parts.push(message.length > 300 ? `${message.slice(0, 300)}…` : message);
    if (!(cur instanceof Error)) break;
  }
  const where = e instanceof Error ? (e.stack ?? '').split('\n').find((l) => l.includes('.bench.ts')) : undefined;
  return [parts.join('\n  caused by: '), where?.trim()].filter(Boolean).join('\n  ');
}

async function main() {
  if (files.length === 0) {
    console.error(`No bench/*.bench.ts matches ${filters.join(', ')}`);
    process.exit(2);
  }
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  const redisUrl = process.env.TEST_REDIS_URL || undefined;
  console.log(
    `Running ${files.length} bench file(s) on PGlite${postgresUrl ? ' and PostgreSQL' : ' (set TEST_DATABASE_URL to add PostgreSQL)'}${redisUrl ? ' with Redis' : ''}; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const rows: Row[] = [];
  const failures: { bench: string; error: string }[] = [];
  for (const file of files) {
    const name = file.replace(/\.bench\.ts$/, '');
    const started = Date.now();
    console.log(`\n▶ ${name}`);
    try {
      const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: Bench };
      if (typeof mod.default !== 'function') throw new Error(`${file} has no default export of type Bench`);
      const results = await mod.default({ postgresUrl, redisUrl, log: (msg) => console.log(`  [${name}] ${msg}`) });
      rows.push(...results.map((r) => ({ bench: name, ...r })));
      console.log(`✔ ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (e) {
      const error = describeError(e);
      failures.push({ bench: name, error });
      console.error(`✘ ${name} failed: ${error}`);
    }
  }
  console.log(`\n${table(rows)}\n`);
  const out = path.join(dir, 'results.json');
  // A filtered run (or a part of one, e.g. WEB_BENCH=reports) replaces only the figures it measured and keeps
  // the others from the last run; a full run writes every figure afresh.
  const measured = new Set(rows.map((r) => `${r.bench}\u0000${r.name}\u0000${r.database}`));
  if (filters.length && fs.existsSync(out)) {
    try {
      const previous = JSON.parse(fs.readFileSync(out, 'utf8')) as { results?: Row[] };
      rows.unshift(...(previous.results ?? []).filter((r) => !measured.has(`${r.bench}\u0000${r.name}\u0000${r.database}`)));
    } catch {
      // an unreadable previous file is simply replaced
    }
  }
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    postgres: Boolean(postgresUrl),
    results: rows,
    failures,
  };
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
  if (failures.length) {
    console.error(`${failures.length} bench file(s) failed: ${failures.map((f) => f.bench).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
// Benches may leave pools or timers behind; the figures are written, so end here.
process.exit(process.exitCode ?? 0);
