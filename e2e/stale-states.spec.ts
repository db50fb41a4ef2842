import type { Page } from '@playwright/test';
import { timesheetId } from '../contract/timesheet-ids.ts';
import { adaKey, expect, openScreen, test } from './fixtures.ts';
import { openWithKey, startReceiver } from './integrations-helpers.ts';
import { apiUrl, call, cell, seedWorld, signInWithKey } from './timesheet-helpers.ts';

/*
 * What the user just did, or what changed for them, shows without a reload. Each journey holds the list's own
 * refetch (the request a reload would make) while it checks what the screen already shows.
 */

test.describe.configure({ timeout: 120_000 });

const n = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Holds the API requests `matches` picks until `release` is called. */
async function holdApi(page: Page, method: string, matches: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const api = new URL(apiUrl()).origin;
  await page.route(
    (u) => u.origin === api && matches.test(u.pathname),
    async (route) => {
      if (route.request().method() === method) await released;
      await route.continue().catch(() => undefined);
    },
  );
  return release;
}

test('the invoice list shows an invoice as paid, with its total, as soon as it is marked paid', async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const key = adaKey();
  const project = await call<{ id: string }>('POST', '/projects', key, { name: `Ledger site ${n()}` });
  await call('PUT', `/projects/${project.id}/billing`, key, { billing: { type: 'hourly' }, rate: { type: 'project_rate', rate: 10000 } });
  const client = await call<{ id: number }>('POST', '/clients', key, { name: `Paid Promptly ${n()}`, projects: [project.id] });
  const task = await call<{ id: string }>('POST', `/projects/${project.id}/tasks`, key, { name: 'Build' });
  await call('POST', '/time', key, { task: task.id, date: '2026-02-03', time: 2 * 3600 });
  const invoice = await call<{ id: number; publicId: string }>('POST', `/clients/${client.id}/invoices`, key, {
    limitDateFrom: '2026-02-01',
    limitDateTill: '2026-02-28',
  });
  await call('POST', `/invoices/${invoice.id}/sent`, key);

  await signInWithKey(page, key);
  await openScreen(page, 'Invoices');
  const row = page.getByRole('row', { name: new RegExp(invoice.publicId) });
  await expect(row).toContainText('Sent');
  await row.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.publicId);
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByRole('button', { name: 'Back to sent' })).toBeVisible();

  // Back on the list while its refetch is held: the invoice already reads Paid, at its total.
  const release = await holdApi(page, 'GET', /^\/invoices$/);
  await page.getByRole('button', { name: /All invoices/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$200.00');
  release();
  await expect(row).toContainText('Paid');
});

test('a member’s open week shows the reviewer’s decision without a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const w = await seedWorld('decided');
  await call('POST', '/time', w.member.apiKey, { task: w.tasks[0]!.id, date: w.dates[0], time: 3 * 3600 });
  const reviewer = await call<{ id: number }>('GET', '/users/me', adaKey());
  const id = timesheetId(w.member.id, w.weekId);
  await call('POST', `/timesheets/${id}/approval`, w.member.apiKey, { comment: '', reviewer: reviewer.id, sendNotification: false });

  await signInWithKey(page, w.member.apiKey);
  await expect(page.getByRole('region', { name: 'Pending approval' })).toBeVisible();
  const url = page.url();

  // The reviewer approves elsewhere while the member's week stays open on this page.
  await call('PUT', `/timesheets/${id}/approval`, adaKey(), { status: 'approved', comment: 'Fine' });
  await expect(page.getByRole('region', { name: 'Approved' })).toBeVisible({ timeout: 25_000 });
  await expect(page.getByRole('region', { name: 'Pending approval' })).toHaveCount(0);
  await expect(cell(page, 'Design review', w.dates[0]!)).toHaveAccessibleDescription(/Locked: Approved/);
  expect(page.url()).toBe(url);
});

test('a webhook’s last delivery agrees with its open log, and the “Webhook created” banner goes with the deleted hook', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  const receiver = await startReceiver();
  try {
    // A member of its own with a project of its own: the hook hears only what this test does.
    const w = await seedWorld('hooked');
    await openWithKey(page, w.member.apiKey, '/integrations');
    const card = page.getByRole('region', { name: 'Webhooks' });
    const target = `${receiver.url}/fresh-${n()}`;
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await card.getByLabel('Target URL').fill(target);
    await card.getByLabel('Project', { exact: true }).selectOption({ label: w.projectName });
    await card.getByRole('checkbox', { name: 'Time updated' }).check();
    await card.getByRole('button', { name: 'Create webhook' }).click();
    await expect(card.getByText('Webhook created: the handshake passed')).toBeVisible();
    const hook = card.getByRole('region', { name: `Webhook ${target}` });
    await expect(hook).toContainText(`Project ${w.projectName}`);
    await expect(hook).toContainText('Nothing sent yet');

    // The list's own refresh is held: the log's delivery alone must update "Last delivery".
    await hook.getByRole('button', { name: 'Deliveries' }).click();
    await expect(hook.getByText(/^Nothing sent yet\. Deliveries show here/)).toBeVisible();
    const release = await holdApi(page, 'GET', /^\/hooks$/);
    await call('POST', '/time', w.member.apiKey, { time: 1800, date: w.today, task: w.tasks[0]!.id });
    const rows = hook.getByRole('table', { name: `Deliveries to ${target}` }).getByRole('row').filter({ hasText: 'api:time:updated' });
    await expect(rows.filter({ hasText: 'HTTP 200' })).toHaveCount(1, { timeout: 20_000 });
    await expect(hook).toContainText('Last delivery');
    await expect(hook).not.toContainText('Nothing sent yet');
    release();

    await hook.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click();
    await expect(hook).toHaveCount(0);
    await expect(card.getByText('Webhook created: the handshake passed')).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
