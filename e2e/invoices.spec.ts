import type { Page, TestInfo } from '@playwright/test';
import { ADA, TEAM_NAME, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call } from './timesheet-helpers.ts';

/*
 * Invoices in the browser against the real API: an admin bills a client's uninvoiced time, edits a line,
 * adds one, sets the tax, marks the invoice sent and prints it; the clients report's uninvoiced amount
 * drops by what the invoice covers. A draft deleted on a phone gives its time back.
 */

const ada = { email: ADA.email, password: ADA.password, apiKey: adaKey() };
let counter = 0;

/** A client with business details and an hourly project at 120.00/h, and Ada's time on it on two days of March 2026. */
async function seedClient(label: string, hours: [number, number]) {
  const key = adaKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  const project = await call<{ id: string }>('POST', '/projects', key, { name: `Website ${label} ${n}` });
  await call('PUT', `/projects/${project.id}/billing`, key, { billing: { type: 'hourly' }, rate: { type: 'project_rate', rate: 12000 } });
  const name = `Helix ${label} ${n}`;
  const client = await call<{ id: number }>('POST', '/clients', key, {
    name,
    projects: [project.id],
    businessDetails: `${name} Ltd\n1 Dock Road, Bristol`,
  });
  const task = await call<{ id: string }>('POST', `/projects/${project.id}/tasks`, key, { name: 'Design' });
  await call('POST', '/time', key, { task: task.id, date: '2026-03-02', time: hours[0] * 3600 });
  await call('POST', '/time', key, { task: task.id, date: '2026-03-03', time: hours[1] * 3600 });
  return { id: client.id, name, projectName: `Website ${label} ${n}` };
}

