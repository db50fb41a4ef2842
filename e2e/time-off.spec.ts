import type { Page } from '@playwright/test';
import { addDays, shiftWeek, weekDates, weekdayOf } from '../contract/weeks.ts';
import { adaKey, expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { apiUrl, call, dayLabel, seedWorld, useKeySessionOn } from './timesheet-helpers.ts';

const fmt = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** How the screen names a day: `Wed 25 Nov`. */
const day = (date: string) => fmt.format(new Date(`${date}T00:00:00Z`));
/** The first weekday on or after `date`. */
const weekdayFrom = (date: string) => (weekdayOf(date) === 6 ? addDays(date, 2) : weekdayOf(date) === 0 ? addDays(date, 1) : date);
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A time-off type with a restricting allowance of `days` for the member, through the API. */
async function seedTimeOff(label: string, memberId: number, days: number) {
  const n = Date.now().toString(36);
  const type = await call<{ id: number; name: string }>('POST', '/resource-planner/time-off-types', adaKey(), {
    name: `Holiday ${label} ${n}`,
    color: '#2e7d32',
  });
  const year = new Date().toISOString().slice(0, 4);
  await call('POST', '/allocations', adaKey(), {
    user: memberId,
    timeOffType: type.id,
    startDate: `${year}-01-01`,
    endDate: `${Number(year) + 1}-12-31`,
    days,
    restrictOverAllocation: true,
  });
  return type;
}

/** A day's row of the timecards, by its heading (`Wednesday, Nov 25`). */
const timecardRow = (page: Page, date: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dayLabel(date) }) });

async function adminPage(page: Page) {
  // Its own context: axe scans only pages of a context the test made.
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1360, height: 900 } });
  const admin = await context.newPage();
  await useKeySessionOn(admin, apiUrl(), adaKey());
  await admin.goto('/time-off');
  await expect(admin.getByRole('heading', { level: 1, name: 'Time off' })).toBeVisible();
  return admin;
}

test.use({ viewport: { width: 1360, height: 900 } });

