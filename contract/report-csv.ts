import type { FigureColumn, FigureKind, FigureRow } from './report-columns.ts';
import type { TimeExportRow } from './time.ts';

/** A figure as a spreadsheet reads it: decimal hours, money with a dot and two decimals, no grouping. */
export function csvFigure(kind: FigureKind, value: number): string {
  switch (kind) {
    case 'time':
      return (value / 3600).toFixed(2);
    case 'money':
      return (value / 100).toFixed(2);
    case 'percent':
      return String(value);
    case 'days':
      return String(Math.round(value * 100) / 100);
  }
}


/** A text column of the CSV (names come first). */
export interface TextColumn<Row> {
  label: string;
  text: (row: Row) => string;
}

const unitOf = { time: ' (hours)', money: '', percent: ' (%)', days: '' } as const;

/** A text cell, quoted when needed; a leading `=`, `+`, `-`, `@` gets a `'` so a spreadsheet does not run it. */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The report's table as CSV: a header row (time columns say they are in hours), one line per row in the
 * order given, then the totals line. Time in decimal hours, money with two decimals, CRLF line ends.
 */
export function reportCsv<Row extends FigureRow>(
  text: readonly TextColumn<Row>[],
  figures: readonly FigureColumn[],
  rows: readonly Row[],
  totals: FigureRow,
): string {
  const header = [...text.map((c) => c.label), ...figures.map((f) => `${f.label}${unitOf[f.kind]}`)];
  const line = (names: string[], r: FigureRow) =>
    [...names.map(textCell), ...figures.map((f) => csvFigure(f.kind, r[f.key] ?? 0))].join(',');
  const body = rows.map((r) =>
    line(
      text.map((c) => c.text(r)),
      r,
    ),
  );
  const total = line(
    text.map((_, i) => (i === 0 ? 'Total' : '')),
    totals,
  );
  return [header.map(textCell).join(','), ...body, total].join('\r\n') + '\r\n';
}

/** The detailed time export (`/team/time/export` by date, person, project and task) as CSV, hours in decimals. */
export function detailedTimeCsv(rows: readonly TimeExportRow[]): string {
  const lines = rows.map((r) =>
    [r.date ?? '', r.user?.name ?? '', r.project?.name ?? '', r.task?.name ?? '']
      .map(textCell)
      .concat((r.time / 3600).toFixed(2))
      .join(','),
  );
  return ['Date,Person,Project,Task,Hours', ...lines].join('\r\n') + '\r\n';
}
