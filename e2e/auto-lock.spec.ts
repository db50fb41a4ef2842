import type { Page } from '@playwright/test';
import { dateAtOffset, shiftWeek, weekDates, weekIdOf } from '../contract/weeks.ts';
import { autoLockAdminKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { apiUrl, call, cell, inviteAndAccept, useKeySessionOn, type Member } from './timesheet-helpers.ts';

/*
 * The automatic lock and the reminder schedule on the Team screen, on a team of their own: the admin locks time
 * older than 7 days, and a member's day two weeks back is read-only in the grid, saying why; the admin's reminder
 * schedule is kept after a reload.
 */

let counter = 0;
const off = { afterDays: null, before: null, weeklyOn: null };

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screens/${name}-1360.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `.tmp/screens/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1360, height: 900 });
}

test('the admin locks time older than 7 days: the member’s old day is read-only with its reason; the reminder schedule is kept', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  const admin = autoLockAdminKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  await call('PUT', '/team/auto-lock', admin, off);
  const member = await inviteAndAccept<Member>(admin, { name: `Mo Lock ${n}`, email: `mo-lock-${n}@example.test`, role: 'member' });
  const project = await call<{ id: string }>('POST', '/projects', admin, { name: `Vault ${n}`, users: [member.id] });
  const taskName = `Archive ${n}`;
  const task = await call<{ id: string }>('POST', `/projects/${project.id}/tasks`, admin, { name: taskName });
  const weekId = shiftWeek(weekIdOf(dateAtOffset(new Date(), 0), 1), -2);
  const [monday, tuesday] = weekDates(weekId, 1) as [string, string];
  await call('POST', '/time', member.apiKey, { task: task.id, date: monday, time: 3600 });

  // The admin sets the lock on the Team screen.
  await useKeySessionOn(page, apiUrl(), admin);
  await page.goto('/team');
  await page.getByRole('button', { name: 'Reminders and locks' }).click();
  const locks = page.getByRole('region', { name: 'Automatic locks' });
  await locks.getByLabel('Lock time older than (days)').fill('7');
  await locks.getByRole('button', { name: 'Save locks' }).click();
  await expect(page.getByText('The automatic lock is saved.')).toBeVisible();
  expect(await call('GET', '/team/auto-lock', admin)).toEqual({ ...off, afterDays: 7 });

  // The reminder schedule, kept after a reload.
  const reminders = page.getByRole('region', { name: 'Reminders' });
  const minute = String(counter % 60).padStart(2, '0');
  await reminders.getByLabel('On the last workday at').fill(`15:${minute}`);
  await reminders.getByLabel('A day is short below (% of daily capacity)').fill('40');
  await reminders.getByLabel('Remind of a long timer').uncheck();
  await reminders.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('The reminder schedule is saved.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'auto-lock-team-cards');

  await page.reload();
  await page.getByRole('button', { name: 'Reminders and locks' }).click();
  await expect(reminders.getByLabel('On the last workday at')).toHaveValue(`15:${minute}`);
  await expect(reminders.getByLabel('A day is short below (% of daily capacity)')).toHaveValue('40');
  await expect(reminders.getByLabel('Remind of a long timer')).not.toBeChecked();
  await expect(reminders.getByLabel('Remind to submit the week')).toBeChecked();
  await expect(locks.getByLabel('Lock time older than (days)')).toHaveValue('7');

  // The member's week two weeks back: read-only, with the reason.
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const mine = await context.newPage();
  await useKeySessionOn(mine, apiUrl(), member.apiKey);
  await mine.goto(`/timesheet?week=${String(weekId).padStart(4, '0')}`);
  const old = cell(mine, taskName, monday);
  await expect(old).toHaveValue('1:00');
  await expect(old).toHaveAttribute('readonly', '');
  await expect(old).toHaveAccessibleDescription(/Locked: Locked after 7 days/);
  await expect(cell(mine, taskName, tuesday)).toHaveAttribute('readonly', '');
  await expectNoAxeViolations(mine);
  await shots(mine, 'auto-lock-grid');
  await context.close();
  await call('PUT', '/team/auto-lock', admin, off);
});
