/**
 * The web app's figures, on the production build:
 * - gzip size of the JavaScript the first render of /timesheet needs (entry, its imports, and the route
 *   chunks of the shell and the timesheet, read from Vite's manifest);
 * - navigation to the grid drawn with a week of 40 rows, cold (fresh browser context) and warm (in-app
 *   navigation back to the week), in Chromium against the real API on PGlite;
 * - per screen (bench/web-routes.ts): the JavaScript fetched to draw it and its first useful paint;
 * - keypress to totals updated in a 300-row week (performance marks the app sets when
 *   `localStorage['timekeep.perf']` is `1`), median over typed cells;
 * - the reports' JavaScript and charts (bench/web-reports.ts).
 *
 * `WEB_BENCH=reports` (or `timesheet`, `screens`, `typing`, comma-separated) runs only those parts, and
 * `WEB_BENCH_SCREENS=/reports,/invoices` only the screens whose path starts so (bench/web-routes.ts); the
 * first render's JavaScript is always measured. Unset, every part runs.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { dateAtOffset, weekDates, weekIdOf } from '../contract/weeks.ts';
import { timesheetId } from '../contract/timesheet-ids.ts';
import { startStaticServer } from '../e2e/static-server.ts';
import { Secrets } from '../server/lib/secrets.ts';
import { startApi } from '../server/main.ts';
import { createTeam, createUser } from '../server/modules/users/service.ts';
import type { Bench, BenchResult } from './types.ts';
import { chunkNames, gzipBytes, measureScreens, waterfall } from './web-routes.ts';
import { measureReports } from './web-reports.ts';

const repo = path.resolve(import.meta.dirname, '..');
const COLD_RUNS = 5;
const WARM_RUNS = 10;
const KEYS = 41;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * Gzip bytes of the entry and everything it imports statically, plus the route chunks matching `routes`
 * (their component or loader must load before the screen can draw) and what they import. Chunks loaded
 * with `import()` from inside a screen (dialogs, the approval bar, paste and copy) are not counted: the
 * first render does not wait for them.
 */
export function routeBytes(dist: string, routes: RegExp): { total: number; files: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) walk(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  walk(entry);
  Object.keys(manifest)
    .filter((k) => routes.test(k))
    .forEach(walk);
  // With them, the small module some lazy chunks import first to start their style sheets (not in the manifest).
  const files = new Set([...seen].map((k) => manifest[k]!.file));
  for (const file of [...files]) {
    const starter = /^import "\.\/(css-start-[\w-]+\.js)";/.exec(fs.readFileSync(path.join(dist, file), 'utf8'))?.[1];
    if (starter) files.add(path.posix.join(path.posix.dirname(file), starter));
  }
  let total = inlineScriptBytes(dist);
  for (const file of files) total += gzipBytes(path.join(dist, file));
  return { total, files: files.size };
}

/** The scripts written into index.html (the route preloads' starter), gzip: every first load runs them too. */
export function inlineScriptBytes(dist: string): number {
  const page = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const inline = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  return inline ? zlib.gzipSync(inline, { level: 9 }).length : 0;
}

/** The first render of /timesheet: the entry, the shell's and the timesheet's route chunks, index.html's script. */
export const firstRenderBytes = (dist: string) =>
  routeBytes(dist, /^src\/routes\/(_app\.tsx|_app\/timesheet\.tsx)\?tsr-split=.*(component|loader)/);

async function post(url: string, key: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<{ id: string | number; apiKey?: string }>;
}

