import { expect, type Locator, type Page } from '@playwright/test';
import { adaKey } from './fixtures.ts';
import { call } from './timesheet-helpers.ts';

/** A real 1×1 PNG and a real one-page PDF: what the server recognises by their bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let n = 0;
/** Categories and a billable project for `memberId`, made by the admin through the API. */
export async function seedExpenseWorld(label: string, memberId: number) {
  const admin = adaKey();
  const tag = `${Date.now().toString(36)}${++n}`;
  const mileage = await call<{ id: number; name: string }>('POST', '/expenses/categories', admin, {
    name: `Mileage ${label} ${tag}`,
    color: '#1f6b45',
    unitBased: true,
    unitName: 'Miles',
    unitPrice: 58,
  });
  const meals = await call<{ id: number; name: string }>('POST', '/expenses/categories', admin, {
    name: `Meals ${label} ${tag}`,
    color: '#b42318',
  });
  const project = await call<{ id: string; name: string }>('POST', '/projects', admin, {
    name: `Harbour ${label} ${tag}`,
    users: [memberId],
  });
  await call('PUT', `/projects/${project.id}/billing`, admin, { billing: { type: 'hourly' } });
  return { mileage, meals, project };
}

/** The expense form (the dialog). */
export const form = (page: Page) => page.getByRole('dialog', { name: /expense/i });

/** Picks files in the form's drop zone with the real file input. */
export async function pickReceipts(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await form(page).getByLabel('Receipts: choose files').setInputFiles(files);
}

export async function expectUploaded(page: Page, name: string) {
  const item = form(page).getByRole('listitem').filter({ hasText: name });
  await expect(item.getByRole('status')).toHaveText('Uploaded');
  return item;
}

/** Presses Tab, as a keyboard user does, until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}
