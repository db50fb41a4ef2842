import { PassThrough, Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { XLSX_TYPE } from '../../contract/common.ts';

/**
 * The team's currency. The API has no currency setting yet (docs/invoices.md): amounts are US dollars,
 * and the workbooks say so in the number format of every money cell.
 */
export const TEAM_CURRENCY = 'USD';

/** How a cell is kept: text, seconds, integer cents, a whole percent, days, or a `YYYY-MM-DD` date. */
export type CellKind = 'text' | 'time' | 'money' | 'percent' | 'days' | 'date';

/** Excel number formats: time as hours and minutes past 24 (`[h]:mm`), money in the team's currency. */
const numFmt: Record<CellKind, string | undefined> = {
  text: undefined,
  time: '[h]:mm',
  money: `[$${TEAM_CURRENCY}] #,##0.00;-[$${TEAM_CURRENCY}] #,##0.00`,
  percent: '0%',
  days: '0.00',
  date: 'yyyy-mm-dd',
};

/**
 * The value Excel keeps for a figure: a time value in days (seconds ÷ 86,400), money in units (cents ÷ 100),
 * a percent as a fraction; dates as dates (UTC midnight), text as it is.
 */
export function excelValue(kind: CellKind, value: string | number | null | undefined): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'time':
      return Number(value) / 86_400;
    case 'money':
      return Number(value) / 100;
    case 'percent':
      return Number(value) / 100;
    case 'days':
      return Number(value);
    case 'date':
      return new Date(`${String(value)}T00:00:00Z`);
    case 'text':
      return String(value);
  }
}

/** The letter of a 1-based column: 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

export interface SheetColumn {
  header: string;
  kind: CellKind;
  width?: number;
}

/** A formula cell of a totals row with its worked-out result, so a reader without a formula engine sees it too. */
export interface FormulaCell {
  formula: string;
  result: number;
}

export interface Sheet {
  name: string;
  columns: readonly SheetColumn[];
  /** The rows, each a value per column in the column's unit (seconds, cents, whole percent...). */
  rows: Iterable<readonly (string | number | null | undefined)[]>;
  /**
   * The totals row under the rows: text, a figure, or a formula over rows `first`..`last` (sheet row
   * numbers; `last` < `first` when there are no rows, where a formula would count the header).
   */
  totals?: (first: number, last: number) => readonly (string | number | FormulaCell | null)[];
}

/**
 * Writes `sheets` as an `.xlsx` workbook to `out` with exceljs' streaming writer: each row is committed
 * (and leaves memory) as soon as it is written.
 */
export async function writeWorkbook(out: Writable, sheets: readonly Sheet[]) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Timekeep';
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c, i) => ({
      key: String(i),
      header: c.header,
      width: c.width ?? (c.kind === 'text' ? 28 : 14),
      style: numFmt[c.kind] ? { numFmt: numFmt[c.kind] } : {},
    }));
    ws.getRow(1).font = { bold: true };
    let last = 1;
    for (const values of sheet.rows) {
      ws.addRow(values.map((v, i) => excelValue(sheet.columns[i]!.kind, v))).commit();
      last++;
    }
    if (sheet.totals) {
      const cells = sheet.totals(2, last);
      const row = ws.addRow(
        cells.map((c, i) => {
          if (c === null || typeof c === 'string') return c;
          if (typeof c === 'number') return excelValue(sheet.columns[i]!.kind, c);
          // The result in Excel's unit, like the rows above.
          return { formula: c.formula, result: excelValue(sheet.columns[i]!.kind, c.result) as number };
        }),
      );
      row.font = { bold: true };
      row.commit();
    }
    ws.commit();
  }
  await wb.commit();
}

/**
 * An HTTP answer that streams the workbook as it is written, to download as `filename`. A failure
 * half-way ends the download short (the status is already sent) and is logged by the caller's `onError`.
 */
export function xlsxResponse(filename: string, sheets: readonly Sheet[], onError: (e: unknown) => void = () => {}): Response {
  const pass = new PassThrough();
  writeWorkbook(pass, sheets).catch((e: unknown) => {
    onError(e);
    pass.destroy(e instanceof Error ? e : new Error('The workbook could not be written'));
  });
  return new Response(Readable.toWeb(pass) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: { 'Content-Type': XLSX_TYPE, 'Content-Disposition': attachment(filename) },
  });
}

/** A `Content-Disposition` that downloads the file as `filename` (ASCII names only, as ours are). */
export const attachment = (filename: string) => `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`;