/** A member with `rows` tasks holding time on the five workdays of this week. */
async function seedWeek(apiUrl: string, adminKey: string, rows: number, label: string) {
  const member = (await post(`${apiUrl}/team/users`, adminKey, {
    name: `Bench ${label}`,
    email: `bench-${label}@example.test`,
    role: 'member',
  })) as { id: number; apiKey: string; invitationUrl: string };
  // The member's key works once they have accepted their invitation.
  const password = 'bench member joins';
  const token = new URL(member.invitationUrl).searchParams.get('token') ?? '';
  const joined = await fetch(`${apiUrl}/invitation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, password, confirm: password }).toString(),
  });
  if (!joined.ok) throw new Error(`Accepting the invitation answered ${joined.status}`);
  const project = await post(`${apiUrl}/projects`, adminKey, { name: `Bench ${label}`, users: [member.id] });
  const dates = weekDates(weekIdOf(dateAtOffset(new Date(), 0), 1), 1).slice(0, 5);
  for (let i = 0; i < rows; i++) {
    const task = await post(`${apiUrl}/projects/${project.id}/tasks`, adminKey, { name: `Task ${String(i + 1).padStart(3, '0')}` });
    // Four of five days with time: the fifth stays empty to type into.
    for (const date of dates.slice(0, 4)) await post(`${apiUrl}/time`, member.apiKey, { time: 1800 + (i % 8) * 900, date, task: task.id });
  }
  return member;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A signed-in tab; with `storageState`, also what an earlier visit kept in local storage (the HTTP cache stays empty). */
export async function openSignedIn(browser: Browser, apiUrl: string, key: string, storageState?: StorageState) {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, ...(storageState ? { storageState } : {}) });
  await context.addInitScript(
    ([url, k]) => {
      localStorage.setItem('timekeep.perf', '1');
      localStorage.setItem('timekeep.session', JSON.stringify({ baseUrl: url, credential: { kind: 'apiKey', apiKey: k } }));
    },
    [apiUrl, key],
  );
  return { context, page: await context.newPage() };
}

/** When the grid was last drawn (ms from the navigation's start); a page that never draws it says where it stood. */
const gridDrawnAt = (page: Page) =>
  page
    .waitForFunction(() => performance.getEntriesByName('tk-grid-drawn', 'mark').at(-1)?.startTime ?? null, undefined, { timeout: 30_000 })
    .then((h) => h.jsonValue() as Promise<number>)
    .catch(async (e: unknown) => {
      const text = (
        await page
          .locator('main, body')
          .first()
          .innerText()
          .catch(() => '')
      )
        .replace(/\s+/g, ' ')
        .slice(0, 300);
      throw new Error(`The grid was not drawn at ${page.url()}: "${text}"`, { cause: e });
    });

/** The page's requests until the grid was drawn (its `tk-grid-drawn` mark). */
const waterfallOf = async (page: Page, names?: Map<string, string>) =>
  waterfall(
    page,
    await page.evaluate(() => performance.getEntriesByName('tk-grid-drawn', 'mark').at(-1)?.startTime ?? Infinity),
    'grid drawn',
    names,
  );

const PARTS = ['timesheet', 'screens', 'typing', 'reports'] as const;
/** The parts `WEB_BENCH` asks for (all when unset); an unknown name stops the run rather than measuring nothing. */
function partsToRun(env = process.env.WEB_BENCH): Set<(typeof PARTS)[number]> {
  if (!env) return new Set(PARTS);
  const asked = env
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`WEB_BENCH names ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
  return new Set(asked as (typeof PARTS)[number][]);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

interface Site {
  browser: Browser;
  dist: string;
  siteUrl: string;
  apiUrl: string;
}

/** Cold and returning navigations to a 40-row week, then warm ones from another screen; `firstRender` gains what the cold run fetched. */
async function measureTimesheet({ browser, dist, siteUrl, apiUrl }: Site, key: string, firstRender: BenchResult): Promise<BenchResult[]> {
  const cold: number[] = [];
  const waterfalls: string[][] = [];
  const names = chunkNames(dist);
  let kept: StorageState | undefined;
  // Scripts the browser fetched by the time the grid was drawn (first cold run): the static figure's check.
  const fetched = new Set<string>();
  for (let i = 0; i < COLD_RUNS; i++) {
    const { context, page } = await openSignedIn(browser, apiUrl, key);
    if (i === 0)
      page.on('request', (r) => r.url().startsWith(siteUrl) && r.url().endsWith('.js') && fetched.add(new URL(r.url()).pathname));
    await page.goto(`${siteUrl}/timesheet`);
    cold.push(await gridDrawnAt(page));
    waterfalls.push(await waterfallOf(page, names));
    if (i === 0) page.removeAllListeners('request');
    if (i === 0) kept = await context.storageState();
    await context.close();
  }
  // The same user coming back (a new browser session, nothing in the HTTP cache): what the app kept of the visit before.
  const returning: number[] = [];
  const returningWaterfalls: string[][] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const { context, page } = await openSignedIn(browser, apiUrl, key, kept);
    await page.goto(`${siteUrl}/timesheet`);
    returning.push(await gridDrawnAt(page));
    returningWaterfalls.push(await waterfallOf(page, names));
    await context.close();
  }
  const fetchedBytes = [...fetched].reduce((sum, p) => sum + gzipBytes(path.join(dist, p)), 0);
  firstRender.details = { ...firstRender.details, fetchedBeforeGridDrawnKB: round(fetchedBytes / 1024), fetchedFiles: fetched.size };
  // With the requests of the median run, in the order they started: what waits for what before the grid.
  const coldFigure = (name: string, runs: number[], falls: string[][]): BenchResult => ({
    name,
    database: 'pglite',
    value: round(median(runs)),
    unit: 'ms',
    budget: { value: 1000, better: 'lower' },
    details: {
      runs: COLD_RUNS,
      max: round(Math.max(...runs)),
      waterfall: falls[runs.indexOf([...runs].sort((a, b) => a - b)[Math.floor(COLD_RUNS / 2)]!)]!.join(', '),
    },
  });

  const { context, page } = await openSignedIn(browser, apiUrl, key);
  await page.goto(`${siteUrl}/timesheet`);
  await gridDrawnAt(page);
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    // Away to another screen of the bar (the header shows the first screens; Profile may sit under More).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timecards' }).click();
    await page.waitForURL(/\/timecards/);
    await page.evaluate(() => performance.clearMarks('tk-grid-drawn'));
    const started = await page.evaluate(() => performance.now());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timesheet' }).click();
    warm.push((await gridDrawnAt(page)) - started);
  }
  await context.close();
  return [
    coldFigure('web: navigation to a 40-row week drawn, cold', cold, waterfalls),
    coldFigure('web: navigation to a 40-row week drawn, cold, returning user', returning, returningWaterfalls),
    {
      name: 'web: navigation to a 40-row week drawn, warm',
      database: 'pglite',
      value: round(median(warm)),
      unit: 'ms',
      budget: { value: 150, better: 'lower' },
      details: { runs: WARM_RUNS, max: round(Math.max(...warm)) },
    },
  ];
}

