import type { Browser, Page } from '@playwright/test';
import { dateAtOffset, weekDates, weekIdOf } from '../contract/weeks.ts';
import { ADA, adaKey, expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs, type E2EUser } from './sign-in.ts';
import { call, type Member, inviteAndAccept } from './timesheet-helpers.ts';

// People signing in through the OAuth pages side by side, with axe at each state, on a shared machine.
test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 1360, height: 900 } });

const ada = (): E2EUser => ({ email: ADA.email, password: ADA.password, apiKey: adaKey() });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** `Monday, Nov 23`, as the rows name their days. */
const dayName = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};
const field = (page: Page, label: 'Clock in' | 'Clock out' | 'Break', date: string) => page.getByRole('textbox', { name: `${label}, ${dayName(date)}` });
const row = (page: Page, date: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dayName(date) }) });
const historyButton = (page: Page, date: string) => page.getByRole('button', { name: new RegExp(`^(History \\(\\d+\\)|Hide history), ${dayName(date)}$`) });

const today = dateAtOffset(new Date(), 0);
const week = weekDates(weekIdOf(today, 1), 1);
const otherDay = week.find((d) => d !== today)!;

async function browserFor(browser: Browser, user: E2EUser, path: string, viewport = { width: 1360, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(path);
  await signInAs(page, user);
  return page;
}

const newMember = (name: string) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  return inviteAndAccept<Member>(adaKey(), { name: `${name} ${n}`, email: `${name.toLowerCase().replace(/\W+/g, '-')}-${n}@example.test`, role: 'member' });
};

test("an admin picks a member and corrects a clock-out; the member sees it and the history says who changed it", async ({ page, browser }) => {
  const member = passwordMember('teamCards');
  await call('PUT', `/users/${member.id}/timecards/${otherDay}`, member.apiKey, { clockIn: '09:00', clockOut: '17:00', breakTime: 1800 });

  await page.goto('/timecards');
  await signInAs(page, ada());
  await expect(page.getByRole('heading', { name: /^Timecards/ })).toBeVisible();
  // The picker, reached and used by keyboard.
  const picker = page.getByRole('combobox', { name: 'Team member' });
  await picker.focus();
  await picker.selectOption({ label: member.name });
  await expect(page).toHaveURL(new RegExp(`[?&]user=${member.id}`));
  await expect(page.getByRole('heading', { name: new RegExp(`Timecards of ${member.name}`) })).toBeVisible();
  await expect(field(page, 'Clock out', otherDay)).toHaveValue('17:00');
  await expect(page.getByTestId(`work-${otherDay}`)).toHaveText('7:30');
  await expectNoAxeViolations(page);

  await field(page, 'Clock out', otherDay).fill('18:15');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`work-${otherDay}`)).toHaveText('8:45');
  const [saved] = await call<{ clockOut: string; history: { user: number }[] }[]>('GET', `/users/${member.id}/timecards?from=${otherDay}&to=${otherDay}`, member.apiKey);
  expect(saved!.clockOut).toBe('18:15');

  // The day's history on demand: the admin's change, by name.
  await historyButton(page, otherDay).focus();
  await page.keyboard.press('Enter');
  const history = page.getByRole('list', { name: 'Edit history' });
  await expect(history.getByRole('listitem').first()).toContainText('Clock out 17:00 → 18:15');
  await expect(history.getByRole('listitem').first()).toContainText(`by ${ADA.name}`);
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expectNoAxeViolations(page);

  // The member, in a browser of their own, sees the new clock-out and who made it.
  const mine = await browserFor(browser, member, '/timecards');
  await expect(field(mine, 'Clock out', otherDay)).toHaveValue('18:15');
  await expect(mine.getByRole('combobox', { name: 'Team member' })).toHaveCount(0);
  await historyButton(mine, otherDay).click();
  await expect(mine.getByRole('list', { name: 'Edit history' }).getByRole('listitem').first()).toContainText(`by ${ADA.name}`);
  await expect(mine.getByRole('list', { name: 'Edit history' })).toContainText(`by ${member.name} (you)`);
  await expectNoAxeViolations(mine);
  // Another person's timecards are not for a member, even by URL.
  await mine.goto(`/timecards?user=${(await call<{ id: number }>('GET', '/users/me', adaKey())).id}`);
  await expect(mine.getByRole('note')).toContainText("You can’t open another person's timecards");
  await mine.context().close();
});

