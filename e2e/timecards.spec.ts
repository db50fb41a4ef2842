import type { Page } from '@playwright/test';
import { dateAtOffset, weekDates, weekIdOf } from '../contract/weeks.ts';
import { expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call, seedWorld, signInWithKey, useKeySessionOn } from './timesheet-helpers.ts';
import { startTcpProxy } from './tcp-proxy.ts';

// A long journey with axe at each state, on a shared machine.
test.describe.configure({ timeout: 180_000 });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** `Monday, Nov 23`, as the rows name their days. */
const dayName = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};
const field = (page: Page, label: 'Clock in' | 'Clock out' | 'Break', date: string) => page.getByRole('textbox', { name: `${label}, ${dayName(date)}` });
const workTime = (page: Page, date: string) => page.getByTestId(`work-${date}`);
const row = (page: Page, date: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dayName(date) }) });

const today = dateAtOffset(new Date(), 0);
const week = weekDates(weekIdOf(today, 1), 1);
/** A day of this week that is not today (so today's row stays free for the header's clock). */
const otherDay = week.find((d) => d !== today)!;
const thirdDay = week.find((d) => d !== today && d !== otherDay)!;
const fourthDay = week.find((d) => d !== today && d !== otherDay && d !== thirdDay)!;

test('a member clocks in and out from the header, enters an overnight shift and a break, and sees the work time', async ({ page }) => {
  const member = passwordMember('timecards');
  await page.goto('/timecards');
  await signInAs(page, member);
  await expect(page.getByRole('heading', { name: /Timecards/ })).toBeVisible();
  await expect(page).toHaveURL(/\/timecards\?week=\d{4}/);
  await expectNoAxeViolations(page);

  // The header's clock: in, then out; the shift lands in today's row.
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Clock in' }).click();
  await expect(banner.getByRole('status').filter({ hasText: /^Clocked in since \d\d:\d\d$/ })).toBeVisible();
  await expect(field(page, 'Clock in', today)).toHaveValue(/^\d\d:\d\d$/);
  await expectNoAxeViolations(page);
  await banner.getByRole('button', { name: 'Clock out' }).click();
  await expect(banner.getByRole('button', { name: 'Clock in' })).toBeVisible();
  await expect(field(page, 'Clock out', today)).toHaveValue(/^\d\d:\d\d$/);

  // An overnight shift typed like the grid: Tab between fields, Enter commits.
  await field(page, 'Clock in', otherDay).fill('22');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Clock in', otherDay)).toHaveValue('22:00');
  await page.keyboard.type('6');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0:30');
  await page.keyboard.press('Enter');
  await expect(row(page, otherDay).getByText('22:00 → 06:00 +1')).toBeVisible();
  await expect(workTime(page, otherDay)).toHaveText('7:30');
  // The week's work time adds today's shift from the header, a minute when its clock in and out straddled one.
  const [shift] = await call<{ workTime: number }[]>('GET', `/users/${member.id}/timecards?from=${today}&to=${today}`, member.apiKey);
  const weekMinutes = (27_000 + (shift?.workTime ?? 0)) / 60;
  await expect(page.getByTestId('timecard-totals')).toContainText(`Work time${Math.floor(weekMinutes / 60)}:${String(weekMinutes % 60).padStart(2, '0')}`);

  // The server has each field, saved on its own.
  const [card] = await call<{ clockIn: string; clockOut: string; breakTime: number; workTime: number }[]>(
    'GET',
    `/users/${member.id}/timecards?from=${otherDay}&to=${otherDay}`,
    member.apiKey,
  );
  expect(card).toMatchObject({ clockIn: '22:00', clockOut: '06:00', breakTime: 1800, workTime: 27_000 });

  // A clock-out without a clock-in: the server's reason shows on the day.
  await field(page, 'Clock out', thirdDay).fill('17:00');
  await page.keyboard.press('Enter');
  await expect(row(page, thirdDay).getByText('Clock-out without a clock-in')).toBeVisible();
  // Something not a time stays in the field with a message, and is not sent.
  await field(page, 'Break', thirdDay).fill('lots');
  await page.keyboard.press('Enter');
  await expect(row(page, thirdDay).getByText(/is not a duration/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  // A week sent for approval is read-only and says why.
  await call('POST', `/timesheets/${await timesheetIdOf(member)}/approval`, member.apiKey, {});
  await page.reload();
  await expect(row(page, otherDay).getByText(/Read-only: Week \d{1,2} is pending approval/)).toBeVisible();
  await expect(field(page, 'Clock in', otherDay)).toHaveAttribute('readonly', '');
  await expectNoAxeViolations(page);
});

async function timesheetIdOf(member: { id: number; apiKey: string }) {
  const [sheet] = await call<{ id: number }[]>('GET', `/users/${member.id}/timesheets?weekId=${weekIdOf(today, 1)}`, member.apiKey);
  return sheet!.id;
}

test('a field typed while the API is down is kept, shown as not saved, and saved when it returns', async ({ page }) => {
  const w = await seedWorld('timecard outage');
  const proxy = await startTcpProxy(process.env.E2E_API_URL!);
  try {
    await useKeySessionOn(page, proxy.url, w.member.apiKey);
    await page.goto('/timecards');
    await expect(field(page, 'Clock in', otherDay)).toBeVisible();

    await proxy.cut();
    await field(page, 'Clock in', otherDay).fill('8:15');
    await page.keyboard.press('Enter');
    await expect(row(page, otherDay).getByText(/Not saved: the server cannot be reached/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'Some changes are not saved yet' })).toBeVisible();
    await expect(field(page, 'Clock in', otherDay)).toHaveValue('08:15');
    await expectNoAxeViolations(page);

    await proxy.restore();
    await expect(row(page, otherDay).getByText(/Not saved/)).toHaveCount(0, { timeout: 20_000 });
    const cards = await call<{ date: string; clockIn: string }[]>('GET', `/users/${w.member.id}/timecards?from=${otherDay}&to=${otherDay}`, w.member.apiKey);
    expect(cards.map((c) => c.clockIn)).toEqual(['08:15']);
  } finally {
    await proxy.cut();
  }
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

  test('the week one day at a time, with the clock in the header', async ({ page }) => {
    const w = await seedWorld('timecard phone');
    await call('PUT', `/users/${w.member.id}/timecards/${otherDay}`, w.member.apiKey, { clockIn: '22:00', clockOut: '06:00', breakTime: 1800 });
    await signInWithKey(page, w.member.apiKey);
    await page.goto('/timecards');
    // Today first; the other days one tap away.
    await expect(page.getByRole('rowheader')).toHaveText([dayName(today)]);
    await page.getByRole('button', { name: new RegExp(`^${dayName(otherDay)}`) }).click();
    await expect(page.getByRole('rowheader')).toHaveCount(1);
    await expect(page.getByRole('rowheader')).toContainText(dayName(otherDay));
    await expect(row(page, otherDay).getByText('22:00 → 06:00 +1')).toBeVisible();
    await expect(workTime(page, otherDay)).toHaveText('7:30');
    await field(page, 'Break', otherDay).fill('1:00');
    await page.keyboard.press('Enter');
    await expect(workTime(page, otherDay)).toHaveText('7:00');
    await page.getByRole('banner').getByRole('button', { name: 'Clock in' }).click();
    await expect(page.getByRole('banner').getByRole('status').filter({ hasText: /^Clocked in since/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

/** Screenshots of the screen (`SCREENSHOTS=1`), in .tmp/screens/. */
test.describe('screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'Set SCREENSHOTS=1 to take design screenshots');
  for (const [size, viewport] of Object.entries({ desktop: { width: 1360, height: 860 }, phone: { width: 375, height: 800 } })) {
    test.describe(size, () => {
      test.use({ viewport, ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      test(`timecards ${size}`, async ({ page }) => {
        const w = await seedWorld(`timecard shots ${size}`);
        await call('PUT', `/users/${w.member.id}/timecards/${otherDay}`, w.member.apiKey, { clockIn: '09:02', clockOut: '17:30', breakTime: 2700 });
        await call('PUT', `/users/${w.member.id}/timecards/${thirdDay}`, w.member.apiKey, { clockIn: '22:00', clockOut: '06:00', breakTime: 1800 });
        await call('PUT', `/users/${w.member.id}/timecards/${fourthDay}`, w.member.apiKey, { clockOut: '16:00' });
        await call('POST', '/time', w.member.apiKey, { time: 7 * 3600, date: otherDay, task: w.tasks[0]!.id });
        await signInWithKey(page, w.member.apiKey);
        await page.goto('/timecards');
        await page.getByRole('banner').getByRole('button', { name: 'Clock in' }).click();
        await expect(page.getByRole('banner').getByRole('status').filter({ hasText: /^Clocked in since/ })).toBeVisible();
        if (size === 'phone') await page.getByRole('button', { name: new RegExp(`^${dayName(thirdDay)}`) }).click();
        await expect(row(page, thirdDay).getByText('22:00 → 06:00 +1')).toBeVisible();
        await page.screenshot({ path: `.tmp/screens/timecards-${size}.png`, fullPage: true });
      });
    });
  }
});
