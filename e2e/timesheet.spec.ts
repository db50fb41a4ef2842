import { adaKey, expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { addRow, call, cell, lastWeekDates, seedWorld, serverTime, signInWithKey, useKeySessionOn, weekTotal } from './timesheet-helpers.ts';
import { startTcpProxy } from './tcp-proxy.ts';
import { timesheetId } from '../contract/timesheet-ids.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1360, height: 900 } });
// Whole journeys with axe checks at each state: longer than the default on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

test('type a week by keyboard, see the totals, reload and see the server’s numbers', async ({ page }) => {
  const member = passwordMember('keys');
  const w = await seedWorld('keys', { member });
  // Through the OAuth pages: "Sign in with Timekeep", email and password, Allow; back on the deep link.
  await page.goto('/');
  await signInAs(page, member);
  await expect(page).toHaveURL(new RegExp(`/timesheet\\?week=${w.weekId}$`));
  await expect(page.getByRole('heading', { name: 'Nothing logged this week' })).toBeVisible();
  await expectNoAxeViolations(page);

  await addRow(page, 'Design review', w.projectName);
  await addRow(page, 'Sprint planning', w.projectName);
  const grid = page.getByRole('grid', { name: 'Week timesheet' });
  await expect(grid.getByRole('rowheader')).toHaveCount(3); // two tasks and the totals row
  await expect(grid.getByRole('rowheader', { name: /Design review/ })).toContainText(w.projectName);
  await expect(grid.getByRole('rowheader', { name: /Design review/ })).toContainText(w.clientName);

  // Keyboard only from the first cell: Tab moves right and wraps to the next row.
  await cell(page, 'Design review', w.dates[0]!).focus();
  for (const v of ['1:30', '1.5', '90m', '2+0.5', '2h']) {
    await page.keyboard.type(v);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Tab'); // Saturday
  await page.keyboard.press('Tab'); // Sunday → next row, Monday
  await expect(cell(page, 'Sprint planning', w.dates[0]!)).toBeFocused();
  for (const v of ['1h 30m', '0.25', '1,5']) {
    await page.keyboard.type(v);
    await page.keyboard.press('Tab');
  }
  // Not a duration: kept in the cell, marked, with its message, and not sent.
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  const bad = cell(page, 'Sprint planning', w.dates[3]!);
  await expect(bad).toHaveAttribute('aria-invalid', 'true');
  await expect(bad).toHaveValue('abc');
  await expect(bad).toHaveAccessibleDescription(/Not a duration: “abc” is not a duration/);
  await bad.focus();
  await page.keyboard.press('Escape');
  await expect(bad).not.toHaveAttribute('aria-invalid', 'true');
  await expect(bad).toHaveValue('');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');

  await expect(cell(page, 'Design review', w.dates[2]!)).toHaveValue('1:30');
  await expect(cell(page, 'Design review', w.dates[3]!)).toHaveValue('2:30');
  await expect(cell(page, 'Sprint planning', w.dates[1]!)).toHaveValue('0:15');
  const totals = grid.getByRole('row').last().getByRole('gridcell');
  await expect(totals).toHaveText(['3:00', '1:45', '3:00', '2:30', '5:00', '\u2013No time', '\u2013No time', '15:15']);
  await expect(grid.getByRole('row', { name: /Design review/ }).getByRole('gridcell').last()).toContainText('9:00');
  await expectNoAxeViolations(page);

  // Ctrl+Z takes back the last change (Friday's 3), and typing it again restores it.
  await cell(page, 'Sprint planning', w.dates[4]!).focus();
  await page.keyboard.press('Control+z');
  await expect(weekTotal(page)).toHaveText('12:15');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(weekTotal(page)).toHaveText('15:15');

  await expect.poll(() => serverTime(w)).toBe(15.25 * 3600);
  await page.reload();
  await expect(weekTotal(page)).toHaveText('15:15');
  await expect(totals).toHaveText(['3:00', '1:45', '3:00', '2:30', '5:00', '\u2013No time', '\u2013No time', '15:15']);
  await expect(cell(page, 'Sprint planning', w.dates[2]!)).toHaveValue('1:30');

  // Decimal display is a choice that stays.
  await page.getByText('Decimal', { exact: true }).click();
  await expect(weekTotal(page)).toHaveText('15.25');
  await page.reload();
  await expect(weekTotal(page)).toHaveText('15.25');

  // Week navigation keeps the week in the URL.
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).not.toHaveURL(new RegExp(`week=${w.weekId}$`));
  await expect(page.getByRole('heading', { name: 'Nothing logged this week' })).toBeVisible();
  await page.goBack();
  await expect(weekTotal(page)).toHaveText('15.25');
});

test('the API goes away mid-edit: the cell fails, keeps its value, and is saved when the API returns', async ({ page }) => {
  const w = await seedWorld('outage');
  await call('POST', '/time', w.member.apiKey, { time: 3600, date: w.dates[0], task: w.tasks[0]!.id });
  const proxy = await startTcpProxy(process.env.E2E_API_URL!);
  try {
    await useKeySessionOn(page, proxy.url, w.member.apiKey);
    await page.goto('/timesheet');
    await expect(cell(page, 'Design review', w.dates[0]!)).toHaveValue('1:00');

    await proxy.cut();
    const target = cell(page, 'Design review', w.dates[1]!);
    await target.focus();
    await page.keyboard.type('2:15');
    await page.keyboard.press('Enter');
    await expect(target).toHaveAccessibleDescription(/Not saved: the server cannot be reached/);
    await expect(page.getByRole('status').filter({ hasText: '1 change is not saved yet' })).toBeVisible();
    await expect(target).toHaveValue('2:15');
    await expectNoAxeViolations(page);
    // Kept on the device until the server has it.
    expect(await page.evaluate((id) => localStorage.getItem(`timekeep.unsaved.${id}`), w.member.id)).toContain('"seconds":8100');

    await proxy.restore();
    await expect(page.getByRole('status').filter({ hasText: 'not saved yet' })).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => serverTime(w)).toBe(3600 + 8100);
    expect(await page.evaluate((id) => localStorage.getItem(`timekeep.unsaved.${id}`), w.member.id)).toBeNull();
  } finally {
    await proxy.cut();
  }
});

