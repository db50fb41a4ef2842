import { ADA, adaKey, expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signInAs } from './sign-in.ts';
import { call } from './timesheet-helpers.ts';

/*
 * Any other CSV in the browser against the real API: an admin chooses the file, says which column holds the
 * date and the person (the project and the hours are found by their names), previews, applies, and the next
 * file of the same shape starts from the columns chosen before and adds nothing new.
 */

const ada = { email: ADA.email, password: ADA.password, apiKey: adaKey() };

test('an admin imports a CSV of their own shape by choosing its columns, and the next file starts from that choice', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 900 });
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const member = await call<{ id: number; name: string }>('POST', '/team/users', adaKey(), {
    name: `Cora Csv ${n}`,
    email: `cora-csv-${n}@example.test`,
  });
  // Headers of this test alone, so no earlier run's choice fits them: "Tag" and "Wer" are nobody's usual names.
  const [day, who] = [`Tag ${n}`, `Wer ${n}`];
  const project = `Csv Project ${n}`;
  const csv = [
    `${day};${who};Projekt;Stunden;Notiz`,
    `14/04/2025;${member.name};${project};1,5;Planning`,
    `15/04/2025;${member.name};${project};2;Review`,
  ].join('\r\n');
  const file = { name: `hours-${n}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

  await page.goto('/import');
  await signInAs(page, ada);
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Any other CSV' }).check();
  await page.getByLabel('CSV file').setInputFiles(file);

  // Project, hours and note are found by their names; date and person must be chosen.
  await expect(page.getByLabel('Project (needed)')).toHaveValue('Projekt');
  await expect(page.getByLabel('Duration')).toHaveValue('Stunden');
  await expect(page.getByLabel('Note')).toHaveValue('Notiz');
  await page.getByRole('button', { name: 'Preview import' }).click();
  await expect(page.getByText('Choose the column')).toHaveCount(2);
  await page.getByLabel('Date (needed)').selectOption(day);
  await page.getByLabel('Person (needed)').selectOption(who);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/shots-import-csv/mapping-1360.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/shots-import-csv/mapping-375.png', fullPage: true });
  await page.setViewportSize({ width: 1360, height: 900 });
  await page.getByRole('button', { name: 'Preview import' }).click();

  const preview = page.getByRole('region', { name: `${file.name} (Any other CSV)` });
  await expect(preview).toBeVisible();
  const people = preview.getByRole('table', { name: 'People of the file' });
  await expect(people.getByRole('row', { name: new RegExp(member.name) })).toContainText('3:30');
  await expect(preview.getByLabel(`${member.name} in the team`)).toHaveValue(String(member.id));
  await preview.getByRole('button', { name: 'Apply import' }).click();
  await expect(preview.getByText('Imported', { exact: true })).toBeVisible();
  const rows = await call<{ time: number; date: string }[]>('GET', `/team/time?user=${member.id}&from=2025-04-01&to=2025-04-30`, adaKey());
  expect(rows.map((r) => [r.date, r.time]).sort()).toEqual([
    ['2025-04-14', 5400],
    ['2025-04-15', 7200],
  ]);

  // The same shape again: the columns chosen before are there; nothing new is added.
  await page.getByLabel('CSV file').setInputFiles({ ...file, name: `hours-again-${n}.csv` });
  await expect(page.getByText('The columns of your last CSV import are chosen.')).toBeVisible();
  await expect(page.getByLabel('Date (needed)')).toHaveValue(day);
  await page.getByRole('button', { name: 'Preview import' }).click();
  const again = page.getByRole('region', { name: `hours-again-${n}.csv (Any other CSV)` });
  await expect(again.locator('dl > div').filter({ hasText: 'Already imported' }).locator('dd')).toHaveText('2');
});
