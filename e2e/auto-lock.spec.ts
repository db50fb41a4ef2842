import type { Page } from '@playwright/test';
import { dateAtOffset, shiftWeek, weekDates, weekIdOf } from '../contract/weeks.ts';
import { autoLockAdminKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { apiUrl, call, cell, inviteAndAccept, useKeySessionOn, type Member } from './timesheet-helpers.ts';

/*
 * The automatic lock and the reminder schedule on the Team screen, on a team of their own: the admin locks time
 * older than 7 days, and a member's day two weeks back is read-only in the grid and in timecards, saying why; the
 * admin opens that member's week again with a reason and the member changes the day; the admin's reminder
 * schedule, the reviewers' digest included, is kept after a reload.
 *
 * The lock and the schedule are the team's: every run of this journey writes the same values (runs of it may
 * overlap, with --repeat-each), and what each run makes of its own (the member, the project) is unique.
 */

let counter = 0;

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screens/${name}-1360.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `.tmp/screens/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1360, height: 900 });
}

test('the admin locks time older than 7 days: the member’s old day is read-only with its reason until the admin opens the week again; the reminder schedule is kept', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  const admin = autoLockAdminKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  const member = await inviteAndAccept<Member>(admin, { name: `Mo Lock ${n}`, email: `mo-lock-${n}@example.test`, role: 'member' });
  const project = await call<{ id: string }>('POST', '/projects', admin, { name: `Vault ${n}`, users: [member.id] });
  const taskName = `Archive ${n}`;
  const task = await call<{ id: string }>('POST', `/projects/${project.id}/tasks`, admin, { name: taskName });
  const weekId = shiftWeek(weekIdOf(dateAtOffset(new Date(), 0), 1), -2);
  const [monday, tuesday] = weekDates(weekId, 1) as [string, string];
  // Logged by the admin for the member, whom the lock may already hold.
  await call('POST', '/time', admin, { task: task.id, date: monday, time: 3600, user: member.id });

  // The admin sets the lock on the Team screen.
  await useKeySessionOn(page, apiUrl(), admin);
  await page.goto('/team');
  await page.getByRole('button', { name: 'Reminders and locks' }).click();
  const locks = page.getByRole('region', { name: 'Automatic locks' });
  await locks.getByLabel('Lock time older than (days)').fill('7');
  await locks.getByRole('button', { name: 'Save locks' }).click();
  await expect(page.getByText('The automatic lock is saved.')).toBeVisible();
  expect(await call('GET', '/team/auto-lock', admin)).toEqual({ afterDays: 7, before: null, weeklyOn: null });

  // The reminder schedule, kept after a reload.
  const reminders = page.getByRole('region', { name: 'Reminders' });
  await reminders.getByLabel('On the last workday at').fill('15:45');
  await reminders.getByLabel('A day is short below (% of daily capacity)').fill('40');
  await reminders.getByLabel('Remind of a long timer').uncheck();
  await expect(reminders.getByLabel('Send reviewers a daily digest')).toBeChecked();
  await reminders.getByLabel('Each workday at').fill('08:30');
  await reminders.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('The reminder schedule is saved.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'auto-lock-team-cards');

  await page.reload();
  await page.getByRole('button', { name: 'Reminders and locks' }).click();
  await expect(reminders.getByLabel('On the last workday at')).toHaveValue('15:45');
  await expect(reminders.getByLabel('A day is short below (% of daily capacity)')).toHaveValue('40');
  await expect(reminders.getByLabel('Remind of a long timer')).not.toBeChecked();
  await expect(reminders.getByLabel('Remind to submit the week')).toBeChecked();
  await expect(reminders.getByLabel('Each workday at')).toHaveValue('08:30');
  await expect(locks.getByLabel('Lock time older than (days)')).toHaveValue('7');
  expect(await call('GET', '/team/reminders', admin)).toMatchObject({ submitAt: '15:45', missingThreshold: 40, timerOn: false, digestOn: true, digestAt: '08:30' });

  // The member's week two weeks back: read-only, with the reason, in the grid, the week's bar and timecards.
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const mine = await context.newPage();
  await useKeySessionOn(mine, apiUrl(), member.apiKey);
  const week = String(weekId).padStart(4, '0');
  await mine.goto(`/timesheet?week=${week}`);
  const old = cell(mine, taskName, monday);
  await expect(old).toHaveValue('1:00');
  await expect(old).toHaveAttribute('readonly', '');
  await expect(old).toHaveAccessibleDescription(/Locked: Locked after 7 days/);
  await expect(cell(mine, taskName, tuesday)).toHaveAttribute('readonly', '');
  await expect(mine.getByText('The whole week is locked by the team’s automatic lock (Locked after 7 days)')).toBeVisible();
  await expectNoAxeViolations(mine);
  await shots(mine, 'auto-lock-grid');
  await mine.goto(`/timecards?week=${week}`);
  await expect(mine.getByRole('row', { name: new RegExp(dayName(tuesday)) })).toContainText('Read-only: Locked after 7 days');
  await expect(mine.getByRole('textbox', { name: new RegExp(`^Clock in, ${dayName(tuesday)}`) })).toHaveAttribute('readonly', '');

  // The admin opens the member's week again, with a reason.
  await page.goto(`/approvals/team?week=${weekId}&person=${member.id}`);
  const note = page.getByRole('group', { name: 'Automatic lock' });
  await expect(note).toContainText(`The whole week is locked for ${member.name} (Locked after 7 days)`);
  await note.getByRole('button', { name: 'Open this week again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open this week again' });
  await dialog.getByRole('button', { name: 'Open the week' }).click();
  await expect(dialog.getByText('Give the reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill(`Client visit missing ${n}`);
  await expectNoAxeViolations(page);
  await shots(page, 'auto-lock-open-week');
  await dialog.getByRole('button', { name: 'Open the week' }).click();
  await expect(page.getByText(`${member.name}’s week is open again.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(note).toBeHidden();
  const log = await call<{ items: { kind: string; detail?: unknown }[] }>('GET', '/audit-log?kind=week.unlocked', admin);
  expect(JSON.stringify(log)).toContain(`Client visit missing ${n}`);

  // The member changes the day now.
  await mine.goto(`/timesheet?week=${week}`);
  const opened = cell(mine, taskName, monday);
  await expect(opened).toHaveValue('1:00');
  await expect(opened).not.toHaveAttribute('readonly', '');
  await expect(mine.getByText(/locked by the team’s automatic lock/)).toHaveCount(0);
  await opened.fill('2:00');
  await opened.press('Enter');
  await expect
    .poll(async () => (await call<{ time: number }[]>('GET', `/users/${member.id}/time?from=${monday}&to=${monday}`, member.apiKey))[0]?.time)
    .toBe(7200);
  await context.close();
});

const dayName = (date: string) => new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