test('paste a 3×2 block from a spreadsheet, copy last week with hours', async ({ page }) => {
  const w = await seedWorld('paste');
  const last = lastWeekDates(w);
  for (const [i, task] of [[0, 0], [1, 0], [2, 1]] as const) {
    await call('POST', '/time', w.member.apiKey, { time: 7200, date: last[i], task: w.tasks[task]!.id });
  }
  await call('POST', '/time', w.member.apiKey, { time: 3600, date: w.dates[1], task: w.tasks[0]!.id });
  await signInWithKey(page, w.member.apiKey);
  await expect(cell(page, 'Design review', w.dates[1]!)).toHaveValue('1:00');

  // Rows and hours of last week, never over what this week already has (Tuesday keeps its 1:00).
  await page.getByRole('button', { name: 'Copy last week’s rows with hours' }).click();
  await expect(page.getByText('Copied 2 rows and 2 days of time from last week.')).toBeVisible();
  await expect(cell(page, 'Design review', w.dates[0]!)).toHaveValue('2:00');
  await expect(cell(page, 'Design review', w.dates[1]!)).toHaveValue('1:00');
  await expect(cell(page, 'Sprint planning', w.dates[2]!)).toHaveValue('2:00');
  await expect(weekTotal(page)).toHaveText('5:00');

  await page.evaluate(() => navigator.clipboard.writeText('1:00\t0.5\t45m\r\n2\t1h30\t0:15\r\n'));
  await cell(page, 'Design review', w.dates[2]!).focus();
  await page.keyboard.press('Control+v');
  await expect(cell(page, 'Design review', w.dates[2]!)).toHaveValue('1:00');
  await expect(cell(page, 'Design review', w.dates[3]!)).toHaveValue('0:30');
  await expect(cell(page, 'Design review', w.dates[4]!)).toHaveValue('0:45');
  await expect(cell(page, 'Sprint planning', w.dates[2]!)).toHaveValue('2:00');
  await expect(cell(page, 'Sprint planning', w.dates[3]!)).toHaveValue('1:30');
  await expect(cell(page, 'Sprint planning', w.dates[4]!)).toHaveValue('0:15');
  // Wednesday's 2:00 of Sprint planning was already there: 5:00 + 1:00 + 0:30 + 0:45 + 1:30 + 0:15.
  await expect(weekTotal(page)).toHaveText('9:00');
  await expect.poll(() => serverTime(w)).toBe(9 * 3600);

  // Copy a block back out (Shift+arrows select, Ctrl+C copies as tab-separated text).
  await cell(page, 'Design review', w.dates[0]!).focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+c');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('2:00\t1:00\n\t');
  await expectNoAxeViolations(page);
});

