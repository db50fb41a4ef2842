import type { Page } from '@playwright/test';
import { dateAtOffset, monthSpan } from '../contract/weeks.ts';
import { adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { apiUrl, call, inviteAndAccept, useKeySessionOn, type Member } from './timesheet-helpers.ts';

/*
 * Saved reports on the Reports screen: an admin saves the Clients report of one client over fixed dates, shared,
 * and a "this month" report of their own, which they then rename and share; a supervisor finds both and opens one
 * with its filters, without a way to change or delete them; the admin deletes one after a question. Every name is
 * this run's own.
 */

let counter = 0;

async function shots(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/screens/${name}-1360.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `.tmp/screens/${name}-375.png` });
  await page.setViewportSize({ width: 1360, height: 900 });
}

test('an admin saves, changes and shares reports; a supervisor opens one with its filters; the admin deletes it', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const admin = adaKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  const client = await call<{ id: number }>('POST', '/clients', admin, { name: `Saved Client ${n}` });
  const supervisor = await inviteAndAccept<Member>(admin, {
    name: `Sid Saved ${n}`,
    email: `sid-saved-${n}@example.test`,
    role: 'supervisor',
  });
  const shared = `Client March ${n}`;
  const monthly = `My month ${n}`;
  const renamed = `Team month ${n}`;

  await useKeySessionOn(page, apiUrl(), admin);
  await page.goto(`/reports/clients?from=2025-03-01&to=2025-03-31&client=${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  // Fixed dates, shared.
  await page.getByRole('button', { name: 'Save report' }).click();
  let dialog = page.getByRole('dialog', { name: 'Save report' });
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(dialog.getByText('Give the report a name')).toBeVisible();
  await dialog.getByLabel('Name').fill(shared);
  await expect(dialog.getByLabel('Range')).toHaveValue('custom');
  await dialog.getByLabel('Share with the team').check();
  await expectNoAxeViolations(page);
  await shots(page, 'saved-report-dialog');
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText(`“${shared}” is saved.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // This month, the admin's own: the range on screen is this month, so the dialog offers it.
  const month = monthSpan(dateAtOffset(new Date(), 0));
  await page.goto(`/reports/projects?from=${month.from}&to=${month.to}`);
  await page.getByRole('button', { name: 'Save report' }).click();
  dialog = page.getByRole('dialog', { name: 'Save report' });
  await expect(dialog.getByLabel('Range')).toHaveValue('thisMonth');
  await dialog.getByLabel('Name').fill(monthly);
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText(`“${monthly}” is saved.`)).toBeVisible();

  // Both are listed; the shared one opens the Clients tab with its client and dates.
  await page.goto('/reports/people?from=2025-01-01&to=2025-01-31');
  await page.getByText('Saved reports').click();
  await expect(page.getByRole('link', { name: monthly })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: shared })).toContainText('Clients · Fixed dates · Shared');
  await expectNoAxeViolations(page);
  await shots(page, 'saved-reports-list');
  // The admin renames their own report and shares it; its range stays this month.
  await page.getByRole('button', { name: `Change “${monthly}”` }).click();
  dialog = page.getByRole('dialog', { name: 'Change saved report' });
  await expect(dialog.getByLabel('Range')).toHaveValue('thisMonth');
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByLabel('Share with the team').check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`“${renamed}” is saved.`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: renamed })).toContainText('Projects · This month · Shared');
  await expect(page.getByRole('link', { name: monthly, exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: shared }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/clients\\?.*client=${client.id}`));
  await expect(page).toHaveURL(/from=2025-03-01/);
  await expect(page).toHaveURL(/to=2025-03-31/);
  await expect(page.getByRole('link', { name: shared })).toBeHidden();

  // The supervisor sees the shared report, not the admin's own, and opens it.
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const theirs = await context.newPage();
  await useKeySessionOn(theirs, apiUrl(), supervisor.apiKey);
  await theirs.goto('/reports/projects');
  await theirs.getByText('Saved reports').click();
  const item = theirs.getByRole('listitem').filter({ hasText: shared });
  await expect(item).toContainText('Shared with you');
  await expect(item.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(theirs.getByRole('link', { name: renamed })).toBeVisible();
  await expect(item.getByRole('button', { name: /^Change/ })).toHaveCount(0);
  await theirs.getByRole('link', { name: shared }).click();
  await expect(theirs).toHaveURL(new RegExp(`/reports/clients\\?.*client=${client.id}`));

  // The admin deletes the shared report after a question; the supervisor's list no longer has it.
  await page.getByText('Saved reports').click();
  await page.getByRole('button', { name: `Delete “${shared}”` }).click();
  await page.getByRole('dialog', { name: 'Delete this saved report?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`“${shared}” is deleted.`)).toBeVisible();
  await expect(page.getByRole('link', { name: shared })).toHaveCount(0);
  await theirs.reload();
  await theirs.getByText('Saved reports').click();
  await expect(theirs.getByRole('link', { name: shared })).toHaveCount(0);
  await context.close();
});

test('an admin sends a saved report each week to a supervisor: only once it is shared, and the choice is kept', async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const admin = adaKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  const supervisor = await inviteAndAccept<Member>(admin, { name: `Sue Mailed ${n}`, email: `sue-mailed-${n}@example.test`, role: 'supervisor' });
  const name = `Weekly mail ${n}`;
  await useKeySessionOn(page, apiUrl(), admin);
  await page.goto('/reports/people?from=2025-02-01&to=2025-02-28');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  await page.getByRole('button', { name: 'Save report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save report' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Send by email').selectOption('week');
  const to = dialog.getByRole('group', { name: 'Send it to' });
  await expect(to.getByLabel(/^Me \(/)).toBeChecked();
  await to.getByLabel(`Sue Mailed ${n}`).check();
  // Not shared: the supervisor may not get it, and the dialog says why on the list of people.
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(to.getByRole('alert')).toHaveText('Share the report to send it to others than you');
  await dialog.getByLabel('Share with the team').check();
  await expect(to.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shots(page, 'saved-report-email-dialog');
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText(`“${name}” is saved.`)).toBeVisible();

  await page.getByText('Saved reports').click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('People · Fixed dates · Shared · Emailed each week');
  await page.getByRole('button', { name: `Change “${name}”` }).click();
  const change = page.getByRole('dialog', { name: 'Change saved report' });
  await expect(change.getByLabel('Send by email')).toHaveValue('week');
  await expect(change.getByRole('group', { name: 'Send it to' }).getByLabel(`Sue Mailed ${n}`)).toBeChecked();
  const saved = (await call<{ name: string; email: { every: string; to: number[] } | null }[]>('GET', '/reports/saved', admin)).find((r) => r.name === name);
  expect(saved?.email?.every).toBe('week');
  expect(saved?.email?.to).toContain(supervisor.id);
});
