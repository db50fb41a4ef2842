import type { Page } from '@playwright/test';
import { adaKey, expect, openScreen, test } from './fixtures.ts';
import { apiUrl, call, signInWithKey } from './timesheet-helpers.ts';

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
