import type { Page, TestInfo } from '@playwright/test';
import { ADA, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { columns, headline, readTable } from './reports-helpers.ts';
import { signInAs } from './sign-in.ts';
import { call } from './timesheet-helpers.ts';

/*
 * Billing rounding in the browser against the real API: an admin gives a project of its own client a
 * 15-minute "up" rule per time record on its Billing tab; its 0:07 and 0:22 then report as 0:45 rounded
 * (0:29 recorded), and a new invoice bills 0:45. The team's rule is left alone (other journeys share the team).
 */

const ada = { email: ADA.email, password: ADA.password, apiKey: adaKey() };
const FEBRUARY = { from: '2026-02-01', to: '2026-02-28' };
let counter = 0;

async function seed() {
  const key = adaKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  const projectName = `Rounded site ${n}`;
  const project = await call<{ id: string }>('POST', '/projects', key, { name: projectName });
  await call('PUT', `/projects/${project.id}/billing`, key, { billing: { type: 'hourly' }, rate: { type: 'project_rate', rate: 12000 } });
  const clientName = `Quarter Hour ${n}`;
  const client = await call<{ id: number }>('POST', '/clients', key, { name: clientName, projects: [project.id] });
  const task = await call<{ id: string }>('POST', `/projects/${project.id}/tasks`, key, { name: 'Calls' });
  await call('POST', '/time', key, { task: task.id, date: '2026-02-03', time: 7 * 60 });
  await call('POST', '/time', key, { task: task.id, date: '2026-02-04', time: 22 * 60 });
  return { projectId: project.id, projectName, clientId: client.id, clientName };
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

test('an admin sets a 15-minute rule on a project; reports and a new invoice bill the rounded time', async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  const world = await seed();

  // Billing tab: the project's own rule, up to 15 minutes, each time record.
  await page.goto(`/projects/${encodeURIComponent(world.projectId)}/billing`);
  await signInAs(page, ada);
  await expect(page.getByText('In force now: no rounding.')).toBeVisible();
  await page.getByLabel('Rounding of billed time').selectOption('custom');
  await page.getByLabel('Round', { exact: true }).selectOption('up');
  await page.getByLabel('Step').selectOption('15');
  await page.getByLabel('Apply to').selectOption('entry');
  await expectNoAxeViolations(page);
  await shot(page, info, 'billing-1360');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, info, 'billing-375');
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.getByRole('button', { name: 'Save billing' }).click();
  await expect(page.getByText(`Billing of ${world.projectName} is saved.`)).toBeVisible();
  const saved = await call<{ rounding: unknown; effectiveRounding: unknown }>('GET', `/projects/${world.projectId}`, adaKey());
  expect(saved.rounding).toEqual({ mode: 'up', step: 15, per: 'entry' });

  // Reports: 0:45 rounded leads, 0:29 recorded beside it; the table has the rounded columns.
  await page.goto(`/reports/projects?from=${FEBRUARY.from}&to=${FEBRUARY.to}&project=${encodeURIComponent(world.projectId)}`);
  await expect(headline(page, 'Total time')).toHaveText('0:45');
  await expect(page.locator('dd').filter({ has: headline(page, 'Total time') })).toContainText('0:29 recorded');
  await expect(headline(page, 'Billable amount')).toHaveText('90.00');
  const table = await readTable(page, 'Project report');
  const figures = columns(table, ['Time', 'Rounded time', 'Billable amount', 'Rounded billable amount']);
  expect(figures.rows).toEqual([['0:29', '0:45', '58.00', '90.00']]);
  await expectNoAxeViolations(page);
  await shot(page, info, 'report-1360');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, info, 'report-375');
  await page.setViewportSize({ width: 1360, height: 900 });

  // A new invoice bills the rounded 0:45 at 120.00/h.
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'New invoice' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await dialog.getByLabel('Client').selectOption({ label: world.clientName });
  await dialog.getByLabel('Period').selectOption('custom');
  await dialog.getByLabel('From').fill(FEBRUARY.from);
  await dialog.getByLabel('To').fill(FEBRUARY.to);
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());
  const lines = page.getByRole('table', { name: 'Line items' });
  await expect(lines.getByLabel('Quantity, line 1')).toHaveValue('0.75');
  await expect(lines.getByRole('row').nth(1)).toContainText('$90.00');
  await shot(page, info, 'invoice-1360');
  const invoice = await call<{ invoiceItems: { billedTime: number; recordedTime: number | null; listAmount: number }[] }>(
    'GET',
    `/invoices/${invoiceId}`,
    adaKey(),
  );
  expect(invoice.invoiceItems.map((i) => [i.billedTime, i.recordedTime, i.listAmount])).toEqual([[2700, 1740, 9000]]);
});

test("the team's rule is set from the Team screen (looked at, not changed: other journeys share the team)", async ({ page }, info) => {
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto('/team');
  await signInAs(page, ada);
  await page.getByRole('button', { name: 'Billing rounding' }).click();
  const dialog = page.getByRole('dialog', { name: 'Billing rounding' });
  await expect(dialog.getByLabel('Rounding of billed time')).toHaveValue('none');
  await dialog.getByLabel('Rounding of billed time').selectOption('rule');
  await expect(dialog.getByLabel('Step')).toHaveValue('15');
  await expectNoAxeViolations(page);
  await shot(page, info, 'team-rounding-1360');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, info, 'team-rounding-375');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await call<{ rounding: unknown }>('GET', '/team/rounding', adaKey())).rounding).toBeNull();
});