/** The clients report's uninvoiced amount for March 2026, read through the API. */
async function uninvoiced(clientId: number) {
  const rows = await call<{ clientId: number; uninvoicedAmount: number }[]>(
    'GET',
    `/dashboards/clients?clientId=${clientId}&date.gte=2026-03-01&date.lte=2026-03-31`,
    adaKey(),
  );
  return rows.find((r) => r.clientId === clientId)?.uninvoicedAmount ?? 0;
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

async function chooseRange(page: Page, from: string, to: string) {
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await dialog.getByLabel('Period').selectOption('custom');
  await dialog.getByLabel('From').fill(from);
  await dialog.getByLabel('To').fill(to);
}

test('an admin invoices a client, edits a line, marks it sent and prints it; the uninvoiced amount drops', async ({ page }, info) => {
  // A long journey through the real API and OAuth sign-in on a shared machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  const helix = await seedClient('Desk', [2, 1.5]);
  expect(await uninvoiced(helix.id)).toBe(42000);

  await page.goto('/invoices');
  await signInAs(page, ada);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(page).toHaveTitle('Invoices · Timekeep');
  await expectNoAxeViolations(page);
  await shot(page, info, 'list-1360');

  // New invoice: the preview shows what it will take before anything is created.
  await page.getByRole('button', { name: 'New invoice' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await expect(dialog.getByText('Choose a client and dates to see what the invoice will include.')).toBeVisible();
  await dialog.getByLabel('Client').selectOption({ label: helix.name });
  await chooseRange(page, '2026-03-01', '2026-03-31');
  const preview = dialog.getByRole('table', { name: 'Uninvoiced projects' });
  await expect(preview.getByRole('row', { name: new RegExp(helix.projectName) })).toContainText('$420.00');
  await expect(dialog.getByText('About $420.00 before tax and discount, from 1 of 1 project.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, info, 'new-1360');
  await dialog.getByRole('button', { name: 'Create draft' }).click();

  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Draft');
  const publicId = (await heading.textContent())!.replace('Draft', '').trim();
  expect(await uninvoiced(helix.id)).toBe(0);

  // Edit the line: its text and hours; add a custom line; 20% tax.
  const lines = page.getByRole('table', { name: 'Line items' });
  await expect(lines.getByLabel('Description, line 1')).toHaveValue(helix.projectName);
  await lines.getByLabel('Description, line 1').fill('Website design, March');
  await lines.getByLabel('Quantity, line 1').fill('3');
  await expect(lines.getByRole('row').nth(1)).toContainText('$360.00');
  await page.getByRole('button', { name: 'Add line' }).click();
  await lines.getByLabel('Description, line 2').fill('Hosting');
  await lines.getByLabel('Rate, line 2').fill('50');
  await page.getByLabel('Tax (%)').fill('20');
  await page.getByRole('button', { name: 'Save invoice' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${publicId} is saved.` })).toBeVisible();
  const totals = page.getByRole('definition');
  await expect(page.getByLabel('Totals').first()).toContainText('$492.00');
  await expect(totals.filter({ hasText: '$410.00' }).first()).toBeVisible();
  const saved = await call<{ totalAmount: number; invoiceItems: { name: string; listAmount: number }[] }>(
    'GET',
    `/invoices/${invoiceId}`,
    adaKey(),
  );
  expect(saved.invoiceItems.map((i) => [i.name, i.listAmount])).toEqual([
    ['Website design, March', 36000],
    ['Hosting', 5000],
  ]);
  expect(saved.totalAmount).toBe(49200);
  await expectNoAxeViolations(page);
  await shot(page, info, 'draft-1360');

  // Sent: locked, shown as the client gets it.
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(heading).toContainText('Sent');
  await expect(page.getByRole('note')).toContainText('You can’t edit this invoice because it is sent.');
  await expect(page.getByRole('textbox', { name: 'Description, line 1' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, info, 'sent-1360');

  // Print: the invoice alone, with the team, the client's details, the lines, totals and due date.
  await page.emulateMedia({ media: 'print' });
  const doc = page.getByRole('article', { name: `Invoice ${publicId}` });
  await expect(doc).toBeVisible();
  await expect(doc).toContainText(TEAM_NAME);
  await expect(doc).toContainText(`${helix.name} Ltd`);
  await expect(doc).toContainText('1 Dock Road, Bristol');
  await expect(doc).toContainText('Website design, March');
  await expect(doc.getByLabel('Totals')).toContainText('Subtotal$410.00');
  await expect(doc.getByLabel('Totals')).toContainText('Tax (20%)$82.00');
  await expect(doc.getByLabel('Totals')).toContainText('Total$492.00');
  await expect(doc).toContainText('DueOn receipt');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mark as paid' })).toBeHidden();
  await shot(page, info, 'print');
  await page.emulateMedia({ media: 'screen' });

  // The list shows it, and its filters live in the URL.
  await page.getByRole('button', { name: 'All invoices' }).click();
  await page.getByLabel('Status').selectOption('sent');
  await expect(page).toHaveURL(/status=sent/);
  await expect(page.getByRole('row', { name: new RegExp(publicId) })).toContainText('$492.00');
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('sent');
  await expect(page.getByRole('row', { name: new RegExp(publicId) })).toContainText('Sent');
  expect(await uninvoiced(helix.id)).toBe(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('a draft opens, fits the screen, and deleting it after the confirm releases its time', async ({ page }, info) => {
    test.setTimeout(90_000);
    const client = await seedClient('Phone', [1, 2]);
    const draft = await call<{ id: number; publicId: string }>('POST', `/clients/${client.id}/invoices`, adaKey(), {
      limitDateFrom: '2026-03-01',
      limitDateTill: '2026-03-31',
    });
    expect(await uninvoiced(client.id)).toBe(0);

    await page.goto('/invoices');
    await signInAs(page, ada);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, info, 'list-375');

    await page.getByRole('row', { name: new RegExp(draft.publicId) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(draft.publicId);
    await expect(page.getByRole('table', { name: 'Line items' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, info, 'draft-375');

    await page.getByRole('button', { name: 'Delete draft' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete draft ${draft.publicId}?` });
    await expect(confirm).toContainText(`The draft for ${client.name} ($360.00) will be deleted.`);
    await expect(confirm).toContainText('3:00 of time and its expenses it covers become uninvoiced again');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete draft' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByRole('row', { name: new RegExp(draft.publicId) })).toHaveCount(0);
    expect(await uninvoiced(client.id)).toBe(36000);
  });
});