test('a supervisor sees who is clocked in today and who is not, and reads a member’s week without changing it', async ({ page }) => {
  const sid = passwordMember('todaySupervisor');
  const working = await newMember('Wren Working');
  const away = await newMember('Abe Away');
  await call('POST', `/users/${working.id}/timecards/clock-in`, working.apiKey, {});

  await page.goto('/timecards/today');
  await signInAs(page, sid);
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  const clockedIn = page.getByRole('region', { name: /^Clocked in/ });
  const notIn = page.getByRole('region', { name: /^Not clocked in today/ });
  await expect(clockedIn.getByTestId(`today-${working.id}`)).toContainText(working.name);
  await expect(clockedIn.getByTestId(`today-${working.id}`)).toContainText(/since \d\d:\d\d/);
  await expect(notIn.getByTestId(`today-${away.id}`)).toContainText(away.name);
  await expect(clockedIn.getByTestId(`today-${away.id}`)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Today', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  // From the list to that member's week: read-only for a supervisor, and says so.
  await clockedIn.getByRole('link', { name: working.name }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Timecards of ${working.name}`) })).toBeVisible();
  await expect(page.getByTestId('read-only-note')).toContainText('only admins change them');
  await expect(field(page, 'Clock in', today)).toHaveValue(/^\d\d:\d\d$/);
  await expect(field(page, 'Clock in', today)).toHaveAttribute('readonly', '');
  await expectNoAxeViolations(page);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

  test('an admin goes through a member’s week one day at a time', async ({ browser }) => {
    const m = await newMember('Pia Phone');
    await call('PUT', `/users/${m.id}/timecards/${otherDay}`, m.apiKey, { clockIn: '22:00', clockOut: '06:00', breakTime: 1800 });
    const page = await browserFor(browser, ada(), `/timecards?user=${m.id}`, { width: 375, height: 800 });
    await expect(page.getByRole('heading', { name: new RegExp(`Timecards of ${m.name}`) })).toBeVisible();
    // Only the chosen day is on the screen.
    await expect(page.getByRole('rowheader')).toHaveCount(1);
    await page.getByRole('button', { name: new RegExp(`^${dayName(otherDay)}`) }).click();
    await expect(row(page, otherDay).getByText('22:00 → 06:00 +1')).toBeVisible();
    await field(page, 'Break', otherDay).fill('1:00');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(`work-${otherDay}`)).toHaveText('7:00');
    await historyButton(page, otherDay).click();
    await expect(page.getByRole('list', { name: 'Edit history' }).getByRole('listitem').first()).toContainText('Break 0:30 → 1:00');
    await expectNoAxeViolations(page);
    await page.goto('/timecards/today');
    await expect(page.getByRole('region', { name: /^Not clocked in today/ }).getByTestId(`today-${m.id}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

/** Screenshots of the team views (`SCREENSHOTS=1`), in .tmp/screens/. */
test.describe('screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'Set SCREENSHOTS=1 to take design screenshots');
  for (const [size, viewport] of Object.entries({ desktop: { width: 1360, height: 900 }, phone: { width: 375, height: 800 } })) {
    test(`team timecards ${size}`, async ({ browser }) => {
      const m = await newMember('Nora Nights');
      const other = await newMember('Otto Out');
      await call('PUT', `/users/${m.id}/timecards/${otherDay}`, m.apiKey, { clockIn: '09:02', clockOut: '17:30', breakTime: 2700 });
      await call('PUT', `/users/${m.id}/timecards/${otherDay}`, adaKey(), { clockOut: '18:00' });
      await call('POST', `/users/${m.id}/timecards/clock-in`, m.apiKey, {});
      await call('POST', `/users/${other.id}/timecards/clock-in`, other.apiKey, {});
      await call('POST', `/users/${other.id}/timecards/clock-out`, other.apiKey, {});
      const page = await browserFor(browser, ada(), `/timecards?user=${m.id}`, viewport);
      if (size === 'phone') await page.getByRole('button', { name: new RegExp(`^${dayName(otherDay)}`) }).click();
      await historyButton(page, otherDay).click();
      await expect(page.getByRole('list', { name: 'Edit history' })).toBeVisible();
      await page.screenshot({ path: `.tmp/screens/timecards-member-${size}.png`, fullPage: true });
      await page.goto('/timecards/today');
      await expect(page.getByTestId(`today-${m.id}`)).toBeVisible();
      await page.screenshot({ path: `.tmp/screens/timecards-today-${size}.png`, fullPage: size === 'phone' });
      await page.context().close();
    });
  }
});
