import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { pngImage } from '../server/test/images.ts';
import { ADA, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call } from './timesheet-helpers.ts';

/*
 * The invoice PDF in the browser against the real API: an admin sets the team's billing details and logo on
 * the Invoices screen, opens an invoice, downloads its PDF, and the PDF's text holds the details and figures.
 */

const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/screens/invoice-pdf-${name}.png`, fullPage: true });

const ada = { email: ADA.email, password: ADA.password, apiKey: adaKey() };

/** A client with business details, 3.5 h at 120.00/h in March 2026, and a draft invoice of it with 10% tax. */
async function seedInvoice() {
  const key = adaKey();
  const n = Date.now().toString(36);
  const project = await call<{ id: string }>('POST', '/projects', key, { name: `Brochure ${n}` });
  await call('PUT', `/projects/${project.id}/billing`, key, { billing: { type: 'hourly' }, rate: { type: 'project_rate', rate: 12000 } });
  const name = `Zürich Café ${n}`;
  const client = await call<{ id: number }>('POST', '/clients', key, {
    name,
    projects: [project.id],
    businessDetails: `Zürich Café AG\nLimmatquai 5, 8001 Zürich`,
  });
  const task = await call<{ id: string }>('POST', `/projects/${project.id}/tasks`, key, { name: 'Layout' });
  await call('POST', '/time', key, { task: task.id, date: '2026-03-09', time: 3.5 * 3600 });
  const invoice = await call<{ id: number; publicId: string }>('POST', `/clients/${client.id}/invoices`, key, {
    limitDateFrom: '2026-03-01',
    limitDateTill: '2026-03-31',
    tax: { rate: 10 },
    publicNotes: `Thank you, ${name}`,
  });
  return { ...invoice, name, project: `Brochure ${n}` };
}

test('an admin sets the billing details and logo, then downloads an invoice PDF holding them and its figures', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  const invoice = await seedInvoice();
  // The billing details are the team's, one set for every journey: runs at the same time write the same values.
  const firm = 'Harbour Row Design Ltd';

  await page.goto('/invoices');
  await signInAs(page, ada);
  const card = page.getByRole('region', { name: 'Billing details' });
  await card.getByLabel('Name on invoices').fill(firm);
  await card.getByLabel('Address').fill('1 Harbour Row\nBristol BS1 4QA');
  await card.getByLabel('Payment terms').fill('Net 30');
  await card.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('The billing details are saved')).toBeVisible();
  await card.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage(240, 80) });
  await expect(card.getByRole('img', { name: "The team's logo" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'list-1360');

  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1, name: invoice.publicId })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${invoice.publicId}.pdf`);
  const bytes = new Uint8Array(fs.readFileSync(await download.path()));
  const { text } = await extractText(bytes, { mergePages: true });
  const flat = text.replace(/\s+/g, ' ');
  // 3.5 h × $120.00 = $420.00; 10% tax $42.00; total $462.00: the figures the invoice screen shows.
  for (const s of [
    firm,
    '1 Harbour Row',
    'Bristol BS1 4QA',
    invoice.publicId,
    invoice.name,
    'Zürich Café AG',
    invoice.project,
    '3.5',
    '$120.00',
    '$420.00',
    'Tax (10%)',
    '$42.00',
    '$462.00',
    'Net 30',
    `Thank you, ${invoice.name}`,
    'Page 1 of 1',
  ])
    expect(flat).toContain(s);
  await expect(page.locator('.page__subtitle')).toContainText('$462.00');
  await shot(page, 'invoice-1360');

  // On a phone the card and the invoice's actions fit the width.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'invoice-375');
  await page.goto('/invoices');
  await expect(page.getByRole('img', { name: "The team's logo" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'list-375');
});
