import { expect, test } from './fixtures.ts';
import { call, cell, seedWorld, signInWithKey, useKeySessionOn, type World } from './timesheet-helpers.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/** Design screenshots of the timesheet (`SCREENSHOTS=1 npx playwright test timesheet-screens`), in .tmp/screens/. */
test.skip(!process.env.SCREENSHOTS, 'Set SCREENSHOTS=1 to take design screenshots');

test.describe.configure({ timeout: 120_000 });

const sizes = { desktop: { width: 1360, height: 860 }, phone: { width: 375, height: 800 } } as const;

async function fillWeek(w: World) {
  const plan: [number, number, number][] = [
    [0, 0, 5400],
    [0, 1, 7200],
    [0, 2, 3600],
    [0, 3, 9000],
    [1, 0, 3600],
    [1, 2, 5400],
    [1, 4, 1800],
    [2, 1, 2700],
    [2, 3, 3600],
    [2, 4, 10800],
  ];
  for (const [t, d, s] of plan) if (w.dates[d]! <= w.today) await call('POST', '/time', w.member.apiKey, { time: s, date: w.dates[d], task: w.tasks[t]!.id, comment: t === 1 && d === 0 ? 'Kick-off with the client' : '' });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(sizes)) {
    test.describe(`${size} ${scheme}`, () => {
      test.use({ viewport, colorScheme: scheme, ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      const shot = (page: import('@playwright/test').Page, name: string) => page.screenshot({ path: `.tmp/screens/timesheet-${name}-${size}-${scheme}.png`, fullPage: true });

      test('week, timer, dialog, pending', async ({ page }) => {
        const w = await seedWorld(`shots ${size} ${scheme}`);
        await fillWeek(w);
        await signInWithKey(page, w.member.apiKey);
        if (size === 'phone') await page.getByRole('button', { name: /^Monday/ }).click();
        await expect(cell(page, 'Design review', w.dates[0]!)).toHaveValue('1:30');
        await shot(page, 'week');

        await cell(page, 'Sprint planning', w.dates[0]!).focus();
        await page.keyboard.type('1:7x');
        await page.keyboard.press('Enter');
        await cell(page, 'Sprint planning', w.dates[0]!).focus();
        await shot(page, 'invalid');
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Start a timer on Support tickets' }).click();
        await expect(page.getByRole('timer', { name: 'Timer on Support tickets' })).toBeVisible();
        await shot(page, 'timer');
        await page.getByRole('banner').getByRole('button', { name: 'Stop' }).click();

        await page.getByRole('button', { name: 'Add row' }).click();
        await page.getByRole('combobox', { name: 'Add a task to the week' }).fill('work');
        await expect(page.getByRole('option').first()).toBeVisible();
        await shot(page, 'add-row');
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Submit week' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.screenshot({ path: `.tmp/screens/timesheet-submit-dialog-${size}-${scheme}.png` });
        await page.getByRole('dialog').getByRole('button', { name: 'Submit week' }).click();
        await expect(page.getByRole('region', { name: 'Pending approval' })).toBeVisible();
        await cell(page, 'Design review', w.dates[0]!).hover();
        await shot(page, 'pending');
      });

      test('a cell that failed to save', async ({ page }) => {
        const w = await seedWorld(`fail ${size} ${scheme}`);
        await fillWeek(w);
        const proxy = await startTcpProxy(process.env.E2E_API_URL!);
        try {
          await useKeySessionOn(page, proxy.url, w.member.apiKey);
          await page.goto('/timesheet');
          if (size === 'phone') await page.getByRole('button', { name: /^Monday/ }).click();
          await expect(cell(page, 'Design review', w.dates[0]!)).toHaveValue('1:30');
          await proxy.cut();
          await cell(page, 'Support tickets', w.dates[0]!).focus();
          await page.keyboard.type('2');
          await page.keyboard.press('Enter');
          await expect(page.getByRole('status').filter({ hasText: 'not saved yet' })).toBeVisible();
          await shot(page, 'failed');
        } finally {
          await proxy.cut();
        }
      });
    });
  }
}