test('timer: start from a row, see it tick, stop, and find the time in today’s cell', async ({ page }) => {
  const w = await seedWorld('timer');
  await signInWithKey(page, w.member.apiKey);
  await addRow(page, 'Support tickets', w.projectName);
  await page.getByRole('button', { name: 'Start a timer on Support tickets' }).click();
  const headerClock = page.getByRole('timer', { name: 'Timer on Support tickets' });
  await expect(headerClock).toHaveText(/^0:00:0\d$/);
  const first = await headerClock.textContent();
  await expect(headerClock).not.toHaveText(first!);
  await expect(page.getByRole('button', { name: 'Stop the timer on Support tickets' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('banner').getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect(cell(page, 'Support tickets', w.today)).toHaveValue('0:00');
  await expect.poll(() => serverTime(w)).toBeGreaterThan(0);

  // A timer started elsewhere (another tab, the API) shows up when the window gets focus.
  await call('POST', '/timers', w.member.apiKey, { task: w.tasks[0]!.id });
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByRole('timer', { name: 'Timer on Design review' })).toBeVisible();
  await call('DELETE', '/timers/current', w.member.apiKey);
});

test('submit the week, see it pending and locked, withdraw; an admin approves and the member sees it', async ({ page }) => {
  const w = await seedWorld('submit');
  await call('POST', '/time', w.member.apiKey, { time: 8 * 3600, date: w.dates[0], task: w.tasks[0]!.id });
  await call('POST', '/time', w.member.apiKey, { time: 4 * 3600, date: w.dates[1], task: w.tasks[1]!.id });
  await signInWithKey(page, w.member.apiKey);
  const approval = page.getByRole('region', { name: 'Not submitted' });
  await expect(approval).toBeVisible();

  await page.getByRole('button', { name: 'Submit week' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit week for approval' });
  await expect(dialog.getByRole('checkbox', { name: /Mon/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Wed/ })).not.toBeChecked();
  await dialog.getByLabel('Reviewer').selectOption({ label: 'Ada Admin (Admin)' });
  await dialog.getByLabel(/Comment/).fill('All there.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Submit week' }).click();

  await expect(page.getByRole('region', { name: 'Pending approval' })).toContainText('to Ada Admin');
  const locked = cell(page, 'Design review', w.dates[0]!);
  await expect(locked).toHaveAttribute('readonly', '');
  await expect(locked).toHaveAccessibleDescription(/Locked: The week is pending approval/);
  await locked.focus();
  await page.keyboard.type('5');
  await expect(locked).toHaveValue('8:00');
  // A read-only week offers nothing that would change it.
  for (const name of [/^Remove the row/, /^Start a timer on/, /^Add row$/, /^Copy last week/]) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(page.getByRole('region', { name: 'Not submitted (withdrawn)' })).toBeVisible();
  await expect(locked).not.toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Add row' })).toBeVisible();

  // Submitted again, then approved by the admin through the API.
  await page.getByRole('button', { name: 'Submit week' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByRole('region', { name: 'Pending approval' })).toBeVisible();
  await call('PUT', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, adaKey(), { status: 'approved', comment: 'Thanks!' });
  await page.reload();
  const approved = page.getByRole('region', { name: 'Approved' });
  await expect(approved).toContainText('Approved: Mon, Tue (12:00)');
  await approved.getByText('History (4)').click();
  await expect(approved.getByRole('listitem').first()).toContainText('Approved Mon, Tue by Ada Admin');
  await expect(approved.getByRole('listitem').first()).toContainText('Thanks!');
  await expect(cell(page, 'Design review', w.dates[0]!)).toHaveAccessibleDescription(/Locked: Approved/);
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('one day at a time, with the same editing', async ({ page }) => {
    const member = passwordMember('phone');
    const w = await seedWorld('phone', { member });
    await page.goto('/');
    await signInAs(page, member);
    await expect(page).toHaveURL(new RegExp(`/timesheet\\?week=${w.weekId}$`));
    await addRow(page, 'Design review', w.projectName);
    await addRow(page, 'Sprint planning', w.projectName);
    const grid = page.getByRole('grid', { name: 'Week timesheet' });
    await expect(grid.getByRole('columnheader')).toHaveCount(3);
    await page.getByRole('button', { name: new RegExp(`^${w.dates[0] ? '' : ''}Monday`) }).click();
    await cell(page, 'Design review', w.dates[0]!).focus();
    await page.keyboard.type('1:30');
    await page.keyboard.press('Enter');
    await expect(cell(page, 'Sprint planning', w.dates[0]!)).toBeFocused();
    await page.keyboard.type('2+0.5');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Tuesday/ }).click();
    await cell(page, 'Design review', w.dates[1]!).fill('90m');
    await cell(page, 'Design review', w.dates[1]!).press('Enter');
    await expect(weekTotal(page)).toHaveText('5:30');
    await expect(page.getByRole('button', { name: /^Monday.*: 4:00$/ })).toBeVisible();
    await expect.poll(() => serverTime(w)).toBe(5.5 * 3600);
    await page.reload();
    await expect(weekTotal(page)).toHaveText('5:30');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});
