import type { Browser, Locator, Page } from '@playwright/test';
import { timesheetId } from '../contract/timesheet-ids.ts';
import { ADA, adaKey, expect, expectNoAxeViolations, passwordMember, test } from './fixtures.ts';
import { signInAs, type E2EUser } from './sign-in.ts';
import { call, cell, dayLabel, seedWorld, type World } from './timesheet-helpers.ts';

test.use({ viewport: { width: 1360, height: 900 } });
// Two or three people signing in through the OAuth pages, with axe at each state, on a shared machine.
test.describe.configure({ timeout: 150_000 });

const ada = (): E2EUser => ({ email: ADA.email, password: ADA.password, apiKey: adaKey() });

/** A signed-in browser of its own for `user` (a member and a reviewer work side by side). */
async function browserFor(browser: Browser, user: E2EUser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const page = await context.newPage();
  await page.goto(path);
  await signInAs(page, user);
  return page;
}

/** Logs Monday to Friday of the world's week for its member, with a comment on Monday. */
async function logWeek(w: World) {
  for (const [i, hours] of [7, 8, 6.5, 7.5, 4].entries()) {
    await call('POST', '/time', w.member.apiKey, {
      time: hours * 3600,
      date: w.dates[i],
      task: w.tasks[i % 2]!.id,
      comment: i === 0 ? 'Kick-off with the client' : '',
    });
  }
}

const approvalOf = async (w: World) =>
  (await call<{ approval: { status: string } | null }[]>('GET', `/users/${w.member.id}/timesheets?weekId=${w.weekId}`, adaKey()))[0]!
    .approval?.status;