/** Keypress to totals updated, typing down a column of the 300-row week of the member with `key`. */
async function measureTyping({ browser, siteUrl, apiUrl }: Site, key: string): Promise<BenchResult> {
  const typing = await openSignedIn(browser, apiUrl, key);
  await typing.page.goto(`${siteUrl}/timesheet`);
  await gridDrawnAt(typing.page);
  const rows = await typing.page.locator('.tgrid tbody tr').count();
  if (rows < 300) throw new Error(`The week shows ${rows} rows, not 300`);
  // Friday of the first row, then down the column: each digit changes the week's total.
  await typing.page.locator('input[data-r="0"][data-c="4"]').focus();
  for (let i = 0; i < KEYS; i++) {
    await typing.page.keyboard.press('1');
    await typing.page.keyboard.press('Enter');
  }
  const samples = await typing.page.evaluate(() => performance.getEntriesByName('tk-key-to-total', 'measure').map((m) => m.duration));
  await typing.context.close();
  if (samples.length < KEYS / 2) throw new Error(`Only ${samples.length} keypress measures were taken`);
  return {
    name: 'web: keypress to totals updated, 300-row week (median)',
    database: 'none',
    value: round(median(samples)),
    unit: 'ms',
    budget: { value: 16, better: 'lower' },
    details: { samples: samples.length, max: round(Math.max(...samples)) },
  };
}

const bench: Bench = async ({ log }) => {
  const parts = partsToRun();
  const results: BenchResult[] = [];
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-web-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-web-data-'));
  log('building the production bundle');
  execFileSync(
    process.execPath,
    [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: repo, stdio: 'inherit' },
  );
  const size = firstRenderBytes(dist);
  const firstRender: BenchResult = {
    name: 'web: JS for the first render of /timesheet (gzip)',
    database: 'none',
    value: round(size.total / 1024),
    unit: 'KB',
    budget: { value: 120, better: 'lower' },
    details: { chunks: size.files },
  };
  results.push(firstRender);

  const secret = crypto.randomBytes(24).toString('base64url');
  // The session saved in the browser names the API, so the site's config.json need not.
  const site = await startStaticServer(dist, 'http://127.0.0.1:9');
  const api = await startApi({
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SECRET: secret,
    RATE_LIMIT_POINTS: '1000000000',
    LOG_LEVEL: 'warn',
    WEB_ORIGINS: site.url,
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const on: Site = { browser, dist, siteUrl: site.url, apiUrl: api.url };
    if (parts.has('timesheet') || parts.has('screens') || parts.has('typing')) {
      const team = await createTeam(api.database.db, 'Bench web');
      const { apiKey: adminKey } = await createUser(api.database.db, new Secrets(secret), {
        teamId: team.id,
        name: 'Bench Admin',
        email: 'bench-admin@example.test',
        role: 'admin',
      });
      log('seeding a 40-row and a 300-row week through the API');
      const forty = await seedWeek(api.url, adminKey, 40, 'forty');
      const big = parts.has('typing') ? await seedWeek(api.url, adminKey, 300, 'big') : undefined;
      // A week waiting in the admin's approvals inbox (its own member: the timed weeks stay editable).
      const review = await seedWeek(api.url, adminKey, 8, 'review');
      await post(`${api.url}/timesheets/${timesheetId(review.id, weekIdOf(dateAtOffset(new Date(), 0), 1))}/approval`, review.apiKey, {});
      if (parts.has('timesheet')) results.push(...(await measureTimesheet(on, forty.apiKey, firstRender)));
      if (parts.has('screens')) {
        log('measuring every screen: JavaScript fetched to draw it, first useful paint');
        results.push(...(await measureScreens(browser, { dist, siteUrl: site.url, apiUrl: api.url, apiKey: forty.apiKey, adminKey })));
      }
      if (big) results.push(await measureTyping(on, big.apiKey));
    }
    if (parts.has('reports')) results.push(...(await measureReports({ ...on, db: api.database.db, secret, log })));
  } finally {
    await browser?.close();
    await api.stop();
    await site.close();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
};

export default bench;