test('a member requests a half day seeing the balance first, withdraws another; an admin approves and rejects; the grid shows it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = passwordMember('timeOff');
  const w = await seedWorld('time off', { member });
  const type = await seedTimeOff('journey', member.id, 10);
  // A row in this week's grid, and two earlier requests: one to withdraw, one the admin rejects.
  await call('POST', '/time', member.apiKey, { time: 3600, date: w.dates[0], task: w.tasks[0]!.id });
  const half = w.dates[2]!;
  const toWithdraw = weekdayFrom(addDays(w.dates[0]!, 14));
  const toReject = weekdayFrom(addDays(w.dates[0]!, 21));
  await call('POST', '/resource-planner/assignments/time-off', member.apiKey, {
    startDate: toWithdraw,
    endDate: toWithdraw,
    timeOffType: type.id,
  });
  await call('POST', '/resource-planner/assignments/time-off', member.apiKey, {
    startDate: toReject,
    endDate: toReject,
    timeOffType: type.id,
    note: 'Concert',
  });

  await page.goto('/time-off');
  await signInAs(page, member);
  await expect(page.getByRole('heading', { level: 1, name: 'Time off' })).toBeVisible();
  const balances = page.getByRole('list', { name: 'My balances' });
  await expect(balances.getByRole('listitem').filter({ hasText: type.name })).toContainText('8 days left');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Time off' }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The form: the workdays and the balance show before sending; an overlap is said on the date.
  await page.getByRole('button', { name: 'Request time off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request time off' });
  await dialog.getByLabel('Type').selectOption({ label: type.name });
  await dialog.getByLabel('From').fill(toWithdraw);
  await dialog.getByLabel('To').fill(toWithdraw);
  await expect(dialog.getByText(/Overlaps time off \d+ \(pending\)/)).toBeVisible();
  await dialog.getByLabel('From').fill(half);
  await dialog.getByLabel('To').fill(half);
  await dialog.getByLabel('Period of each day').selectOption({ label: 'Half day' });
  await dialog.getByLabel('Note').fill('School play in the afternoon');
  const preview = dialog.getByRole('region', { name: 'Before sending' });
  await expect(preview).toContainText('0.5 days counted');
  await expect(preview).toContainText('8 days left, 7.5 days after this request');
  // The allocation runs to the end of next year: its line says which year.
  await expect(preview).toContainText(`31 Dec ${Number(new Date().toISOString().slice(0, 4)) + 1}: 8 days left`);
  await expect(dialog.getByText(/Overlaps time off/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/time-off-form-1360.png' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  const halfRow = page.getByRole('row').filter({ hasText: day(half) });
  await expect(halfRow).toContainText('Pending');
  await expect(halfRow).toContainText('Half day');
  await expect(halfRow).toContainText('0.5 days');

  // Withdraw the other one.
  await page.getByRole('button', { name: `Withdraw the request for ${day(toWithdraw)}` }).click();
  await page.getByRole('dialog', { name: 'Withdraw the request?' }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByRole('row').filter({ hasText: day(toWithdraw) })).toHaveCount(0);
  await expect(balances.getByRole('listitem').filter({ hasText: type.name })).toContainText('8.5 days left');
  await expectNoAxeViolations(page);

  // The admin decides in the browser.
  const admin = await adminPage(page);
  const queue = admin.getByRole('table', { name: 'Requests awaiting a decision' });
  await expect(queue.getByRole('row').filter({ hasText: member.name })).toHaveCount(2);
  await expectNoAxeViolations(admin);
  await admin.getByRole('button', { name: new RegExp(`^Approve ${esc(member.name)}, ${esc(day(half))}`) }).click();
  await expect(queue.getByRole('row').filter({ hasText: member.name })).toHaveCount(1);
  await admin.getByRole('button', { name: new RegExp(`^Reject ${esc(member.name)}, ${esc(day(toReject))}`) }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject the request' });
  await reject.getByLabel('Comment').fill('Team offsite that week, sorry');
  await expectNoAxeViolations(admin);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(queue.getByRole('row').filter({ hasText: member.name })).toHaveCount(0);
  // The team's month shows the approved half day with its type's letter.
  const calendar = admin.getByRole('region', { name: /^Team time off/ });
  await expect(calendar.getByRole('row', { name: new RegExp(esc(member.name)) })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.screenshot({ path: '.tmp/screens/time-off-admin-1360.png', fullPage: true });

  // The member sees both outcomes, with the comment.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: day(half) })).toContainText('Approved');
  const rejected = page.getByRole('row').filter({ hasText: day(toReject) });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText('Team offsite that week, sorry');
  await expect(page.getByRole('button', { name: `Withdraw the request for ${day(toReject)}` })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/time-off-member-1360.png', fullPage: true });

  // And in the week's grid, on its day.
  await page.goto('/timesheet');
  const offRow = page.getByRole('grid', { name: 'Week timesheet' }).getByRole('row', { name: /^Time off/ });
  await expect(offRow).toContainText(type.name);
  await expect(offRow).toContainText('Half day');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/time-off-grid-1360.png' });

  // And in the week's timecards, on its day only.
  await page.goto('/timecards');
  await expect(timecardRow(page, half)).toContainText(`${type.name} Half day`);
  await expect(page.getByRole('row').filter({ hasText: type.name })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await admin.context().close();
});

test('an admin manages a time-off type and an allocation', async ({ page }) => {
  // Three axe scans of a page whose allocations table lists the whole shared team, which every journey adds to:
  // late in a run each scan took 10 to 25 s, and the journey ran out of 90 s while doing everything right.
  test.setTimeout(180_000);
  const w = await seedWorld('allocations');
  const type = await seedTimeOff('settings', w.member.id, 5);
  await useKeySessionOn(page, apiUrl(), adaKey());
  await page.goto('/time-off');
  const n = Date.now().toString(36);

  await page.getByRole('button', { name: 'Add type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Add a time-off type' });
  await typeDialog.getByLabel('Name').fill(`Parental ${n}`);
  await typeDialog.getByRole('checkbox', { name: /Paid/ }).uncheck();
  await expectNoAxeViolations(page);
  await typeDialog.getByRole('button', { name: 'Add type' }).click();
  await expect(typeDialog).toBeHidden();
  const types = page.getByRole('table', { name: 'Time-off types' });
  await expect(types.getByRole('row').filter({ hasText: `Parental ${n}` })).toContainText('Unpaid');
  await page.getByRole('button', { name: `Edit the type Parental ${n}` }).click();
  await page.getByRole('dialog', { name: 'Edit the time-off type' }).getByLabel('Name').fill(`Parental leave ${n}`);
  await page.getByRole('dialog', { name: 'Edit the time-off type' }).getByRole('button', { name: 'Save type' }).click();
  await expect(types.getByRole('row').filter({ hasText: `Parental leave ${n}` })).toBeVisible();

  const allocations = page.getByRole('table', { name: 'Allocations' });
  const row = allocations.getByRole('row').filter({ hasText: w.member.name }).filter({ hasText: type.name });
  await expect(row).toContainText('5');
  await row.getByRole('button', { name: /^Edit the allocation/ }).click();
  const allocDialog = page.getByRole('dialog', { name: 'Edit the allocation' });
  await allocDialog.getByLabel('Days granted').fill('7.3');
  await allocDialog.getByRole('button', { name: 'Save allocation' }).click();
  await expect(allocDialog.getByText('Must be a multiple of 0.25 days')).toBeVisible();
  await allocDialog.getByLabel('Days granted').fill('7.5');
  await allocDialog.getByLabel('Days carried over').fill('1');
  await expectNoAxeViolations(page);
  await allocDialog.getByRole('button', { name: 'Save allocation' }).click();
  await expect(allocDialog).toBeHidden();
  await expect(row.getByRole('cell').nth(6)).toHaveText('8.5');

  await page.getByRole('button', { name: 'Add allocation' }).click();
  const add = page.getByRole('dialog', { name: 'Add an allocation' });
  await add.getByLabel('Person').selectOption({ label: w.member.name });
  await add.getByLabel('Type').selectOption({ label: `Parental leave ${n}` });
  await add.getByLabel('Days granted').fill('20');
  await add.getByRole('button', { name: 'Add allocation' }).click();
  await expect(add).toBeHidden();
  await expect(
    allocations
      .getByRole('row')
      .filter({ hasText: w.member.name })
      .filter({ hasText: `Parental leave ${n}` }),
  ).toContainText('20');
  await expectNoAxeViolations(page);
});

test('time off shows in a week with nothing logged, and on its days in the timecards, on a laptop and a phone', async ({ page }) => {
  test.setTimeout(90_000);
  const w = await seedWorld('time off week');
  const type = await seedTimeOff('week', w.member.id, 10);
  // Next week has no time: a pending full day the member asked for, and a half day an admin granted.
  const nextWeek = shiftWeek(w.weekId, 1);
  const [, tuesday, , thursday] = weekDates(nextWeek, 1);
  await call('POST', '/resource-planner/assignments/time-off', w.member.apiKey, { startDate: tuesday, endDate: tuesday, timeOffType: type.id });
  await call('POST', '/resource-planner/assignments/time-off', adaKey(), {
    user: w.member.id,
    startDate: thursday,
    endDate: thursday,
    timeOffType: type.id,
    timeOffPeriod: 'half-of-day',
    status: 'approved',
  });
  const week = String(nextWeek).padStart(4, '0');
  await useKeySessionOn(page, apiUrl(), w.member.apiKey);

  // The grid of the empty week: the days with the time-off row, then the empty state.
  await page.goto(`/timesheet?week=${week}`);
  await expect(page.getByText('Nothing logged this week')).toBeVisible();
  const offRow = page.getByRole('table', { name: 'Time off this week' }).getByRole('row', { name: /^Time off/ });
  await expect(offRow).toContainText(`${type.name} Full day · Pending`);
  await expect(offRow).toContainText(`${type.name} Half day`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/time-off-empty-week-1360.png' });

  // The timecards: a marker on each of the two days, none on the others.
  await page.goto(`/timecards?week=${week}`);
  await expect(timecardRow(page, tuesday!)).toContainText(`${type.name} Full day · Pending`);
  await expect(timecardRow(page, thursday!)).toContainText(`${type.name} Half day`);
  await expect(timecardRow(page, thursday!)).not.toContainText('Pending');
  await expect(page.getByRole('row').filter({ hasText: type.name })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/timecards-time-off-1360.png', fullPage: true });

  // One day at a time on a phone: the days with time off are marked in the switcher.
  await page.setViewportSize({ width: 375, height: 812 });
  const days = page.getByRole('group', { name: 'Day shown' });
  await expect(days.getByRole('button', { name: /, time off/ })).toHaveCount(2);
  await days.getByRole('button', { name: new RegExp(`^${dayLabel(tuesday!)}, time off`) }).click();
  await expect(timecardRow(page, tuesday!)).toContainText(`${type.name} Full day · Pending`);
  await expect(page.getByRole('row').filter({ hasText: type.name })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/timecards-time-off-375.png', fullPage: true });

  await page.goto(`/timesheet?week=${week}`);
  await expect(page.getByText('Nothing logged this week')).toBeVisible();
  await page.getByRole('group', { name: 'Day' }).getByRole('button', { name: new RegExp(`^${dayLabel(thursday!)}`) }).click();
  await expect(page.getByRole('table', { name: 'Time off this week' }).getByRole('row', { name: /^Time off/ })).toContainText(`${type.name} Half day`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '.tmp/screens/time-off-empty-week-375.png', fullPage: true });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a member requests a day and sees it pending, one request at a time', async ({ page }) => {
    test.setTimeout(90_000);
    const member = passwordMember('timeOffPhone');
    const type = await seedTimeOff('phone', member.id, 3);
    const date = weekdayFrom(addDays(new Date().toISOString().slice(0, 10), 7));
    await page.goto('/time-off');
    await signInAs(page, member);
    await expect(page.getByRole('heading', { level: 1, name: 'Time off' })).toBeVisible();
    await expect(page.getByText('Nothing planned. Request time off to see it here.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Request time off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request time off' });
    await dialog.getByLabel('Type').selectOption({ label: type.name });
    await dialog.getByLabel('From').fill(date);
    await dialog.getByLabel('To').fill(date);
    await expect(dialog.getByRole('region', { name: 'Before sending' })).toContainText('3 days left, 2 days after this request');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/screens/time-off-form-375.png' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();
    const card = page
      .getByRole('list', { name: 'Upcoming time off' })
      .getByRole('listitem')
      .filter({ hasText: day(date) });
    await expect(card).toContainText('Pending');
    await expect(card.getByRole('button', { name: `Withdraw the request for ${day(date)}` })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/screens/time-off-member-375.png', fullPage: true });
  });
});
