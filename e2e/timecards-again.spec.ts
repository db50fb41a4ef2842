import type { Page } from '@playwright/test';
import { adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { apiUrl, call, useKeySessionOn, inviteAndAccept } from './timesheet-helpers.ts';

/*
 * Clocking in again after clocking out carries on the day's shift and counts the time away as a break, and
 * the screen says so: the day's work time leaves the gap out.
 */

interface Card {
  date: string;
  clockIn: string | null;
  clockOut: string | null;
  breakTime: number;
  workTime: number;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const away = (m: number) =>
  [Math.floor(m / 60) ? `${Math.floor(m / 60)} h` : '', m % 60 || m < 60 ? `${m % 60} min` : ''].filter(Boolean).join(' ');
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayName = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};
const field = (page: Page, label: 'Clock in' | 'Clock out' | 'Break', date: string) =>
  page.getByRole('textbox', { name: `${label}, ${dayName(date)}` });

test('a member back from a break clocks in again: the shift goes on and the time away is a break, said on screen', async ({ page }) => {
  test.setTimeout(120_000);
  const n = Date.now().toString(36);
  const member = await inviteAndAccept<{ id: number; apiKey: string }>(adaKey(), {
    name: `Bea Backagain ${n}`,
    email: `bea-${n}@example.test`,
    role: 'member',
  });
  // This morning as the member's clock has it: in, and out for lunch a while ago (the gap: up to 1 h 20 min).
  const first = await call<Card>('POST', `/users/${member.id}/timecards/clock-in`, member.apiKey, {});
  const now = minutesOf(first.clockIn!);
  const gap = Math.min(80, Math.floor(now / 3));
  const start = clockOf(now - 2 * gap);
  const out = clockOf(now - gap);
  await call('PUT', `/users/${member.id}/timecards/${first.date}`, member.apiKey, { clockIn: start, clockOut: out });

  await page.setViewportSize({ width: 1360, height: 900 });
  await useKeySessionOn(page, apiUrl(), member.apiKey);
  await page.goto('/timecards');
  await expect(field(page, 'Clock out', first.date)).toHaveValue(out);
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Clock in' }).click();
  // The screen says so once the server has answered: only then does the card hold the break.
  await expect(page.getByText(/^Clocked in again at \d\d:\d\d/)).toBeVisible();

  // The minute may turn between the two clock-ins: the gap is what the server counted.
  const [card] = await call<Card[]>('GET', `/users/${member.id}/timecards?from=${first.date}&to=${first.date}`, member.apiKey);
  const counted = card!.breakTime / 60;
  expect([gap, gap + 1]).toContain(counted);
  const back = clockOf(minutesOf(out) + counted);
  await expect(page.getByText(`Clocked in again at ${back} \u2014 the ${away(counted)} away counts as a break`)).toBeVisible();
  await expect(banner.getByRole('status').filter({ hasText: `Clocked in again, back since ${back}` })).toBeVisible();
  // The day's card: the first clock-in stays, the clock-out is open again, the time away is its break.
  await expect(field(page, 'Clock in', first.date)).toHaveValue(start);
  await expect(field(page, 'Clock out', first.date)).toHaveValue('');
  await expect(field(page, 'Break', first.date)).toHaveValue(`${Math.floor(counted / 60)}:${String(counted % 60).padStart(2, '0')}`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('clocked-in-again-1360.png'), fullPage: true });

  // Out again: the work time is the day less the time away.
  await banner.getByRole('button', { name: 'Clock out' }).click();
  await expect(banner.getByRole('button', { name: 'Clock in' })).toBeVisible();
  const [done] = await call<Card[]>('GET', `/users/${member.id}/timecards?from=${first.date}&to=${first.date}`, member.apiKey);
  expect(done!.workTime).toBe((minutesOf(done!.clockOut!) - minutesOf(start)) * 60 - done!.breakTime);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('timecards-375.png'), fullPage: true });
});
