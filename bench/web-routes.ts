/**
 * Per screen of the web app, on the production build in Chromium against the real API: the JavaScript
 * fetched to draw it (gzip as served, from a cold cache) and the time to its first useful paint (from
 * navigation start to the screen's content on the page, not its skeleton). A new screen joins with one line
 * in `screens`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import type { BenchResult } from './types.ts';

interface ScreenBench {
  /** `{project}` stands for the first project the signed-in user sees (the bench seeds it). */
  path: string;
  /** Signed in (with the bench member's API key) or not. */
  signedIn: boolean;
  /** Signed in as the bench admin instead (screens for admins and supervisors). */
  asAdmin?: boolean;
  /** The content that makes the screen useful. */
  ready: (page: Page) => Promise<unknown>;
  /**
   * The same content as the page sees it, checked on every animation frame: a CSS selector and, optionally, a
   * pattern its text (or its `aria-label`) must match. The first frame where it holds is the first useful paint.
   */
  drawnWhen: [css: string, text?: string];
  /**
   * KB of JavaScript (gzip) the screen may fetch until it is drawn, lazy parts it starts loading included:
   * 150 for every screen (the home screen's own first-render chunk is held to 120 in web.bench.ts).
   */
  budgetKB: number;
}

export const screens: ScreenBench[] = [
  {
    path: '/timesheet',
    drawnWhen: ['.tgrid tbody tr'],
    signedIn: true,
    ready: (p) => p.locator('.tgrid tbody tr').first().waitFor(),
    budgetKB: 150,
  },
  {
    path: '/time-off',
    drawnWhen: ['h2, h3', '^My requests$'],
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: 'My requests' }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/profile',
    drawnWhen: ['h2, h3', '^API key$'],
    signedIn: true,
    ready: (p) => p.getByRole('region', { name: 'API key' }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/projects',
    drawnWhen: ['tr', 'Bench forty'],
    signedIn: true,
    ready: (p) => p.getByRole('row', { name: /Bench forty/ }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/projects/{project}/team',
    drawnWhen: ['h2, h3', '^Team \\('],
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: /^Team \(/ }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/projects/{project}/budget',
    drawnWhen: ['h2, h3', '^Budget$'],
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: 'Budget', exact: true }).waitFor(),
    budgetKB: 150,
  },
  // Members are shown why they cannot see clients: the screen's JavaScript all the same.
  {
    path: '/clients',
    drawnWhen: ['h1', '^Clients$'],
    signedIn: true,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Clients' }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/projects/{project}/tasks',
    drawnWhen: ['.pt-task'],
    signedIn: true,
    ready: (p) => p.locator('.pt-task').first().waitFor(),
    budgetKB: 150,
  },
  {
    path: '/projects/{project}/fields',
    drawnWhen: ['h2, h3', '^Custom fields$'],
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: 'Custom fields', exact: true }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/timecards',
    drawnWhen: ['input[aria-label^="Clock in, "]'],
    signedIn: true,
    ready: (p) =>
      p
        .getByRole('textbox', { name: /^Clock in, / })
        .first()
        .waitFor(),
    budgetKB: 150,
  },
  {
    path: '/timecards/today',
    drawnWhen: ['h2', '^Not clocked in today'],
    signedIn: true,
    asAdmin: true,
    ready: (p) => p.getByRole('region', { name: /^Not clocked in today/ }).waitFor(),
    budgetKB: 150,
  },
  // The list loaded (no longer busy), its totals and filters around it.
  {
    path: '/expenses',
    drawnWhen: ['table[aria-label="Expenses"]:not([aria-busy])'],
    signedIn: true,
    ready: (p) => p.locator('table[aria-label="Expenses"]:not([aria-busy])').waitFor(),
    budgetKB: 150,
  },
  // Admin screens: the inbox with a submitted week, everyone's week, the people.
  {
    path: '/approvals',
    drawnWhen: ['table[aria-label="Submitted weeks"] tr', 'Bench review'],
    signedIn: true,
    asAdmin: true,
    ready: (p) =>
      p
        .getByRole('table', { name: 'Submitted weeks' })
        .getByRole('row', { name: /Bench review/ })
        .waitFor(),
    budgetKB: 150,
  },
  {
    path: '/approvals/team',
    drawnWhen: ['table[aria-label="Everyone\'s week"] tr', 'Bench forty'],
    signedIn: true,
    asAdmin: true,
    ready: (p) =>
      p
        .getByRole('table', { name: "Everyone's week" })
        .getByRole('row', { name: /Bench forty/ })
        .waitFor(),
    budgetKB: 150,
  },
  {
    path: '/team',
    drawnWhen: ['tr', 'Bench forty'],
    signedIn: true,
    asAdmin: true,
    ready: (p) => p.getByRole('row', { name: /Bench forty/ }).waitFor(),
    budgetKB: 150,
  },
  // The rest of the signed-in screens, each with the content that makes it useful.
  {
    path: '/projects/{project}/billing',
    drawnWhen: ['legend', '^Rates and costs per person$'],
    signedIn: true,
    asAdmin: true,
    ready: (p) => p.getByRole('group', { name: 'Rates and costs per person' }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/clients/{client}',
    drawnWhen: ['h1', 'Bench client'],
    signedIn: true,
    asAdmin: true,
    ready: (p) => p.getByRole('heading', { level: 1, name: /Bench client/ }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/invoices',
    drawnWhen: ['tr', 'Bench client'],
    signedIn: true,
    asAdmin: true,
    ready: (p) => p.getByRole('row', { name: /Bench client/ }).first().waitFor(),
    budgetKB: 150,
  },
  {
    path: '/invoices/{invoice}',
    drawnWhen: ['dl[aria-label="Totals"]'],
    signedIn: true,
    asAdmin: true,
    ready: (p) => p.locator('dl[aria-label="Totals"]').first().waitFor(),
    budgetKB: 150,
  },
  {
    path: '/reports/clients',
    drawnWhen: ['tr', 'Bench client'],
    signedIn: true,
    asAdmin: true,
    ready: (p) => p.getByRole('row', { name: /Bench client/ }).first().waitFor(),
    budgetKB: 150,
  },
  {
    path: '/expenses/new',
    drawnWhen: ['section[aria-label="Receipts"]'],
    signedIn: true,
    ready: (p) => p.getByRole('region', { name: 'Receipts' }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/integrations',
    drawnWhen: ['h2, h3', '^Connected apps$'],
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: 'Connected apps' }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/import',
    drawnWhen: ['h2, h3', '^Upload an export$'],
    signedIn: true,
    asAdmin: true,
    ready: (p) => p.getByRole('heading', { name: 'Upload an export' }).waitFor(),
    budgetKB: 150,
  },
  {
    path: '/sign-in',
    drawnWhen: ['h1', '^Sign in$'],
    signedIn: false,
    ready: (p) => p.getByRole('heading', { name: 'Sign in' }).waitFor(),
    budgetKB: 150,
  },
];

const RUNS = 5;
/** Every screen's first useful paint, cold, at most (ms, median of the runs). */
const FIRST_PAINT_BUDGET_MS = 800;

/**
 * The page's requests that started before `drawn` (ms from the navigation's start), as `name start–end`
 * (Resource Timing): the document, `config.json`, the app's scripts and styles, and the API calls with ids
 * left out; then `<what> <drawn>`.
 */
export const waterfall = async (page: Page, drawn: number, what = 'drawn', names?: Map<string, string>) =>
  readable(await requestSteps(page, drawn, what), names);

/** Lazy chunks are named by their hash alone: the build's manifest gives each file its source's name again. */
export function chunkNames(dist: string): Map<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string; src?: string }
  >;
  const names = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const split = /\?tsr-split=(\w+)/.exec(key)?.[1];
    // A route's file, or the name the bundler gave a shared chunk.
    const base = chunk.src ? path.posix.basename(chunk.src).replace(/\?.*$/, '') : (chunk.name ?? key);
    names.set(path.posix.basename(chunk.file), split ? `${base}[${split}]` : base);
  }
  return names;
}

