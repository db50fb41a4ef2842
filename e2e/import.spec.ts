import type { Page } from '@playwright/test';
import { ADA, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call } from './timesheet-helpers.ts';

/*
 * Moving from Clockify in the browser against the real API: an admin opens Team → Import, uploads a Clockify
 * export written here (one person whose email matches a member made for the test, one the team does not
 * know), maps the unknown person onto another member, applies, finds the time, uploads the same file again
 * (nothing new) and undoes the first import from the history.
 */

const ada = { email: ADA.email, password: ADA.password, apiKey: adaKey() };
let counter = 0;

const HEADER =
  'Project,Client,Description,Task,User,Group,Email,Tags,Billable,Start Date,Start Time,End Date,End Time,Duration (h),Duration (decimal),Billable Rate (USD),Billable Amount (USD)';

async function seed() {
  const key = adaKey();
  const n = `${Date.now().toString(36)}${++counter}`;
  const known = await call<{ id: number; name: string; email: string }>('POST', '/team/users', key, {
    name: `Kim Known ${n}`,
    email: `kim-known-${n}@example.test`,
  });
  const other = await call<{ id: number; name: string }>('POST', '/team/users', key, {
    name: `Ola Other ${n}`,
    email: `ola-other-${n}@example.test`,
  });
  const client = `Import Client ${n}`;
  const site = `Import Site ${n}`;
  const app = `Import App ${n}`;
  const stranger = `Uma Unknown ${n}`;
  const csv = [
    HEADER,
    `${site},${client},Layouts,Design,${known.name},,${known.email},,Yes,03/03/2025,09:00:00 AM,03/03/2025,11:00:00 AM,02:00:00,2.00,90.00,180.00`,
    `${site},${client},Review,Development,${known.name},,${known.email},,Yes,03/04/2025,09:00:00 AM,03/04/2025,10:30:00 AM,01:30:00,1.50,90.00,135.00`,
    `${app},${client},Call,,${stranger},,uma-unknown-${n}@example.test,,Yes,03/05/2025,02:00:00 PM,03/05/2025,02:45:00 PM,00:45:00,0.75,90.00,67.50`,
  ].join('\r\n');
  return { n, known, other, stranger, site, app, fileName: `clockify-${n}.csv`, csv };
}

const count = (page: Page, label: string) =>
  page
    .getByRole('region', { name: /\.csv \(Clockify detailed CSV\)$/ })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

async function upload(page: Page, world: Awaited<ReturnType<typeof seed>>) {
  await page.getByLabel('Clockify detailed CSV file: choose files').setInputFiles({
    name: world.fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(world.csv, 'utf8'),
  });
}

async function teamSeconds(userId: number): Promise<number> {
  const rows = await call<{ time: number }[]>('GET', `/team/time?user=${userId}&from=2025-03-01&to=2025-03-31`, adaKey());
  return rows.reduce((sum, r) => sum + r.time, 0);
}

test('an admin imports a Clockify export, maps an unknown person, applies it, re-imports nothing and undoes it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  const world = await seed();

  await page.goto('/team');
  await signInAs(page, ada);
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Clockify detailed CSV' }).check();
  await upload(page, world);

  // The preview: what is new, who is who, and the totals.
  const preview = page.getByRole('region', { name: `${world.fileName} (Clockify detailed CSV)` });
  await expect(preview).toBeVisible();
  await expect(count(page, 'Clients')).toHaveText('1 new, 0 matched');
  await expect(count(page, 'Projects')).toHaveText('2 new, 0 matched');
  await expect(count(page, 'People')).toHaveText('1 new, 1 matched');
  await expect(count(page, 'New time rows')).toHaveText('3');
  await expect(count(page, 'Already imported')).toHaveText('0');
  await expect(count(page, 'Time to add')).toHaveText('4:15');
  const people = preview.getByRole('table', { name: 'People of the file' });
  await expect(people.getByRole('row', { name: new RegExp(world.known.name) })).toContainText('3:30');
  await expect(people.getByRole('row', { name: new RegExp(world.stranger) })).toContainText('0:45');
  const projects = preview.getByRole('table', { name: 'Time per project' });
  await expect(projects.getByRole('row', { name: new RegExp(world.site) })).toContainText('3:30');
  await expect(projects.getByRole('row', { name: new RegExp(world.app) })).toContainText('0:45');
  await expect(preview.getByLabel(`${world.known.name} in the team`)).toHaveValue(String(world.known.id));
  await expect(preview.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/shots-import-screen/preview-1360.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/shots-import-screen/preview-375.png', fullPage: true });
  await page.setViewportSize({ width: 1360, height: 900 });

  // The unknown person's time goes to another member of the team.
  await preview.getByLabel(`${world.stranger} in the team`).selectOption(String(world.other.id));
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await expect(preview.getByText('Imported', { exact: true })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Open Reports' })).toBeVisible();
  expect(await teamSeconds(world.known.id)).toBe(3.5 * 3600);
  expect(await teamSeconds(world.other.id)).toBe(45 * 60);

  // The same file again adds nothing.
  await upload(page, world);
  const history = page.getByRole('table', { name: 'Imports' });
  await expect(history.getByRole('row', { name: new RegExp(world.fileName) })).toHaveCount(2);
  await expect(count(page, 'New time rows')).toHaveText('0');
  await expect(count(page, 'Already imported')).toHaveText('3');
  await page.screenshot({ path: '/tmp/shots-import-screen/again-1360.png', fullPage: true });

  // Undo the first import from the history.
  await history.getByRole('button', { name: `Undo ${world.fileName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
  await expect(history.getByRole('row', { name: new RegExp(world.fileName) }).filter({ hasText: 'Undone' })).toHaveCount(1);
  await expect(history.getByRole('button', { name: `Undo ${world.fileName}` })).toHaveCount(0);
  expect(await teamSeconds(world.known.id)).toBe(0);
  expect(await teamSeconds(world.other.id)).toBe(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/shots-import-screen/history-375.png', fullPage: true });
});
