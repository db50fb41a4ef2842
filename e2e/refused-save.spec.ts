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
});
