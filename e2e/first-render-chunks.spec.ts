import fs from 'node:fs';
import path from 'node:path';
import { firstRenderBytes } from '../bench/web.bench.ts';
import { expect, test } from './fixtures.ts';
import { call, cell, seedWorld, signInWithKey } from './timesheet-helpers.ts';

/** The JavaScript the first render of /timesheet needs, gzip as served (the bench records the same figure). */
const BUDGET = 120 * 1024;

test('the first render of /timesheet needs at most 120 KiB of JavaScript', () => {
  const { total } = firstRenderBytes(dist);
  expect(total).toBeLessThanOrEqual(BUDGET);
});

const dist = path.resolve(import.meta.dirname, '../dist');

/** The served address of a source module's lazy chunk (chunks are named by their hash alone), as a pattern. */
function chunkOf(source: string): RegExp {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const file = manifest[source]?.file;
  if (!file) throw new Error(`The build has no chunk for ${source}`);
  return new RegExp(`/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
const weekActions = () => chunkOf('src/features/timesheet/week-actions.ts');

/** Holds the grid's editing code (loaded just after the first paint) until `release` is called. */
async function holdEditingCode(page: import('@playwright/test').Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(weekActions(), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('keys typed in the grid before its editing code arrives are kept, in order, and saved', async ({ page }) => {
  const w = await seedWorld('early keys');
  const [first, second] = w.tasks;
  await call('POST', '/time', w.member.apiKey, { time: 3600, date: w.dates[0], task: first!.id });
  await call('POST', '/time', w.member.apiKey, { time: 1800, date: w.dates[0], task: second!.id });
  await signInWithKey(page, w.member.apiKey, '/timesheet');

  const release = await holdEditingCode(page);
  await page.reload();
  await expect(cell(page, first!.name, w.dates[0]!)).toHaveValue('1:00');

  // Typed at once: a value, Enter (down a row), another value, Tab (the next day).
  await cell(page, first!.name, w.dates[1]!).focus();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await page.keyboard.type('45m');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1.5');
  release();

  await expect(cell(page, first!.name, w.dates[1]!)).toHaveValue('2:00');
  await expect(cell(page, second!.name, w.dates[1]!)).toHaveValue('0:45');
  await expect(cell(page, second!.name, w.dates[2]!)).toHaveValue('1.5');
  await expect(cell(page, second!.name, w.dates[2]!)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(page, second!.name, w.dates[2]!)).toHaveValue('1:30');

  await expect
    .poll(async () => {
      const list = await call<{ time: number; date: string; task: { id: string } | null }[]>(
        'GET',
        `/users/${w.member.id}/time?from=${w.dates[1]}&to=${w.dates[2]}`,
        w.member.apiKey,
      );
      return list.map((r) => `${r.task?.id} ${r.date} ${r.time}`).sort();
    })
    .toEqual([`${first!.id} ${w.dates[1]} 7200`, `${second!.id} ${w.dates[1]} 2700`, `${second!.id} ${w.dates[2]} 5400`].sort());
});

test('when the editing code cannot load, the user is told and the next key asks for it again; nothing typed is lost', async ({ page }) => {
  const w = await seedWorld('editing offline');
  const [first] = w.tasks;
  await call('POST', '/time', w.member.apiKey, { time: 3600, date: w.dates[0], task: first!.id });
  await signInWithKey(page, w.member.apiKey, '/timesheet');

  let failing = true;
  await page.route(weekActions(), (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
  await page.reload();
  const target = cell(page, first!.name, w.dates[1]!);
  await target.focus();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'part of the app could not load' }).first()).toBeVisible();
  await expect(target).toHaveValue('3');

  failing = false;
  await page.keyboard.press('Enter');
  await expect(target).toHaveValue('3:00');
  await expect(cell(page, first!.name, w.dates[1]!)).toHaveValue('3:00');
  await expect
    .poll(async () =>
      (await call<{ time: number }[]>('GET', `/users/${w.member.id}/time?from=${w.dates[1]}&to=${w.dates[1]}`, w.member.apiKey)).map(
        (r) => r.time,
      ),
    )
    .toEqual([10800]);
});

/** The built file of a route's page (`component`) and the style sheets the manifest lists for it. */
function routeFiles(route: string): { js: string; css: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const chunk = manifest[`src/routes/_app/${route}?tsr-split=component`];
  if (!chunk) throw new Error(`The build has no page chunk for ${route}`);
  return { js: chunk.file, css: chunk.css ?? [] };
}

test('a screen opened by its address asks for its page and style sheets with the app, and still opens when that list cannot load', async ({
  page,
}) => {
  const w = await seedWorld('route preloads');
  await signInWithKey(page, w.member.apiKey, '/timesheet');
  const profile = routeFiles('profile.tsx');
  expect(profile.css.length).toBeGreaterThan(0);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'API key', exact: true })).toBeVisible();
  await expect(page.locator(`head link[rel=modulepreload][href="/${profile.js}"]`)).toBeAttached();
  for (const css of profile.css) await expect(page.locator(`head link[rel=preload][as=style][href="/${css}"]`)).toBeAttached();
  // Only the screen's own: not another screen's page.
  await expect(page.locator(`head link[href="/${routeFiles('team.tsx').js}"]`)).toHaveCount(0);

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/assets/routes-*.json', (route) => route.abort('internetdisconnected'));
  await page.goto('/time-off');
  await expect(page.getByRole('heading', { name: 'My requests', exact: true })).toBeVisible();
  await expect(page.locator(`head link[href="/${routeFiles('time-off.tsx').js}"]`)).toHaveCount(0);
  expect(errors).toEqual([]);
});
