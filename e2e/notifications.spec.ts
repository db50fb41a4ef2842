import type { Browser, Page } from '@playwright/test';
import { timesheetId } from '../contract/timesheet-ids.ts';
import { adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { call, inviteAndAccept, seedWorld, signInWithKey, type World } from './timesheet-helpers.ts';

/*
 * Notifications in the browser against the real API: a member submits a week, the reviewer's bell shows it
 * without a reload (the bell asks every 30 s), the reviewer follows the link and rejects with a comment, and
 * the member's bell shows the comment. A member turns one kind off on Profile and stops getting that kind only.
 */
test.use({ viewport: { width: 1360, height: 900 } });
// Two people side by side, and up to two 30-second polls of the bell.
test.describe.configure({ timeout: 180_000 });

/** The bell polls every 30 s: a new notification shows within one poll. */
const POLL = { timeout: 40_000 };
const n = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/screens/notifications-${name}.png`, fullPage: false });

async function pageFor(browser: Browser, key: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const page = await context.newPage();
  await signInWithKey(page, key);
  return page;
}

async function logWeek(w: World) {
  for (const [i, hours] of [6, 7].entries())
    await call('POST', '/time', w.member.apiKey, { time: hours * 3600, date: w.dates[i], task: w.tasks[0]!.id });
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test('a submitted week reaches the reviewer’s bell; the rejection and its comment reach the member’s', async ({ page, browser }) => {
  const w = await seedWorld(`bell ${n()}`);
  await logWeek(w);
  const reviewer = await inviteAndAccept<{ id: number; name: string; apiKey: string }>(adaKey(), {
    name: `Rhea Reviewer ${n()}`,
    email: `rhea-${n()}@example.test`,
    role: 'supervisor',
  });
  const reviewerPage = await pageFor(browser, reviewer.apiKey);
  await expect(bell(reviewerPage)).toBeVisible();

  // The member submits the week, asking for that reviewer.
  await signInWithKey(page, w.member.apiKey);
  await page.getByRole('button', { name: 'Submit week' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit week for approval' });
  await dialog.getByLabel('Reviewer').selectOption({ label: `${reviewer.name} (Supervisor)` });
  await expect(dialog.getByRole('checkbox', { name: 'Send a notification' })).toBeChecked();
  await dialog.getByLabel(/Comment/).fill('Two days on the harbour project.');
  await dialog.getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByRole('region', { name: 'Pending approval' })).toBeVisible();

  // The reviewer's bell counts it without a reload; the list shows it under Today, with the comment.
  await expect(bell(reviewerPage)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/, POLL);
  await bell(reviewerPage).click();
  const list = panel(reviewerPage);
  const item = list.getByRole('link', { name: new RegExp(`^${w.member.name} submitted the week of`) });
  await expect(list.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(item).toContainText('Two days on the harbour project.');
  await expectNoAxeViolations(reviewerPage);
  await shot(reviewerPage, 'reviewer-list-1360');

  // The link opens the week to review; the reviewer rejects it with a comment.
  await item.click();
  await expect(reviewerPage).toHaveURL(new RegExp(`/approvals\\?open=${timesheetId(w.member.id, w.weekId)}`));
  await expect(list).toBeHidden();
  await reviewerPage.getByRole('button', { name: 'Reject week' }).click();
  await reviewerPage.getByRole('textbox', { name: /Comment for/ }).fill('Tuesday needs a task comment.');
  await reviewerPage.getByRole('button', { name: 'Reject week' }).click();
  await expect(reviewerPage.getByText('Week sent back with your comment.')).toBeVisible();

  // The member's bell shows it without a reload, with the comment; opening the list and Mark all read clear the count.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', POLL);
  await bell(page).click();
  const mine = panel(page).getByRole('link', { name: new RegExp(`^${reviewer.name} rejected your week of`) });
  await expect(mine).toContainText('Tuesday needs a task comment.');
  await expectNoAxeViolations(page);
  await shot(page, 'member-list-1360');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(mine).toBeVisible();
  await shot(page, 'member-list-375');
  await panel(page).getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await reviewerPage.context().close();
});

test('turning one kind off on Profile stops that kind and no other', async ({ page }) => {
  const w = await seedWorld(`prefs ${n()}`);
  await logWeek(w);
  await signInWithKey(page, w.member.apiKey);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Notifications' });
  const rejected = card.getByRole('combobox', { name: 'My week is rejected' });
  await expect(rejected).toHaveValue('both');
  await rejected.selectOption({ label: 'Off' });
  await expect(page.getByText('Notification setting saved.')).toBeVisible();
  await expect(rejected).toHaveValue('none');
  await expectNoAxeViolations(page);
  await shot(page, 'preferences-1360');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(rejected).toBeVisible();
  await shot(page, 'preferences-375');
  await page.setViewportSize({ width: 1360, height: 900 });

  // A rejection now reaches nobody; an approval still does.
  const id = timesheetId(w.member.id, w.weekId);
  await call('POST', `/timesheets/${id}/approval`, w.member.apiKey, { comment: '', sendNotification: true });
  await call('PUT', `/timesheets/${id}/approval`, adaKey(), { status: 'rejected', comment: 'Not this one' });
  await call('POST', `/timesheets/${id}/approval`, w.member.apiKey, { comment: '', sendNotification: true });
  await call('PUT', `/timesheets/${id}/approval`, adaKey(), { status: 'approved', comment: 'Fine' });
  await page.goto('/timesheet');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', POLL);
  await bell(page).click();
  await expect(panel(page).getByRole('link', { name: /approved your week of/ })).toContainText('Fine');
  await expect(panel(page).getByRole('link', { name: /rejected your week/ })).toHaveCount(0);
  await expect(panel(page).getByRole('listitem')).toHaveCount(1);
});
