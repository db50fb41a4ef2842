import type { Locator, Page } from '@playwright/test';
import { adaKey, expect, test } from './fixtures.ts';
import { form, seedExpenseWorld } from './expenses-helpers.ts';
import { openWithKey, startReceiver } from './integrations-helpers.ts';
import { call, seedWorld } from './timesheet-helpers.ts';

/*
 * After creating something, keyboard focus is on what was made (or the heading it appears under), never the
 * page body; on a phone every control of the timesheet grid and of the lists is at least 44 by 44 px.
 */

test.describe.configure({ timeout: 120_000 });

const n = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('after creating a client, project, task, webhook or expense, focus is on the new item', async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const w = await seedWorld('focus');
  const e = await seedExpenseWorld('focus', w.member.id);
  await openWithKey(page, adaKey(), '/clients');

  const clientName = `Focus Client ${n()}`;
  await page.getByRole('button', { name: 'New client' }).first().click();
  await page.getByRole('dialog', { name: 'New client' }).getByLabel('Name').fill(clientName);
  await page.getByRole('dialog', { name: 'New client' }).getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: clientName })).toBeFocused();

  await page.goto('/projects');
  const projectName = `Focus Project ${n()}`;
  await page.getByRole('button', { name: 'New project' }).first().click();
  await page.getByRole('dialog', { name: 'New project' }).getByLabel('Name').fill(projectName);
  await page.getByRole('dialog', { name: 'New project' }).getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeFocused();

  // The project's first task: its form goes once the list has a task.
  await page.goto(`${new URL(page.url()).pathname.replace(/\/[a-z]+$/, '')}/tasks`);
  await page.getByLabel('New task', { exact: true }).fill('Kick-off');
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('button', { name: 'Kick-off', exact: true })).toBeFocused();

  const receiver = await startReceiver();
  try {
    await page.goto('/integrations');
    const card = page.getByRole('region', { name: 'Webhooks' });
    const target = `${receiver.url}/focus-${n()}`;
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await card.getByLabel('Target URL').fill(target);
    await card.getByRole('checkbox', { name: 'Time updated' }).check();
    await card.getByRole('button', { name: 'Create webhook' }).click();
    await expect(card.getByRole('region', { name: `Webhook ${target}` })).toBeFocused();
  } finally {
    await receiver.close();
  }

  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Add expense' }).click();
  const dialog = form(page);
  await dialog.getByLabel('Category').selectOption({ label: e.meals.name });
  await dialog.getByLabel('Amount').fill('17.35');
  // Named uniquely: the admin's list also holds the expenses of other journeys (and of earlier runs).
  const details = `Focus lunch ${n()}`;
  await dialog.getByLabel('Details').fill(details);
  await dialog.getByRole('button', { name: 'Save expense' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: details })).toBeFocused();
});

/** The visible controls in `scope` smaller than 44 px either way, named for the failure message. */
const smallControls = (scope: Locator) =>
  scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"]')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        // A radio or checkbox inside its label is tapped through the label: that is its hit area.
        const r = ((el instanceof HTMLInputElement && el.closest('label')) || el).getBoundingClientRect();
        return { control: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent ?? ''}`.trim().slice(0, 60), w: r.width, h: r.height };
      })
      // A visually hidden control (1 × 1 px, such as the date picker's input) is not there to be tapped.
      .filter((c) => c.w > 1 && c.h > 1 && (c.w < 43.5 || c.h < 43.5))
      .map((c) => `${c.control}: ${Math.round(c.w)}×${Math.round(c.h)}`),
  );

const shots = async (page: Page, name: string) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `.tmp/screens/touch-${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
};

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('every control of the timesheet grid and of the lists is at least 44 px either way', async ({ page }) => {
    const w = await seedWorld('touch');
    await seedExpenseWorld('touch', w.member.id).then((e) =>
      call('POST', '/expenses', w.member.apiKey, { category: e.meals.id, amount: 1250, date: w.today, details: 'Train', project: e.project.id }),
    );
    await call('POST', '/time', w.member.apiKey, { task: w.tasks[0]!.id, date: w.today, time: 2 * 3600 });
    await call('POST', '/time', w.member.apiKey, { task: w.tasks[1]!.id, date: w.today, time: 3600 });

    await openWithKey(page, w.member.apiKey, '/timesheet');
    const grid = page.getByRole('grid', { name: 'Week timesheet' });
    await expect(grid).toBeVisible();
    // The grid and the week's controls around it.
    expect(await smallControls(page.locator('main'))).toEqual([]);
    await shots(page, 'timesheet-375');

    await page.goto('/expenses');
    const expenses = page.getByRole('table', { name: 'Expenses', exact: true });
    await expect(expenses.getByRole('row').filter({ hasText: '$12.50' })).toBeVisible();
    expect(await smallControls(expenses)).toEqual([]);
    await shots(page, 'expenses-375');

    // The admin's lists, in a fresh sign-in.
    await page.evaluate(() => localStorage.clear());
    await openWithKey(page, adaKey(), '/projects');
    const projects = page.getByRole('table', { name: 'Projects' });
    await expect(projects.getByRole('row').filter({ hasText: w.projectName })).toBeVisible();
    expect(await smallControls(projects)).toEqual([]);
    await page.goto('/clients');
    const clients = page.getByRole('table', { name: 'Clients' });
    await expect(clients.getByRole('row').filter({ hasText: w.clientName })).toBeVisible();
    expect(await smallControls(clients)).toEqual([]);
  });
});

test('at laptop width the grid and lists keep their compact controls', async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const w = await seedWorld('touch-wide');
  await call('POST', '/time', w.member.apiKey, { task: w.tasks[0]!.id, date: w.today, time: 2 * 3600 });
  await openWithKey(page, w.member.apiKey, '/timesheet');
  await expect(page.getByRole('grid', { name: 'Week timesheet' })).toBeVisible();
  await shots(page, 'timesheet-1360');
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
  await shots(page, 'expenses-1360');
});
