import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../../contract/common.ts';
import { figureColumns, type FigureColumn } from '../../../contract/report-columns.ts';
import { formatMoney } from '../../../src/features/reports/figure-format.ts';
import { formatDuration } from '../../../src/lib/duration.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { range, seedMonth, type Month } from '../../test/month-by-hand.ts';

/* The report exports on the month of dashboards.test.ts: the same figures as the JSON reports, as files. */
let t: TestContext;
let month: Month;
let A: TestUser, M: TestUser, S: TestUser, L: TestUser;

beforeAll(async () => {
  t = await setupTestApp();
  month = await seedMonth(t);
  ({ A, M, S, L } = month);
});

/** The raw answer: status, headers and bytes. */
async function download(path: string, as: TestUser) {
  const res = await t.app.request(path, { headers: { 'X-Api-Key': as.key } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function workbook(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** A figure as the JSON gives it (seconds, cents, whole percent, days) from its Excel value. */
const fromExcel = (kind: FigureColumn['kind'], v: number) =>
  kind === 'time' ? v * 86_400 : kind === 'money' || kind === 'percent' ? v * 100 : v;

/**
 * The number a cell holds. Excel keeps time values as numbers; exceljs reads a number with a time format
 * (`[h]:mm`) back as a Date from Excel's epoch, so that is turned back into the number. Text fails.
 */
function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v instanceof Date) return (v.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
  throw new Error(`Not a number: ${JSON.stringify(v)}`);
}
const numeric = [ExcelJS.ValueType.Number, ExcelJS.ValueType.Date];

const headersOf = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);

describe('report exports', () => {
  it('projects as Excel for an admin: numbers, time values, SUM totals equal to the report, and the filters', async () => {
    const json = await t.call('GET', `/dashboards/projects?${range}`, { as: A });
    const res = await download(`/dashboards/projects/export?${range}&format=xlsx`, A);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="timekeep-projects-2026-04-01-to-2026-04-30.xlsx"');
    const wb = await workbook(res.bytes);
    const ws = wb.getWorksheet('Project report')!;
    const figures = figureColumns('projects', 'admin');
    expect(headersOf(ws)).toEqual(['Project', 'Client', ...figures.map((f) => f.label)]);
    const rows: Record<string, number | string>[] = json.body;
    expect(ws.rowCount).toBe(rows.length + 2);
    rows.forEach((want, i) => {
      const row = ws.getRow(i + 2);
      expect(row.getCell(1).value).toBe(want.projectName);
      figures.forEach((f, j) => {
        const cell = row.getCell(3 + j);
        expect(numeric).toContain(cell.type);
        expect(cell.type === ExcelJS.ValueType.Date).toBe(f.kind === 'time');
        expect(fromExcel(f.kind, numberOf(cell.value))).toBeCloseTo(Number(want[f.key]), 6);
      });
    });
    expect(ws.getRow(2).getCell(3).numFmt).toBe('[h]:mm');
    expect(ws.getRow(2).getCell(3 + figures.findIndex((f) => f.key === 'billableAmount')).numFmt).toContain('USD');

    const totals = ws.getRow(rows.length + 2);
    expect(totals.getCell(1).value).toBe('Total');
    for (const key of ['time', 'billableTime', 'billableAmount', 'costs', 'profit', 'expenses'] as const) {
      const j = figures.findIndex((f) => f.key === key);
      const cell = totals.getCell(3 + j);
      expect(cell.type).toBe(ExcelJS.ValueType.Formula);
      expect(cell.formula).toMatch(/^SUM\([A-Z]+2:[A-Z]+\d+\)$/);
      const sum = rows.reduce((a, r) => a + Number(r[key]), 0);
      expect(fromExcel(figures[j]!.kind, numberOf(cell.result))).toBeCloseTo(sum, 6);
    }

    // The percents are worked out again from the totals, as the screen's totals row does.
    const pc = (key: string) => totals.getCell(3 + figures.findIndex((f) => f.key === key));
    expect(pc('timerTimePc').formula).toMatch(/^IF\([A-Z]+\d+=0,0,ROUND\(SUMPRODUCT\(/);
    expect(pc('profitCosts').formula).toMatch(/^IF\([A-Z]+\d+=0,0,ROUND\([A-Z]+\d+\/[A-Z]+\d+,2\)\)$/);
    const sumOf = (key: string) => rows.reduce((a, r) => a + Number(r[key]), 0);
    expect(Math.round(numberOf(pc('profitCosts').result) * 100)).toBe(Math.floor((sumOf('profit') * 100) / sumOf('costs') + 0.5));

    const filters = wb.getWorksheet('Filters')!;
    const pairs = Object.fromEntries(
      (filters.getSheetValues() as unknown[][]).filter(Boolean).map((r) => [r[1], r[2]]),
    );
    expect(pairs).toMatchObject({ Report: 'Projects', From: '2026-04-01', To: '2026-04-30', Client: 'All clients', Person: 'Everyone' });
  });

  it('CSV has the screen columns and a totals line equal to the report', async () => {
    const json = await t.call('GET', `/dashboards/clients?${range}`, { as: A });
    const res = await download(`/dashboards/clients/export?${range}`, A);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('timekeep-clients-2026-04-01-to-2026-04-30.csv');
    const lines = res.bytes.toString('utf8').replace(/^\ufeff/, '').trimEnd().split('\r\n');
    const figures = figureColumns('clients', 'admin');
    expect(lines[0]).toBe(['Client', ...figures.map((f) => (f.kind === 'time' ? `${f.label} (hours)` : f.kind === 'percent' ? `${f.label} (%)` : f.label))].join(','));
    expect(lines).toHaveLength(json.body.length + 2);
    const total = lines.at(-1)!.split(',');
    expect(total[0]).toBe('Total');
    const time = json.body.reduce((a: number, r: { time: number }) => a + r.time, 0);
    expect(total[1]).toBe((time / 3600).toFixed(2));
  });

  it('shows supervisors no costs or profit, members only themselves, and refuses limited members', async () => {
    const sup = await workbook((await download(`/dashboards/projects/export?${range}&format=xlsx`, S)).bytes);
    const supHeaders = headersOf(sup.getWorksheet(1)!);
    expect(supHeaders).toContain('Billable amount');
    for (const label of ['Costs', 'Cost of time', 'Profit', 'Return on costs']) expect(supHeaders).not.toContain(label);
    const supCsv = (await download(`/dashboards/users/export?${range}`, S)).bytes.toString('utf8');
    expect(supCsv).not.toContain('Profit');

    const mem = await download(`/dashboards/users/export?${range}&format=xlsx`, M);
    expect(mem.status).toBe(200);
    const ws = (await workbook(mem.bytes)).getWorksheet(1)!;
    expect(ws.rowCount).toBe(3);
    const me = (await t.call('GET', `/dashboards/users?${range}`, { as: M })).body[0];
    expect(ws.getRow(2).getCell(1).value).toBe(me.memberName);
    expect(headersOf(ws)).not.toContain('Billable amount');
    expect((await download(`/dashboards/users/export?${range}&memberId=${S.id}&format=xlsx`, M)).status).toBe(403);
    for (const path of ['clients', 'projects', 'users']) {
      const res = await t.call('GET', `/dashboards/${path}/export?${range}&format=xlsx`, { as: L });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 403, message: expect.any(String) });
    }
    expect((await t.call('GET', `/dashboards/clients/export`, { as: null })).status).toBe(401);
  });

  it('keeps teams apart: another team gets an empty table and no names of ours', async () => {
    const stranger = await t.user((await t.team()).id, 'admin');
    const p1 = month.P.p1!;
    const res = await download(`/dashboards/projects/export?${range}&projectId=ev:${p1}&memberId=${M.id}&format=xlsx`, stranger);
    expect(res.status).toBe(200);
    const wb = await workbook(res.bytes);
    expect(wb.getWorksheet(1)!.rowCount).toBe(2);
    const ours = (await t.call('GET', `/dashboards/projects?${range}&projectId=ev:${p1}`, { as: A })).body[0].projectName;
    const filterValues = JSON.stringify(wb.getWorksheet('Filters')!.getSheetValues());
    expect(filterValues).not.toContain(ours);
    expect(filterValues).toContain(`#${p1}`);
  });

  it('refuses a bad format, paper and filters with the error body', async () => {
    for (const path of ['clients', 'projects', 'users']) {
      const res = await t.call('GET', `/dashboards/${path}/export?${range}&format=ods`, { as: A });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 422, message: expect.any(String), errors: { format: ['Must be csv, xlsx or pdf'] } });
    }
    const paper = await t.call('GET', `/dashboards/projects/export?${range}&format=pdf&paper=a3`, { as: A });
    expect(paper.status).toBe(422);
    expect(paper.body).toEqual({ code: 422, message: expect.any(String), errors: { paper: ['Must be a4 or letter'] } });
    const backwards = await t.call('GET', `/dashboards/clients/export?date.gte=2026-04-30&date.lte=2026-04-01&format=xlsx`, { as: A });
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({ errors: { 'date.gte': expect.any(Array) } });
  });
});

/** The text of a PDF, pages merged, runs of white space as one space; and its pages' sizes in points. */
async function pdfOf(bytes: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  const sizes = await Promise.all(
    Array.from({ length: doc.numPages }, async (_, i) => (await doc.getPage(i + 1)).view.slice(2).map(Math.round)),
  );
  return { text: text.replace(/\s+/g, ' '), sizes };
}

describe('report exports as PDF', () => {
  it('holds the filters, the headline figures, every row and the totals, on landscape A4 or Letter', async () => {
    const json: Record<string, number | string>[] = (await t.call('GET', `/dashboards/projects?${range}`, { as: A })).body;
    const res = await download(`/dashboards/projects/export?${range}&format=pdf`, A);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="timekeep-projects-2026-04-01-to-2026-04-30.pdf"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { text, sizes } = await pdfOf(res.bytes);
    expect(sizes.every(([w, h]) => w === 842 && h === 595)).toBe(true);
    expect(text).toContain('Project report');
    expect(text).toContain('2026-04-01 – 2026-04-30');
    expect(text).toContain('Client: All clients');
    expect(text).toContain('Person: Everyone');
    expect(text).toContain('Time by project');
    expect(text).toContain('Time per day');
    const sum = (k: string) => json.reduce((a, r) => a + Number(r[k]), 0);
    // The headline figures and the totals, written as the screen writes them.
    expect(text).toContain(`Total time ${formatDuration(sum('time'))}`);
    expect(text).toContain(`Billable amount ${formatMoney(sum('billableAmount'))}`);
    expect(text).toContain(`Profit ${formatMoney(sum('profit'))}`);
    for (const r of json) {
      expect(text).toContain(String(r.projectName));
      expect(text).toContain(formatMoney(Number(r.billableAmount)));
    }
    for (const part of ['Time', 'Billable amounts and expenses (USD)', 'Costs and profit (USD)']) expect(text).toContain(part);
    expect(text).toMatch(new RegExp(`Total ${formatDuration(sum('time')).replace(':', '\\:')}`));

    const letter = await pdfOf((await download(`/dashboards/projects/export?${range}&format=pdf&paper=letter`, A)).bytes);
    expect(letter.sizes.every(([w, h]) => w === 792 && h === 612)).toBe(true);
  });

  it('shows supervisors no costs, members only their own time and no money, and keeps other teams out', async () => {
    const sup = (await pdfOf((await download(`/dashboards/clients/export?${range}&format=pdf`, S)).bytes)).text;
    expect(sup).toContain('Billable amounts and expenses');
    expect(sup).not.toContain('Costs and profit');
    expect(sup).not.toContain('Profit');

    const mine = (await t.call('GET', `/dashboards/users?${range}`, { as: M })).body;
    const mem = (await pdfOf((await download(`/dashboards/users/export?${range}&format=pdf`, M)).bytes)).text;
    expect(mem).toContain(mine[0].memberName);
    expect(mem).toContain('Figures: Time only');
    expect(mem).not.toContain('Billable amount');
    const others = (await t.call('GET', `/dashboards/users?${range}`, { as: A })).body.filter((r: { memberId: number }) => r.memberId !== M.id);
    for (const r of others) expect(mem).not.toContain(r.memberName);
    expect((await download(`/dashboards/users/export?${range}&memberId=${S.id}&format=pdf`, M)).status).toBe(403);
    expect((await download(`/dashboards/users/export?${range}&format=pdf`, L)).status).toBe(403);

    const stranger = await t.user((await t.team()).id, 'admin');
    const theirs = (await pdfOf((await download(`/dashboards/projects/export?${range}&format=pdf`, stranger)).bytes)).text;
    for (const r of (await t.call('GET', `/dashboards/projects?${range}`, { as: A })).body) expect(theirs).not.toContain(r.projectName);
    expect(theirs).toContain('No time in this range.');
  });

  it('over an open range draws weeks from the first to the last time', async () => {
    const res = await download(`/dashboards/clients/export?format=pdf`, A);
    expect(res.status).toBe(200);
    const { text } = await pdfOf(res.bytes);
    expect(text).toContain('All time');
    expect(text).toContain('Time per week');
  });
});

describe('time export as Excel', () => {
  it('has the JSON rows as dates, names and time values, and a SUM of the time', async () => {
    const q = 'from=2026-04-01&to=2026-04-30&fields=date,user,project,task';
    const json = await t.call('GET', `/team/time/export?${q}`, { as: A });
    const res = await download(`/team/time/export?${q}&format=xlsx`, A);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toContain('timekeep-time-2026-04-01-to-2026-04-30.xlsx');
    const ws = (await workbook(res.bytes)).getWorksheet('Time')!;
    expect(headersOf(ws)).toEqual(['Date', 'Person', 'Project', 'Task', 'Time']);
    const rows: { date: string; user: { name: string }; time: number }[] = json.body;
    expect(rows.length).toBeGreaterThan(0);
    expect(ws.rowCount).toBe(rows.length + 2);
    rows.forEach((want, i) => {
      const row = ws.getRow(i + 2);
      expect((row.getCell(1).value as Date).toISOString().slice(0, 10)).toBe(want.date);
      expect(row.getCell(2).value).toBe(want.user.name);
      expect(numeric).toContain(row.getCell(5).type);
      expect(numberOf(row.getCell(5).value) * 86_400).toBeCloseTo(want.time, 6);
    });
    const total = ws.getRow(rows.length + 2).getCell(5);
    expect(total.formula).toBe(`SUM(E2:E${rows.length + 1})`);
    expect(numberOf(total.result) * 86_400).toBeCloseTo(
      rows.reduce((a, r) => a + r.time, 0),
      6,
    );
    const bad = await t.call('GET', `/team/time/export?${q}&format=csv`, { as: A });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ code: 422, message: expect.any(String), errors: { format: ['Must be json or xlsx'] } });
  });
});