const readable = (lines: string[], names?: Map<string, string>) =>
  names ? lines.map((line) => line.replace(/^[\w-]+\.js(?= )/, (file) => names.get(file) ?? file)) : lines;

const requestSteps = (page: Page, drawn: number, what: string) =>
  // No named functions inside: the page runs this text as it is.
  page.evaluate(
    ([until, label]) => {
      const doc = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => e.startTime < until && !e.name.includes('favicon'),
      );
      entries.sort((a, b) => a.startTime - b.startTime);
      return [
        `document 0\u2013${Math.round(doc.responseEnd)}`,
        ...entries.map((e) => {
          const u = new URL(e.name);
          const name =
            u.origin === location.origin
              ? u.pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1')
              : u.pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
          return `${name} ${Math.round(e.startTime)}\u2013${Math.round(e.responseEnd)}`;
        }),
        `${label} ${Math.round(until)}`,
      ];
    },
    [drawn, what] as const,
  );

/**
 * The app's scripts the page asked for before `drawn` (Resource Timing): what drawing the screen took, lazy parts
 * started on the way included, and not what starts after the paint (a side card's form, say).
 */
const scriptsAskedBefore = (page: Page, drawn: number) =>
  page.evaluate(
    (until) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.startTime <= until && new URL(e.name).origin === location.origin && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname),
    drawn,
  );

