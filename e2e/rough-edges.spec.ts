import type { Page } from '@playwright/test';
import { weekLabel } from '../src/lib/week.ts';
import { expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call, seedWorld } from './timesheet-helpers.ts';

test.describe.configure({ timeout: 90_000 });
test.use({ locale: 'en-GB' });

/** Console warnings and errors of the page from now on. */
function consoleProblems(page: Page) {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') seen.push(`${m.type()}: ${m.text()}`);
  });
  return seen;
}

test('the timesheet in the user’s locale; a not-found page keeps the app’s frame; the small controls look like controls', async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const member = passwordMember('lost');
  const w = await seedWorld('lost', { member });
  await call('POST', '/time', member.apiKey, { time: 3600, date: w.dates[0], task: w.tasks[0]!.id });
  await page.goto('/');
  await signInAs(page, member);
  await expect(page.getByRole('grid', { name: 'Week timesheet' })).toBeVisible();

  // The week reads the same way everywhere (en-GB here): the heading in the locale, and no second, numeric date beside it.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(weekLabel(w.weekId, 1, 'en-GB'));
  const weekNav = page.getByRole('navigation', { name: 'Week' });
  await expect(weekNav).toBeVisible();
  expect(await weekNav.innerText()).not.toMatch(/\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}/);
  await expect(weekNav.getByRole('button', { name: 'Go to the week of a date' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /^Monday \d+ \w+/ })).toBeVisible();

  // Days without time: a quiet dash, not a row of 0:00.
  const totals = page.getByRole('grid', { name: 'Week timesheet' }).getByRole('row').last().getByRole('gridcell');
  await expect(totals.nth(0)).toHaveText('1:00');
  await expect(totals.nth(1)).toHaveText('\u2013No time');
  await expect(totals.nth(1)).not.toContainText('0:00');

  // "Keyboard" is drawn as a button (a border and a surface), and opens the shortcuts.
  const keyboard = page.locator('.kbd-help summary');
  const look = await keyboard.evaluate((el) => getComputedStyle(el));
  expect(parseFloat(look.borderTopWidth)).toBeGreaterThan(0);
  expect(look.backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  await keyboard.click();
  await expect(page.locator('.kbd-help__panel')).toBeVisible();
  await keyboard.click();

  // The reviewer is the kit's select: a drawn control, not the browser's bare one.
  await page.getByRole('button', { name: 'Submit week' }).click();
  const reviewer = page.getByRole('dialog').getByRole('combobox', { name: 'Reviewer' });
  await expect(reviewer).toBeVisible();
  expect(await reviewer.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
  await expect(reviewer.locator('option').first()).toHaveText('Any admin or supervisor');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // An address that names no screen: the header and navigation stay, and React has nothing to warn about.
  const problems = consoleProblems(page);
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timesheet' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timesheet' }).click();
  await expect(page.getByRole('grid', { name: 'Week timesheet' })).toBeVisible();
});

test('signed out, a not-found page stands alone, without warnings', async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
