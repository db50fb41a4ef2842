/**
 * The reports' figures for bench/web.bench.ts, on the same production build and API:
 * - gzip size of the JavaScript /reports/projects needs to draw (entry, shell, the reports screen and the
 *   Projects tab, recharts included);
 * - on a team with 50,000 time records (the dashboards bench's data), opening /reports/projects cold:
 *   from the report's data arriving (the app's `tk-report-data` mark) to all three charts drawn, and from
 *   navigation to charts drawn.
 */
import type { Browser, Page } from '@playwright/test';
import type { Database } from '../server/db/client.ts';
import { Secrets } from '../server/lib/secrets.ts';
import { seedDashboardData } from './dashboards.bench.ts';
import type { BenchResult } from './types.ts';
import { openSignedIn, routeBytes } from './web.bench.ts';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number) => Math.round(n * 10) / 10;

/** When every chart on the page has its bars (their focus lanes), polled each frame. */
const chartsDrawnAt = (page: Page) =>
  page
    .waitForFunction(
      () => {
        const figures = [...document.querySelectorAll('figure')];
        return figures.length >= 3 && figures.every((f) => f.querySelector('[data-lane]')) ? performance.now() : null;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
    .then((h) => h.jsonValue() as Promise<number>);

export async function measureReports(opts: {
  browser: Browser;
  dist: string;
  siteUrl: string;
  apiUrl: string;
  db: Database['db'];
  secret: string;
  log: (m: string) => void;
}): Promise<BenchResult[]> {
  const size = routeBytes(
    opts.dist,
    // The route chunks, and the plots' chunk (recharts) the charts load beside them (lazy-plots.tsx).
    /^(src\/routes\/(_app\.tsx|_app\/reports\.tsx|_app\/reports\/projects\.tsx)\?tsr-split=.*(component|loader)|src\/features\/reports\/plots\.tsx)/,
  );
  const results: BenchResult[] = [
    {
      name: 'web: JS for /reports/projects, recharts included (gzip)',
      database: 'none',
      value: round(size.total / 1024),
      unit: 'KB',
      budget: { value: 250, better: 'lower' },
      details: { chunks: size.files },
    },
  ];
  opts.log('reports: seeding 50,000 time records');
  const { adminKey } = await seedDashboardData(opts.db, new Secrets(opts.secret));
  const afterData: number[] = [];
  const fromNavigation: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await openSignedIn(opts.browser, opts.apiUrl, adminKey);
    await page.goto(`${opts.siteUrl}/reports/projects?from=2026-03-01&to=2026-03-31`);
    const drawn = await chartsDrawnAt(page);
    const data = await page.evaluate(() => performance.getEntriesByName('tk-report-data', 'mark').at(-1)?.startTime ?? NaN);
    if (Number.isNaN(data)) throw new Error('The app set no tk-report-data mark');
    afterData.push(drawn - data);
    fromNavigation.push(drawn);
    await context.close();
  }
  results.push(
    {
      name: 'web: /reports/projects, 50,000 records: data arrived to charts drawn',
      database: 'pglite',
      value: round(median(afterData)),
      unit: 'ms',
      budget: { value: 300, better: 'lower' },
      details: { runs: RUNS, max: round(Math.max(...afterData)) },
    },
    {
      name: 'web: /reports/projects, 50,000 records: navigation to charts drawn, cold',
      database: 'pglite',
      value: round(median(fromNavigation)),
      unit: 'ms',
      details: { runs: RUNS, max: round(Math.max(...fromNavigation)) },
    },
  );
  return results;
}
