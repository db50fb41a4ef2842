import { adaKey, expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { addRow, call, cell, seedWorld, serverTime, weekTotal, type World } from './timesheet-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** The world's project gets a budget of `hours` that refuses going over, and `logged` seconds on Monday. */
async function overBudgetWorld(slot: 'refused' | 'refusedPhone'): Promise<World & { password: string; email: string }> {
  const member = passwordMember(slot);
  const w = await seedWorld(slot, { member });
  const [project] = await call<{ id: string; name: string }[]>('GET', '/projects', adaKey()).then((ps) => ps.filter((p) => p.name === w.projectName));
  const budget = { type: 'time', budget: 4 * 3600, period: 'general', disallowOverbudget: true };
  await call('PUT', `/projects/${project!.id}/billing`, adaKey(), { budget });
  await call('POST', '/time', member.apiKey, { time: 3 * 3600, date: w.dates[0], task: w.tasks[0]!.id });
  return { ...w, password: member.password, email: member.email };
}

const REASON = /This would exceed the general time budget of project "Harbour refused[^"]*" \(\d+ % used\), which does not allow going over budget/;

test('a save the server refuses shows its reason on the cell and in the banner, is not resent, is not counted, and can be dismissed', async ({ page }) => {
  const w = await overBudgetWorld('refused');
  await page.setViewportSize({ width: 1360, height: 900 });
  // A clock the test can move on, to let the saver's periodic retries come and go.
  await page.clock.install();
  await page.goto('/');
  await signInAs(page, { email: w.email, password: w.password, apiKey: w.member.apiKey });
  await expect(cell(page, 'Design review', w.dates[0]!)).toHaveValue('3:00');

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/time') posts.push(r.url());
  });
  // 3:00 + 2:00 is over the 4:00 budget: refused with 422.
  const target = cell(page, 'Sprint planning', w.dates[1]!);
  await addRow(page, 'Sprint planning', w.projectName);
  await target.focus();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');

  const banner = page.getByRole('status').filter({ hasText: 'refused' });
  await expect(banner).toContainText('A change was refused and not saved:');
  await expect(banner).toContainText(REASON);
  await expect(page.getByText('not saved yet')).toHaveCount(0);
  await expect(target).toHaveValue('2:00');
  await expect(target).toHaveAccessibleDescription(REASON);
  // The reason shows on the cell itself.
  await target.focus();
  const gridcell = target.locator('xpath=..');
  await expect(gridcell.locator('.cell-message')).toBeVisible();
  await expect(gridcell.locator('.cell-message')).toHaveText(REASON);
  // Not counted: the week and the day keep the server's numbers.
  await expect(weekTotal(page)).toHaveText('3:00');
  const totals = page.getByRole('grid', { name: 'Week timesheet' }).getByRole('row').last().getByRole('gridcell');
  await expect(totals.nth(1)).not.toContainText('2:00');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/refused-desktop.png' });

  // Never sent again on its own: not on focus, not on 'online', not by the retries every few seconds.
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('online'));
  });
  await page.clock.runFor(15_000);
  // Any request made before the reload has been seen once the reloaded grid is drawn; and the reload itself resends nothing.
  await page.reload();
  await expect(cell(page, 'Sprint planning', w.dates[1]!)).toHaveValue('2:00');
  await expect(page.getByRole('status').filter({ hasText: 'refused' })).toContainText(REASON);
  expect(posts).toHaveLength(1);
  await expect(weekTotal(page)).toHaveText('3:00');

  // Dismiss on the cell: the cell returns to the server's (empty) value and the banner goes.
  await cell(page, 'Sprint planning', w.dates[1]!).locator('xpath=..').getByRole('button', { name: 'Dismiss the refused change' }).click();
  await expect(cell(page, 'Sprint planning', w.dates[1]!)).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'refused' })).toHaveCount(0);
  await expect.poll(() => serverTime(w)).toBe(3 * 3600);

  // A value within the budget is saved as usual.
  await cell(page, 'Sprint planning', w.dates[1]!).focus();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect.poll(() => serverTime(w)).toBe(4 * 3600);
  await expect(weekTotal(page)).toHaveText('4:00');

  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/not-found-desktop.png' });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: '.tmp/screens/not-found-phone.png' });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a refused cell, the timer’s task picker, touch targets and task names fit a 375 px screen', async ({ page }) => {
    const w = await overBudgetWorld('refusedPhone');
    // A long task name, the kind that wrapped over four lines.
    await call('PUT', `/tasks/${w.tasks[0]!.id}`, adaKey(), { name: 'Design review of the onboarding flow with the client’s brand team' });
    await page.goto('/');
    await signInAs(page, { email: w.email, password: w.password, apiKey: w.member.apiKey });
    await page.getByRole('button', { name: /^Monday/ }).click();
    const name = page.locator('.task-cell__name').first();
    await expect(name).toContainText('Design review of the onboarding');
    const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect((await name.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 2 + 1);

    await page.getByRole('button', { name: /^Tuesday/ }).click();
    const target = page.locator('.tgrid__input[data-r="0"]');
    await target.fill('2');
    await target.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'refused' })).toContainText(REASON);
    await target.focus();
    await page.screenshot({ path: '.tmp/screens/refused-phone.png', fullPage: true });

    // Every control on a row and in a cell is at least 44 × 44 px (the dismiss button is as wide, and half a cell high).
    await page.getByRole('button', { name: /^Monday/ }).click();
    for (const button of [
      page.getByRole('button', { name: /^Start a timer on/ }).first(),
      page.getByRole('button', { name: /^Remove the row/ }).first(),
      page.getByRole('button', { name: 'Edit the comment' }).or(page.getByRole('button', { name: 'Add a comment' })).first(),
    ]) {
      const box = (await button.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }

    // The header timer's task picker opens on the screen.
    await page.getByRole('banner').getByRole('button', { name: 'Start timer' }).click();
    await page.getByRole('combobox', { name: 'Start a timer on a task' }).fill('Design');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '.tmp/screens/timer-picker-phone.png' });
  });
});

test('screenshots: a refused cell at 1360 px, the not-found page at both sizes', async ({ page }) => {
  test.skip(!process.env.SCREENSHOTS, 'Set SCREENSHOTS=1 to take design screenshots');
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/not-found-signed-out-desktop.png' });
});
