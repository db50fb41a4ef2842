import type { Locator } from '@playwright/test';
import { timesheetId } from '../contract/timesheet-ids.ts';
import { adaKey, expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { addRow, call, cell, seedWorld, serverTime, weekTotal, type World } from './timesheet-helpers.ts';

test.describe.configure({ timeout: 90_000 });

/** The world's project gets a budget of `hours` that refuses going over, and `logged` seconds on Monday. */
async function overBudgetWorld(slot: 'refused' | 'refusedPhone'): Promise<World & { password: string; email: string }> {
  const member = passwordMember(slot);
  const w = await seedWorld(slot, { member });
  const [project] = await call<{ id: string; name: string }[]>('GET', '/projects', adaKey()).then((ps) =>
    ps.filter((p) => p.name === w.projectName),
  );
  const budget = { type: 'time', budget: 4 * 3600, period: 'general', disallowOverbudget: true };
  await call('PUT', `/projects/${project!.id}/billing`, adaKey(), { budget });
  await call('POST', '/time', member.apiKey, { time: 3 * 3600, date: w.dates[0], task: w.tasks[0]!.id });
  return { ...w, password: member.password, email: member.email };
}

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where a cell's value is drawn: its text measured in the input's font, right-aligned inside the padding. */
const valueBox = (input: Locator) =>
  input.evaluate((el: HTMLInputElement): Box => {
    const cs = getComputedStyle(el);
    if (cs.textAlign !== 'right') throw new Error(`The cell's value is aligned ${cs.textAlign}`);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = cs.font;
    const width = ctx.measureText(el.value).width;
    const r = el.getBoundingClientRect();
    const size = parseFloat(cs.fontSize);
    return {
      x: r.right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth) - width,
      y: r.top + (r.height - size) / 2,
      width,
      height: size,
    };
  });

const REASON =
  /This would exceed the general time budget of project "Harbour refused[^"]*" \(\d+ % used\), which does not allow going over budget/;

test('a save the server refuses shows its reason on the cell and in the banner, is not resent, is not counted, and can be dismissed', async ({
  page,
}) => {
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
    // The widest value a day holds, over the budget.
    await target.fill('13:00');
    await target.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'refused' })).toContainText(REASON);
    await target.focus();
    await page.screenshot({ path: '.tmp/screens/refused-phone.png', fullPage: true });

    // The refused cell: Dismiss is a 44 × 44 px target, and neither it nor the status badge covers the value.
    const refusedCell = target.locator('xpath=..');
    const dismiss = refusedCell.getByRole('button', { name: 'Dismiss the refused change' });
    const dismissBox = (await dismiss.boundingBox())!;
    expect(Math.min(dismissBox.width, dismissBox.height)).toBeGreaterThanOrEqual(44);
    await expect(target).toHaveValue('13:00');
    const refusedValue = await valueBox(target);
    expect(intersect(dismissBox, refusedValue), 'Dismiss over the value').toBe(false);
    expect(intersect((await refusedCell.locator('.cell-badge').boundingBox())!, refusedValue), 'the badge over the value').toBe(false);
    // Within the cell, and the cell within the screen.
    const cellBox = (await refusedCell.boundingBox())!;
    expect(dismissBox.x + dismissBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width + 0.5);
    expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(375);

    // A saved cell with its comment button showing (focused): 44 × 44 px, clear of the value (in the place
    // Dismiss takes on a refused cell, measured above with the widest value).
    await page.getByRole('button', { name: /^Monday/ }).click();
    const saved = page.locator('.tgrid__input[data-r="0"]');
    await expect(saved).toHaveValue('3:00');
    await saved.focus();
    const comment = saved.locator('xpath=..').getByRole('button', { name: 'Add a comment' });
    await expect(comment).toBeVisible();
    const commentBox = (await comment.boundingBox())!;
    expect(Math.min(commentBox.width, commentBox.height)).toBeGreaterThanOrEqual(44);
    expect(intersect(commentBox, await valueBox(saved)), 'the comment icon over the value').toBe(false);
    await page.screenshot({ path: '.tmp/screens/comment-phone.png' });

    // Every control on a row is at least 44 × 44 px too.
    for (const button of [
      page.getByRole('button', { name: /^Start a timer on/ }).first(),
      page.getByRole('button', { name: /^Remove the row/ }).first(),
      page
        .getByRole('button', { name: 'Edit the comment' })
        .or(page.getByRole('button', { name: 'Add a comment' }))
        .first(),
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
    await page.keyboard.press('Escape');

    // The approval History: sent back with long comments, it opens within the screen's width.
    const ts = timesheetId(w.member.id, w.weekId);
    const long = 'Please split the workshop hours between the discovery and the design phases before sending it again';
    await call('POST', `/timesheets/${ts}/approval`, w.member.apiKey, { comment: long });
    await call('PUT', `/timesheets/${ts}/approval`, adaKey(), { status: 'rejected', comment: long });
    await page.reload();
    const summary = page.getByText('History (2)');
    await expect(summary).toBeVisible();
    expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await summary.click();
    const history = page.locator('.approval__history');
    await expect(history.locator('.history__item')).toHaveCount(2);
    await expect(history.locator('.history__comment').first()).toBeVisible();
    const panel = (await history.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(375);
    for (const item of await history.locator('.history__item > *').all()) {
      const b = (await item.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    }
    // Nothing makes the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/screens/history-phone.png' });
    await expectNoAxeViolations(page);
  });
});

test('screenshots: a refused cell at 1360 px, the not-found page at both sizes', async ({ page }) => {
  test.skip(!process.env.SCREENSHOTS, 'Set SCREENSHOTS=1 to take design screenshots');
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto('/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/not-found-signed-out-desktop.png' });
});