/** Bytes a browser receives: the build's precompressed `.gz` (what a static host serves), else `gzip -9`. */
export const gzipBytes = (file: string) =>
  fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** performance.now() of the first animation frame where `css` (with text matching `text`) is on the page and laid out. */
export const drawnAt = (page: Page, [css, text]: [string, string?]) =>
  page
    .waitForFunction(
      ([selector, pattern]) => {
        const match = pattern ? new RegExp(pattern) : null;
        for (const el of document.querySelectorAll(selector)) {
          if (!el.getClientRects().length) continue;
          if (!match || match.test(`${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''}`.trim())) return performance.now();
        }
        return 0;
      },
      [css, text ?? ''] as const,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue());

/** A client owning the member's project (so its time is the client's) and a draft invoice for it. */
async function seedClientInvoice(apiUrl: string, adminKey: string, project: string | undefined) {
  const send = async (method: string, url: string, body: unknown) => {
    const res = await fetch(`${apiUrl}${url}`, {
      method,
      headers: { 'X-Api-Key': adminKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
  const client = await send('POST', '/clients', { name: 'Bench client' });
  if (project) await send('PUT', `/projects/${project}`, { client: client.id });
  const invoice = await send('POST', `/clients/${client.id}/invoices`, {});
  return { client: client.id, invoice: invoice.id };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number) => Math.round(n * 10) / 10;

export async function measureScreens(
  browser: Browser,
  opts: { dist: string; siteUrl: string; apiUrl: string; apiKey: string; adminKey: string },
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const names = chunkNames(opts.dist);
  const projects = (await (await fetch(`${opts.apiUrl}/projects`, { headers: { 'X-Api-Key': opts.apiKey } })).json()) as { id: string }[];
  const { client, invoice } = await seedClientInvoice(opts.apiUrl, opts.adminKey, projects[0]?.id);
  // `WEB_BENCH_SCREENS=/reports,/invoices` measures only the screens whose path starts with one of those.
  const only = process.env.WEB_BENCH_SCREENS?.split(',').filter(Boolean);
  for (const screen of screens.filter((s) => !only || only.some((o) => s.path.startsWith(o)))) {
    const url = screen.path
      .replace('{project}', projects[0]?.id ?? 'none')
      .replace('{client}', String(client))
      .replace('{invoice}', String(invoice));
    const times: number[] = [];
    let fetched = new Set<string>();
    let steps: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      if (screen.signedIn)
        await context.addInitScript(
          ([url, key]) =>
            localStorage.setItem('timekeep.session', JSON.stringify({ baseUrl: url, credential: { kind: 'apiKey', apiKey: key } })),
          [opts.apiUrl, screen.asAdmin ? opts.adminKey : opts.apiKey],
        );
      const page = await context.newPage();
      await page.goto(`${opts.siteUrl}${url}`, { waitUntil: 'commit' });
      // Checked in the page on every frame from the start, so the time is that of the paint that showed the
      // content, not of a round trip from the test after it.
      const drawn = await drawnAt(page, screen.drawnWhen);
      await screen.ready(page);
      times.push(drawn);
      if (i === 0) fetched = new Set(await scriptsAskedBefore(page, drawn));
      // The waterfall of the run that gives the median (the last run when all three are kept).
      if (i === RUNS - 1) steps = await waterfall(page, drawn, 'drawn', names);
      await context.close();
    }
    const bytes = [...fetched].reduce((sum, p) => sum + gzipBytes(path.join(opts.dist, p)), 0);
    results.push({
      name: `web: ${screen.path} JS fetched to draw (gzip)`,
      database: 'none',
      value: round(bytes / 1024),
      unit: 'KB',
      budget: { value: screen.budgetKB, better: 'lower' },
      details: { files: fetched.size },
    });
    results.push({
      name: `web: ${screen.path} first useful paint, cold`,
      database: 'pglite',
      value: round(median(times)),
      unit: 'ms',
      budget: { value: FIRST_PAINT_BUDGET_MS, better: 'lower' },
      details: { runs: RUNS, max: round(Math.max(...times)), waterfall: steps.join(', ') },
    });
  }
  return results;
}
