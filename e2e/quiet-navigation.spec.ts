import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { adaKey, expect, openScreen, test } from './fixtures.ts';
import { startReceiver } from './integrations-helpers.ts';
import { apiUrl, signInWithKey } from './timesheet-helpers.ts';

/*
 * Right after creating a project (its Tasks tab) and on Integrations, a screen whose code and data are still on
 * their way shows its own skeleton inside the app's frame: the header and navigation stay, and the console stays
 * quiet. A skeleton kept in a chunk of its own was drawn before its code arrived: it suspended, the whole shell
 * fell back to "Loading Timekeep", and React's development build warned "This library called use() to suspend …".
 * The skeletons' chunks (when the build has any) and the screen's data are held here until each state is checked,
 * which is what a slow connection does.
 */

test.describe.configure({ timeout: 120_000 });

const n = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Console warnings and errors, and whether the shell ever gave way to its own skeleton, from now on. */
async function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { shellSkeletonSeen: string[] }).shellSkeletonSeen = seen;
    new MutationObserver(() => {
      if (!(window as unknown as { watchingShell?: boolean }).watchingShell) return;
      const status = [...document.querySelectorAll('[role="status"]')].find((s) => s.textContent === 'Loading Timekeep');
      if (status && seen.at(-1) !== location.pathname) seen.push(location.pathname);
    }).observe(document, { subtree: true, childList: true });
  });
  return {
    problems,
    /** From now on, notes any time the shell gives way to its skeleton (the first load draws it, as it should). */
    start: () => page.evaluate(() => ((window as unknown as { watchingShell?: boolean }).watchingShell = true)),
    /** Paths on which the shell was replaced by its skeleton since `start`. */
    shellFlashes: () => page.evaluate(() => (window as unknown as { shellSkeletonSeen: string[] }).shellSkeletonSeen),
  };
}

/** The built files of every route's own skeleton chunk, if the build split any out. */
function skeletonChunks(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return Object.entries(manifest)
    .filter(([key]) => key.includes('tsr-split=pendingComponent'))
    .map(([, chunk]) => `/${chunk.file}`);
}

/** Holds the requests `matches` picks until `release` is called. */
async function hold(page: Page, matches: (url: URL) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(
    (u) => matches(u),
    async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    },
  );
  return release;
}

const fromApi = (u: URL, pathname: RegExp) => u.origin === new URL(apiUrl()).origin && pathname.test(u.pathname);

test('a new project opens on its Tasks tab inside the frame, with its skeleton while it loads and nothing on the console', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const watch = await watchPage(page);
  await signInWithKey(page, adaKey());
  await watch.start();
  await openScreen(page, 'Projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.getByRole('button', { name: 'New project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(`Quiet ${n()}`);

  const chunks = skeletonChunks();
  const releaseCode = await hold(page, (u) => chunks.includes(u.pathname));
  const releaseTasks = await hold(page, (u) => fromApi(u, /^\/projects\/[^/]+\/tasks$/));
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading the page' })).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  releaseCode();
  releaseTasks();
  await expect(page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Tasks' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('button', { name: 'Add task' }).first()).toBeVisible();
  expect(await watch.shellFlashes()).toEqual([]);
  expect(watch.problems).toEqual([]);
});

test('Integrations opens inside the frame with its skeleton while it loads; creating a webhook leaves the console quiet', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const receiver = await startReceiver();
  try {
    const watch = await watchPage(page);
    await signInWithKey(page, adaKey());
    await watch.start();
    const chunks = skeletonChunks();
    const releaseCode = await hold(page, (u) => chunks.includes(u.pathname));
    const releaseHooks = await hold(page, (u) => fromApi(u, /^\/hooks$/));
    await openScreen(page, 'Integrations');
    await expect(page.getByRole('status').filter({ hasText: 'Loading the page' })).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    releaseCode();
    releaseHooks();

    const card = page.getByRole('region', { name: 'Webhooks' });
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await card.getByLabel('Target URL').fill(`${receiver.url}/quiet-${n()}`);
    await card.getByRole('checkbox', { name: 'Time updated' }).check();
    await card.getByRole('button', { name: 'Create webhook' }).click();
    await expect(card.getByText('Webhook created: the handshake passed')).toBeVisible();
    expect(await watch.shellFlashes()).toEqual([]);
    expect(watch.problems).toEqual([]);
  } finally {
    await receiver.close();
  }
});
