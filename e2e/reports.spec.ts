import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { ADA, adaKey, expect, expectNoAxeViolations, openScreen, passwordMember, test } from './fixtures.ts';
import { columns, headline, MEMBER_RANGE, RANGE, rangeQuery, readTable, seedMemberMonth, seedReports, type ReportWorld } from './reports-helpers.ts';
import { signInAs } from './sign-in.ts';

const sam = passwordMember('reports');
const mo = passwordMember('reportsMember');
const ada = {
  email: ADA.email,
  password: ADA.password,
  get apiKey() {
    return adaKey();
  },
};
let world: ReportWorld;

test.beforeAll(async () => {
  world = await seedReports(sam.id);
  await seedMemberMonth(mo.id);
});

test.describe('reports', () => {
  test('an admin reads each tab’s figures, drills down from a client to its projects to a project’s people', async ({ page }) => {
    await page.goto(`/reports/clients?${rangeQuery}`);
    await signInAs(page, ada);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(headline(page, 'Total time')).toHaveText('13:30');
    await expect(headline(page, 'Billable time')).toHaveText('11:30');
    await expect(page.getByText('85% of all time')).toBeVisible();
    await expect(headline(page, 'Billable amount')).toHaveText('1,390.00');
    await expect(headline(page, 'Costs')).toHaveText('485.00');
    await expect(headline(page, 'Profit')).toHaveText('905.00');
    const clients = columns(await readTable(page, 'Client report'), [
      'Client',
      'Time',
      'Billable time',
      'Billable amount',
      'Costs',
      'Profit',
    ]);
    expect(clients.rows).toEqual([
      ['Quill Press', '7:00', '5:00', '420.00', '240.00', '180.00'],
      ['Ridge Bakery', '6:30', '6:30', '970.00', '245.00', '725.00'],
    ]);
    expect(clients.total).toEqual(['Total', '13:30', '11:30', '1,390.00', '485.00', '905.00']);
    await expectNoAxeViolations(page);

    await page.getByRole('table', { name: 'Client report' }).getByRole('link', { name: 'Ridge Bakery' }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/projects\\?.*client=${world.clients.ridge}`));
    const projects = columns(await readTable(page, 'Project report'), [
      'Project',
      'Client',
      'Time',
      'Billable amount',
      'Costs',
      'Profit',
      'Return on costs',
    ]);
    expect(projects.rows).toEqual([
      ['Ridge photos', 'Ridge Bakery', '3:00', '500.00', '120.00', '380.00', '317%'],
      ['Ridge website', 'Ridge Bakery', '3:30', '470.00', '125.00', '345.00', '276%'],
    ]);
    await expect(headline(page, 'Total time')).toHaveText('6:30');

    await page.getByRole('table', { name: 'Project report' }).getByRole('link', { name: 'Ridge website' }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/people\\?.*project=${encodeURIComponent(world.projects.website)}`));
    const people = columns(await readTable(page, 'Person report'), ['Person', 'Time', 'Billable time', 'Billable amount', 'Costs']);
    expect(people.rows).toEqual([
      ['Ada Admin', '2:00', '2:00', '290.00', '80.00'],
      ['Sol Reports', '1:30', '1:30', '180.00', '45.00'],
    ]);
    await expectNoAxeViolations(page);
  });

  for (const who of ['admin', 'supervisor'] as const)
    test(`${who}: Reports opens on its first tab, Clients, and every filter change keeps the tab on screen`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInAs(page, who === 'admin' ? ada : sam);
      await openScreen(page, 'Reports');
      const tabs = page.getByRole('navigation', { name: 'Report tabs' });
      await expect(page).toHaveURL(/\/reports\/clients\?/);
      await expect(tabs.getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('table', { name: 'Client report' })).toBeVisible();
      /** The URL names the tab and the changed filter, the tab is marked, and its table is drawn. */
      const stays = async (tab: 'Clients' | 'Projects' | 'People', param: string, value: string) => {
        const path = tab.toLowerCase();
        await expect(page).toHaveURL(new RegExp(`/reports/${path}\\?(.*&)?${param}=${encodeURIComponent(value)}(&|$)`));
        await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
        const table = { Clients: 'Client report', Projects: 'Project report', People: 'Person report' }[tab];
        await expect(page.getByRole('table', { name: table }).locator('tbody tr:not([aria-hidden])').first()).toBeVisible();
      };
      // The period: a preset, then each end by hand.
      await page.getByLabel('Period').selectOption({ label: 'This year' });
      await stays('Clients', 'from', `${new Date().getFullYear()}-01-01`);
      await page.getByRole('textbox', { name: 'From', exact: true }).fill(RANGE.from);
      await stays('Clients', 'from', RANGE.from);
      await page.getByRole('textbox', { name: 'To', exact: true }).fill(RANGE.to);
      await stays('Clients', 'to', RANGE.to);
      await expect(headline(page, 'Total time')).toHaveText('13:30');
      // Then the client, the project and the person.
      await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Quill Press' });
      await stays('Clients', 'client', String(world.clients.quill));
      await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Quill catalogue' });
      await stays('Clients', 'project', world.projects.catalogue);
      await page.getByLabel('Person', { exact: true }).selectOption({ label: 'Sol Reports' });
      await stays('Clients', 'person', String(sam.id));
      await expect(headline(page, 'Total time')).toHaveText('4:00');
      expect(columns(await readTable(page, 'Client report'), ['Client', 'Time']).rows).toEqual([['Quill Press', '4:00']]);

      // The other tabs keep themselves too.
      await tabs.getByRole('link', { name: 'People' }).click();
      await page.getByLabel('Person', { exact: true }).selectOption({ label: 'Everyone' });
      await page.getByRole('textbox', { name: 'From', exact: true }).fill('2025-03-11');
      await stays('People', 'from', '2025-03-11');
      await expect(headline(page, 'Total time')).toHaveText('1:00');
      await tabs.getByRole('link', { name: 'Projects' }).click();
      await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Ridge Bakery' });
      await stays('Projects', 'client', String(world.clients.ridge));
      await page.getByLabel('Period').selectOption({ label: 'Last month' });
      await expect(page).toHaveURL(/\/reports\/projects\?(.*&)?from=\d{4}-\d{2}-01(&|$)/);
      await expect(page).not.toHaveURL(/from=2025-03-11/);
      await expect(tabs.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
    });

  test('filters live in the URL: a change shows new figures, reload keeps them, Back restores the last view', async ({ page }) => {
    await page.goto(`/reports/projects?${rangeQuery}`);
    await signInAs(page, ada);
    await expect(headline(page, 'Total time')).toHaveText('13:30');
    await expectNoAxeViolations(page);

    await page.getByLabel('Client').selectOption({ label: 'Quill Press' });
    await expect(page).toHaveURL(new RegExp(`client=${world.clients.quill}`));
    await expect(headline(page, 'Total time')).toHaveText('7:00');
    await expect(headline(page, 'Profit')).toHaveText('180.00');

    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2025-03-10');
    await expect(page).toHaveURL(/to=2025-03-10/);
    await expect(headline(page, 'Total time')).toHaveText('4:00');

    await page.reload();
    await expect(headline(page, 'Total time')).toHaveText('4:00');
    await expect(page.getByLabel('Client')).toHaveValue(String(world.clients.quill));

    await page.goBack();
    await expect(headline(page, 'Total time')).toHaveText('7:00');
    await page.goBack();
    await expect(headline(page, 'Total time')).toHaveText('13:30');
    expect(new URL(page.url()).searchParams.get('client')).toBeNull();
  });

  test('the table downloads as CSV, row for row as shown, and the charts read out by keyboard', async ({ page }) => {
    await page.goto(`/reports/projects?${rangeQuery}`);
    await signInAs(page, ada);
    const table = page.getByRole('table', { name: 'Project report' });
    await table.getByRole('button', { name: 'Time', exact: true }).click();
    await table.getByRole('button', { name: 'Time', exact: true }).click();
    await expect(page).toHaveURL(/sort=-time/);
    const shown = await readTable(page, 'Project report');
    expect(shown.rows.map((r) => r[0])).toEqual(['Quill catalogue', 'Ridge website', 'Ridge photos', 'Quill internal']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Table (CSV)' }).click(),
    ]);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    const plain = (cell: string) => {
      const hm = /^(\d+):(\d{2})$/.exec(cell);
      if (hm) return (Number(hm[1]) + Number(hm[2]) / 60).toFixed(2);
      return cell.replace(/,/g, '').replace('\u2212', '-').replace(/%$/, '');
    };
    const units: Record<string, string> = {
      Time: ' (hours)',
      'Billable time': ' (hours)',
      'Non-billable time': ' (hours)',
      'By timer': ' (%)',
      'Return on costs': ' (%)',
    };
    expect(csv[0]).toEqual(shown.headers.map((h) => `${h}${units[h] ?? ''}`));
    expect(csv.slice(1, -1)).toEqual(shown.rows.map((r) => r.map(plain)));
    expect(csv.at(-1)).toEqual(shown.total.map((c, i) => (i === 1 ? '' : plain(c))));

    // The detailed time of the range, from the API's export: every record of the month, one line each.
    const [detailed] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Detailed time (CSV)' }).click()]);
    const lines = fs.readFileSync((await detailed.path())!, 'utf8').replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Date,Person,Project,Task,Hours');
    expect(lines.slice(1).sort()).toEqual([
      '2025-03-03,Ada Admin,Ridge website,Ridge website work,2.00',
      '2025-03-04,Sol Reports,Ridge website,Ridge website work,1.50',
      '2025-03-05,Ada Admin,Ridge photos,Ridge photos work,3.00',
      '2025-03-10,Sol Reports,Quill catalogue,Quill catalogue work,4.00',
      '2025-03-11,Ada Admin,Quill catalogue,Quill catalogue work,1.00',
      '2025-03-12,Sol Reports,Quill internal,Quill internal work,2.00',
    ]);

    // The bar chart: one focus stop per project, its values in its name; arrows move through the bars.
    const first = page.getByRole('button', { name: 'Quill catalogue: 5 hours, 5 hours billable; opens its people' });
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('button', { name: 'Ridge website: 3 hours 30 minutes, 3 hours 30 minutes billable; opens its people' }),
    ).toBeFocused();
    await expect(page.getByText('Ridge website · Total 3:30 · Billable 3:30 · Non-billable 0:00')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/reports/people\\?.*project=${encodeURIComponent(world.projects.website)}`));
  });

  test('the table downloads as Excel: real numbers and time values, totals equal to the screen’s', async ({ page }) => {
    await page.goto(`/reports/clients?${rangeQuery}`);
    await signInAs(page, ada);
    const shown = columns(await readTable(page, 'Client report'), ['Client', 'Time', 'Billable amount', 'Profit']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Table (Excel)' }).click()]);
    expect(download.suggestedFilename()).toBe(`timekeep-clients-${RANGE.from}-to-${RANGE.to}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const ws = wb.getWorksheet('Client report')!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    // A time value is a number of days (exceljs reads one with a time format as a Date from Excel's epoch).
    const days = (v: unknown) => (v instanceof Date ? (v.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : (v as number));
    const hm = (d: number) => `${Math.floor(Math.round(d * 1440) / 60)}:${String(Math.round(d * 1440) % 60).padStart(2, '0')}`;
    const money = (v: unknown) => (v as number).toLocaleString('en-US', { minimumFractionDigits: 2 });
    const read = (row: ExcelJS.Row, value: (c: ExcelJS.Cell) => unknown) => {
      const at = (h: string) => value(row.getCell(headers.indexOf(h) + 1));
      expect(typeof at('Billable amount')).toBe('number');
      return [at('Client'), hm(days(at('Time'))), money(at('Billable amount')), money(at('Profit'))];
    };
    const n = shown.rows.length;
    expect(shown.rows.map((_, i) => read(ws.getRow(i + 2), (c) => c.value))).toEqual(shown.rows);
    const totals = ws.getRow(n + 2);
    expect(totals.getCell(headers.indexOf('Time') + 1).formula).toBe(`SUM(B2:B${n + 1})`);
    expect(read(totals, (c) => (c.formula ? c.result : c.value))).toEqual(shown.total);
    expect((wb.getWorksheet('Filters')!.getRow(3).values as unknown[]).slice(1)).toEqual(['From', RANGE.from]);
    const toolbar = page.getByRole('group', { name: 'Download' }).locator('..');
    await toolbar.screenshot({ path: '.tmp/screens/reports-exports-1360.png' });
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await toolbar.screenshot({ path: '.tmp/screens/reports-exports-375.png' });
  });

  test('the report downloads as a PDF on the reader’s paper, with the screen’s figures', async ({ page }) => {
    await page.goto(`/reports/projects?${rangeQuery}`);
    await signInAs(page, ada);
    const shown = columns(await readTable(page, 'Project report'), ['Project', 'Client', 'Time', 'Billable amount', 'Profit']);
    const total = await headline(page, 'Total time').textContent();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Report (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`timekeep-projects-${RANGE.from}-to-${RANGE.to}.pdf`);
    const doc = await getDocumentProxy(new Uint8Array(fs.readFileSync((await download.path())!)));
    // The browser speaks en-US, whose offices print on Letter: the pages are Letter on their side.
    expect((await doc.getPage(1)).view.slice(2).map(Math.round)).toEqual([792, 612]);
    const text = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('Project report');
    expect(text).toContain(`${RANGE.from} – ${RANGE.to}`);
    expect(text).toContain(`Total time ${total}`);
    for (const [name, client, time, amount, profit] of shown.rows) {
      expect(text).toContain(`${name} ${client} ${time}`);
      expect(text).toContain(amount);
      expect(text).toContain(profit);
    }
    expect(text).toContain(`Total ${shown.total[2]}`);
  });

  test('a supervisor sees time and billable figures but no costs or profit anywhere', async ({ page }) => {
    await page.goto(`/reports/people?${rangeQuery}`);
    await signInAs(page, sam);
    await expect(headline(page, 'Billable amount')).toHaveText('1,390.00');
    await expect(headline(page, 'Costs')).toHaveCount(0);
    await expect(headline(page, 'Profit')).toHaveCount(0);
    const people = await readTable(page, 'Person report');
    expect(people.headers.filter((h) => /cost|profit/i.test(h))).toEqual([]);
    expect(columns(people, ['Person', 'Time', 'Billable time', 'Billable amount']).rows).toEqual([
      ['Ada Admin', '6:00', '6:00', '890.00'],
      ['Sol Reports', '7:30', '5:30', '500.00'],
    ]);
    await expect(page.getByRole('heading', { name: 'Billable amount', level: 2 })).toBeVisible();
    await expect(page.getByText(/costs|profit/i)).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Table (CSV)' }).click(),
    ]);
    expect(fs.readFileSync((await download.path())!, 'utf8')).not.toMatch(/cost|profit/i);
    await expectNoAxeViolations(page);
  });

  test('on a phone the projects tab fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/reports/projects?${rangeQuery}`);
    await signInAs(page, ada);
    await expect(headline(page, 'Total time')).toHaveText('13:30');
    await expect(page.getByRole('table', { name: 'Project report' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test('a member reads only their own time: People alone, no money anywhere', async ({ page }) => {
    const april = `from=${MEMBER_RANGE.from}&to=${MEMBER_RANGE.to}`;
    // A link to the clients tab lands on People, the one tab a member has, with the filters kept.
    await page.goto(`/reports/clients?${april}`);
    await signInAs(page, mo);
    await expect(page).toHaveURL(new RegExp(`/reports/people\\?.*from=${MEMBER_RANGE.from}`));
    await expect(page.getByRole('navigation', { name: 'Report tabs' })).toHaveCount(0);
    await expect(headline(page, 'Total time')).toHaveText('3:00');
    await expect(headline(page, 'Billable time')).toHaveText('2:00');
    for (const hidden of ['Billable amount', 'Costs', 'Profit']) await expect(headline(page, hidden)).toHaveCount(0);
    const people = await readTable(page, 'Person report');
    expect(people.headers).toEqual(['Person', 'Time', 'Billable time', 'Non-billable time', 'By timer', 'Time off (days)', 'Time off']);
    // Only themselves: the admin's 4:00 on the same project is not theirs to read.
    expect(columns(people, ['Person', 'Time', 'Billable time', 'Non-billable time']).rows).toEqual([['Mo Ownhours', '3:00', '2:00', '1:00']]);
    await expect(page.getByRole('heading', { level: 2, name: /amount|costs|profit/i })).toHaveCount(0);
    await expect(page.getByText(/billable amount|costs|profit|\$/i)).toHaveCount(0);
    // No person or client to choose: the filters offer only what the member may read.
    await expect(page.getByRole('combobox', { name: 'Person' })).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Table (CSV)' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('Mo Ownhours');
    expect(csv).not.toMatch(/amount|cost|profit|Ada Admin/i);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: '.tmp/screens/reports-member-1360.png', fullPage: true });
  });

  test('printed, the figures carry their definitions, unfolded', async ({ page }) => {
    await page.goto(`/reports/projects?${rangeQuery}`);
    await signInAs(page, ada);
    await expect(headline(page, 'Total time')).toHaveText('13:30');
    const definitions = page.locator('details').filter({ hasText: 'What each figure means' });
    const profit = definitions.getByText('Billable amount minus costs; may be negative.');
    await expect(profit).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(profit).toBeVisible();
    await expect(definitions).toHaveAttribute('open', '');
    await page.screenshot({ path: '.tmp/screens/reports-print-1360.png', fullPage: true });
    // Back on screen, folded as the reader left it.
    await page.emulateMedia({ media: 'screen' });
    await expect(profit).toBeHidden();
    // The browser's own print (Ctrl+P) announces itself with beforeprint.
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect(profit).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(profit).toBeHidden();
  });
});