/** Whether a table is wider than its frame, so some columns sit out of view. */
const scrollsSideways = (table: Locator) => table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth > 1);
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/screens/approvals-${name}.png`, fullPage: true });

test('a member submits, the admin approves Monday to Wednesday, then rejects the rest with a comment', async ({ page, browser }) => {
  const rosa = passwordMember('reviewed');
  const w = await seedWorld('reviewed', { member: rosa });
  await logWeek(w);

  // The member submits the week from the timesheet.
  await page.goto('/');
  await signInAs(page, rosa);
  await page.getByRole('button', { name: 'Submit week' }).click();
  const submit = page.getByRole('dialog', { name: 'Submit week for approval' });
  await submit.getByLabel(/Comment/).fill('Client workshop on Monday.');
  await submit.getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByRole('region', { name: 'Pending approval' })).toBeVisible();

  // The admin sees the count beside Approvals and the week in the inbox.
  const admin = await browserFor(browser, ada(), '/approvals');
  const waiting = (await call<{ pending: number }>('GET', '/approvals/summary', adaKey())).pending;
  // Beside Approvals in the sidebar.
  const nav = admin.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: `Approvals ${waiting} waiting` })).toBeVisible();
  const inbox = admin.getByRole('table', { name: 'Submitted weeks' });
  const row = inbox.getByRole('row').filter({ hasText: rosa.name });
  await expect(row).toContainText('Mon\u2013Fri');
  await expect(row).toContainText('33:00');
  await expect(row).toContainText('Client workshop on Monday.');
  await expect(row).toContainText('Waiting');
  // Every column is in view on a laptop: the table does not scroll sideways.
  expect(await scrollsSideways(inbox)).toBe(false);
  await expectNoAxeViolations(admin);
  await shot(admin, 'inbox-laptop');

  // Open it: the read-only week with the request, then approve three days.
  await row.getByText(rosa.name).click();
  await expect(admin.getByRole('heading', { level: 1, name: rosa.name })).toBeVisible();
  const grid = admin.getByRole('table', { name: "The week's time" });
  await expect(grid.getByRole('rowheader', { name: /Design review/ })).toContainText(w.projectName);
  await expect(grid).toContainText('Kick-off with the client');
  await expect(admin.getByTestId('review-week-total')).toHaveText('33:00');
  await expect(admin.locator('blockquote')).toContainText('Client workshop on Monday.');
  for (const date of w.dates.slice(0, 3)) await grid.getByRole('checkbox', { name: `Approve ${dayLabel(date)}` }).check();
  await expectNoAxeViolations(admin);
  await shot(admin, 'review-laptop');
  await admin.getByRole('button', { name: 'Approve Mon\u2013Wed' }).click();
  await expect(admin.getByText('Days approved.')).toBeVisible();
  await expect.poll(() => approvalOf(w)).toBe('partial_approved');

  // The member sees the partial approval, those days locked, and submits the rest.
  await page.reload();
  const partly = page.getByRole('region', { name: 'Partly approved' });
  await expect(partly).toContainText('Approved: Mon, Tue, Wed');
  await expect(cell(page, 'Design review', w.dates[0]!)).toHaveAccessibleDescription(/Locked: Approved/);
  await expect(cell(page, 'Sprint planning', w.dates[3]!)).not.toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Submit week' }).click();
  const rest = page.getByRole('dialog', { name: 'Submit week for approval' });
  await expect(rest.getByRole('checkbox', { name: /Thu/ })).toBeChecked();
  await rest.getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByRole('region', { name: 'Pending approval' })).toBeVisible();

  // The admin rejects it: a comment is required, and the member reads it.
  await admin.goto(`/approvals?person=${rosa.id}&status=pending`);
  await admin.getByRole('table', { name: 'Submitted weeks' }).getByRole('row').filter({ hasText: rosa.name }).getByText(rosa.name).click();
  await expect(grid.getByText('Approved').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Reject week' }).click();
  await expect(admin.getByText('Say what to change: the member sees this comment')).toBeVisible();
  await expect(admin.getByRole('textbox', { name: /Comment for/ })).toBeFocused();
  await expectNoAxeViolations(admin);
  await admin.getByRole('textbox', { name: /Comment for/ }).fill('Friday needs the task for the workshop notes.');
  await admin.getByRole('button', { name: 'Reject week' }).click();
  await expect(admin.getByText('Week sent back with your comment.')).toBeVisible();
  await expect.poll(() => approvalOf(w)).toBe('rejected');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Rejected' })).toContainText('Friday needs the task for the workshop notes.');
  await expectNoAxeViolations(page);
  await admin.context().close();
});

test('the admin approves two weeks at once from the inbox', async ({ page }) => {
  const worlds = [await seedWorld('bulk-a'), await seedWorld('bulk-b')];
  for (const w of worlds) {
    await logWeek(w);
    await call('POST', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, w.member.apiKey, { comment: 'Done' });
  }
  await page.goto('/approvals?status=pending');
  await signInAs(page, ada());
  const inbox = page.getByRole('table', { name: 'Submitted weeks' });
  for (const w of worlds) await inbox.getByRole('checkbox', { name: new RegExp(`^Select ${w.member.name},`) }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Approve 2 selected' }).click();
  await expect(page.getByText('Approved 2 weeks.')).toBeVisible();
  for (const w of worlds) await expect.poll(() => approvalOf(w)).toBe('approved');
  for (const w of worlds) await expect(inbox.getByRole('row').filter({ hasText: w.member.name })).toHaveCount(0);
});

test('the team week shows everyone against capacity and opens a person', async ({ page }) => {
  const w = await seedWorld('team-week');
  await logWeek(w);
  await call('POST', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, w.member.apiKey, {});
  await page.goto('/approvals/team');
  await signInAs(page, ada());
  await expect(page.getByRole('heading', { level: 1, name: 'Team week' })).toBeVisible();
  const row = page.getByRole('table', { name: "Everyone's week" }).getByRole('row').filter({ hasText: w.member.name });
  await expect(row).toContainText('7:00');
  await expect(row).toContainText('33:00');
  await expect(row).toContainText('Waiting');
  expect(await scrollsSideways(page.getByRole('table', { name: "Everyone's week" }))).toBe(false);
  await expectNoAxeViolations(page);
  await shot(page, 'team-week-laptop');
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(/week=\d{4}/);
  await expect(page.getByRole('table', { name: "Everyone's week" }).getByRole('row').filter({ hasText: w.member.name })).not.toContainText(
    '33:00',
  );
  await page.getByRole('button', { name: 'This week' }).click();
  await row.getByText(w.member.name).click();
  await expect(page.getByRole('heading', { level: 1, name: w.member.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve week' })).toBeVisible();
});

test('an admin edits a member’s week from the team week, and the record’s history names the admin', async ({ page }) => {
  const w = await seedWorld('admin-edit');
  await logWeek(w);
  const admin = await call<{ id: number }>('GET', '/users/me', adaKey());
  await page.goto(`/approvals/team?week=${w.weekId}`);
  await signInAs(page, ada());
  const row = page.getByRole('table', { name: "Everyone's week" }).getByRole('row').filter({ hasText: w.member.name });
  await row.getByRole('button', { name: `Edit ${w.member.name}\u2019s week` }).click();
  await expect(page).toHaveURL(new RegExp(`person=${w.member.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${w.member.name}\u2019s timesheet`);
  await expect(page.getByText(`You are editing ${w.member.name}\u2019s time`)).toBeVisible();
  // Another person's week offers no timer: the timer is the admin's own.
  await expect(page.getByRole('button', { name: /^Start a timer/ })).toHaveCount(0);

  // Change a day that has time (PUT) and fill an empty one (a new record of the member's).
  const tuesday = cell(page, 'Sprint planning', w.dates[1]!);
  await expect(tuesday).toHaveValue('8:00');
  await tuesday.fill('6:30');
  await tuesday.press('Enter');
  const monday = cell(page, 'Sprint planning', w.dates[0]!);
  await monday.fill('1:15');
  await monday.press('Enter');
  await expect(page.getByTestId('week-total')).toHaveText('32:45');
  const records = () => call<{ id: number; time: number; user: number; date: string; task: { id: string } | null }[]>(
    'GET',
    `/users/${w.member.id}/time?from=${w.dates[0]}&to=${w.dates[1]}`,
    w.member.apiKey,
  );
  const sprint = (date: string) => async () => (await records()).find((r) => r.date === date && r.task?.id === w.tasks[1]!.id);
  await expect.poll(async () => (await sprint(w.dates[1]!)())?.time).toBe(6.5 * 3600);
  await expect.poll(async () => (await sprint(w.dates[0]!)())?.time).toBe(1.25 * 3600);
  await expectNoAxeViolations(page);
  await shot(page, 'member-week-laptop');

  await page.reload();
  await expect(cell(page, 'Sprint planning', w.dates[1]!)).toHaveValue('6:30');
  await expect(cell(page, 'Sprint planning', w.dates[0]!)).toHaveValue('1:15');

  // The member's records say who changed them: the admin, not the member.
  for (const date of [w.dates[0]!, w.dates[1]!]) {
    const record = (await sprint(date)())!;
    expect(record.user).toBe(w.member.id);
    const detail = await call<{ history: { action: string; createdBy: number }[] }>('GET', `/time/${record.id}`, w.member.apiKey);
    expect(detail.history.at(-1)!.createdBy).toBe(admin.id);
  }
  const tuesdayDetail = await call<{ history: { action: string; createdBy: number }[] }>('GET', `/time/${(await sprint(w.dates[1]!)())!.id}`, adaKey());
  expect(tuesdayDetail.history.map((h) => [h.action, h.createdBy])).toEqual([
    ['ADD', w.member.id],
    ['EDIT', admin.id],
  ]);

  // Back on the team week, the member's total is the new one.
  await page.getByRole('button', { name: /Team week/ }).click();
  await expect(page.getByRole('table', { name: "Everyone's week" }).getByRole('row').filter({ hasText: w.member.name })).toContainText('32:45');
});

test('a week locked by its approval stays read-only for the admin and says to reopen it first', async ({ page }) => {
  const w = await seedWorld('admin-locked');
  await logWeek(w);
  await call('POST', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, w.member.apiKey, {});
  await page.goto(`/approvals/team?week=${w.weekId}&person=${w.member.id}`);
  await signInAs(page, ada());
  const lock = page.getByRole('note').filter({ hasText: 'Reopen the week first' });
  await expect(lock).toContainText(`You can’t change ${w.member.name}’s time this week because the week is pending approval.`);
  const tuesday = cell(page, 'Sprint planning', w.dates[1]!);
  await expect(tuesday).toHaveValue('8:00');
  await expect(tuesday).toHaveAttribute('readonly', '');
  await expect(tuesday).toHaveAccessibleDescription(/reopen the week first/);
  await expect(page.getByRole('button', { name: 'Add row' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'member-week-locked-laptop');
  // Its approval is one click away, where the admin reopens it (rejects it).
  await page.getByRole('button', { name: 'Open its approval' }).click();
  await expect(page.getByRole('heading', { level: 1, name: w.member.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject' })).toBeVisible();
});

test('a supervisor approves by keyboard, and cannot decide on their own week', async ({ page }) => {
  const sam = passwordMember('reviewer');
  const w = await seedWorld('by-keys');
  await logWeek(w);
  await call('POST', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, w.member.apiKey, {});
  await page.goto(`/approvals?person=${w.member.id}`);
  await signInAs(page, sam);
  const inbox = page.getByRole('table', { name: 'Submitted weeks' });
  const row = inbox.getByRole('row').filter({ hasText: w.member.name });
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: w.member.name })).toBeVisible();
  await expect(page.getByText(/Keys: J next week/)).toBeVisible();
  await page.keyboard.press('a');
  await expect(page.getByText('Week approved.')).toBeVisible();
  await expect.poll(() => approvalOf(w)).toBe('approved');

  // The supervisor's own week waits for an admin.
  const own = await seedWorld('sam-own', { member: sam });
  await logWeek(own);
  await call('POST', `/timesheets/${timesheetId(sam.id, own.weekId)}/approval`, sam.apiKey, {});
  await page.goto(`/approvals?person=${sam.id}&open=${timesheetId(sam.id, own.weekId)}`);
  await expect(page.getByRole('note')).toContainText('You can’t decide on your own week because an admin approves a supervisor’s week.');
  await expect(page.getByRole('button', { name: 'Approve week' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The team week is read-only for a supervisor: no Edit, and a link to edit says why not.
  await page.goto(`/approvals/team?week=${w.weekId}`);
  await expect(page.getByRole('table', { name: "Everyone's week" }).getByRole('row').filter({ hasText: w.member.name })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await page.goto(`/approvals/team?week=${w.weekId}&person=${w.member.id}`);
  await expect(page.getByRole('note')).toContainText('only admins edit others’ time');
  await expect(page.getByRole('grid', { name: 'Week timesheet' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the inbox and one decision', async ({ page }) => {
    const w = await seedWorld('phone-review');
    await logWeek(w);
    await call('POST', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, w.member.apiKey, { comment: 'From the road' });
    await page.goto(`/approvals?status=pending`);
    await signInAs(page, ada());
    const row = page.getByRole('table', { name: 'Submitted weeks' }).getByRole('row').filter({ hasText: w.member.name });
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'inbox-phone');
    await row.getByText(w.member.name).click();
    await expect(page.getByRole('heading', { level: 1, name: w.member.name })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'review-phone');
    await page.getByRole('button', { name: 'Approve week' }).click();
    await expect(page.getByText('Week approved.')).toBeVisible();
    await expect.poll(() => approvalOf(w)).toBe('approved');
  });

  test('an admin edits a member’s day, and sees an approved week locked', async ({ page }) => {
    const w = await seedWorld('phone-edit');
    await logWeek(w);
    await page.goto(`/approvals/team?week=${w.weekId}`);
    await signInAs(page, ada());
    const row = page.getByRole('table', { name: "Everyone's week" }).getByRole('row').filter({ hasText: w.member.name });
    await expectNoAxeViolations(page);
    await shot(page, 'team-week-phone');
    await row.getByRole('button', { name: `Edit ${w.member.name}\u2019s week` }).click();
    await page.getByRole('button', { name: new RegExp(`^${dayLabel(w.dates[1]!).split(',')[0]}`) }).click();
    const tuesday = cell(page, 'Sprint planning', w.dates[1]!);
    await tuesday.fill('7:45');
    await tuesday.press('Enter');
    await expect(page.getByTestId('week-total')).toHaveText('32:45');
    await expect.poll(async () => (await call<{ time: number }[]>('GET', `/users/${w.member.id}/time?from=${w.dates[1]}&to=${w.dates[1]}`, adaKey()))[0]?.time).toBe(7.75 * 3600);
    await expectNoAxeViolations(page);
    await shot(page, 'member-week-phone');

    await call('POST', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, w.member.apiKey, {});
    await call('PUT', `/timesheets/${timesheetId(w.member.id, w.weekId)}/approval`, adaKey(), { status: 'approved' });
    await page.reload();
    await expect(page.getByRole('note').filter({ hasText: 'Reopen the week first' })).toContainText('because the week is approved');
    await expect(page.getByRole('button', { name: 'Add row' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, 'member-week-locked-phone');
  });
});
