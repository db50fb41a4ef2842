import type { FigureColumn, FigureLevel, FigureRow, ReportTab } from '../../../contract/report-columns.ts';
import type { TimeBar } from '../../../src/features/reports/chart-data.ts';
import { formatFigure } from '../../../src/features/reports/figure-format.ts';
import type { HeadlineItem } from '../../../src/features/reports/figures.ts';
import { formatDuration } from '../../../src/lib/duration.ts';
import { BAND, INK, MUTED, openPdf, RULE, type Paper } from '../../lib/pdf.ts';
import { TEAM_CURRENCY } from '../../lib/xlsx.ts';

/**
 * A report tab as a PDF document (docs/dashboards.md, "Exports"): on landscape A4 or Letter, the report's name,
 * range and filters, the headline figures, two charts (time per row, and time per day or week) and the table with
 * its totals, split into the time, billable and cost figures the reader may see, each part's header repeated on
 * every page. Figures are written by the Reports screen's own formatters, so the PDF and the screen agree.
 */

/** The text columns in front of the figures, and how each row gives them. */
export interface PdfNameColumn<Row> {
  label: string;
  text: (row: Row) => string;
}

export interface ReportPdfInput<Row extends FigureRow> {
  tab: ReportTab;
  team: string;
  /** The range asked for; either end may be open. */
  from: string | undefined;
  to: string | undefined;
  /** The report's filters in words, `[label, value]`, in the order the Filters sheet gives them. */
  filters: readonly (readonly [string, string])[];
  headline: readonly HeadlineItem[];
  names: readonly PdfNameColumn<Row>[];
  figures: readonly FigureColumn[];
  rows: readonly Row[];
  totals: FigureRow;
  /** The time per row chart's bars (the largest rows, the rest summed). */
  rowBars: readonly TimeBar[];
  /** The trend's bars and whether each is a day or a week. */
  trend: readonly TimeBar[];
  interval: 'day' | 'week';
  paper?: Paper | undefined;
  now?: Date;
}

const titles: Record<ReportTab, { report: string; one: string }> = {
  clients: { report: 'Client report', one: 'client' },
  projects: { report: 'Project report', one: 'project' },
  people: { report: 'People report', one: 'person' },
};

/** The parts of the table: each a group of figures with its heading. */
const parts: { level: FigureLevel; title: string }[] = [
  { level: 'time', title: 'Time' },
  { level: 'money', title: `Billable amounts and expenses (${TEAM_CURRENCY})` },
  { level: 'costs', title: `Costs and profit (${TEAM_CURRENCY})` },
];

const BILLABLE = '#2563eb';
const NON_BILLABLE = '#bfdbfe';
const MARGIN = 40;

/** Renders the report's PDF; resolves to its bytes. */
export function renderReportPdf<Row extends FigureRow>(input: ReportPdfInput<Row>): Promise<Buffer> {
  const title = titles[input.tab];
  const page = openPdf({
    paper: input.paper,
    landscape: true,
    margin: MARGIN,
    info: { Title: `${title.report}`, Author: input.team, Subject: `${title.report} of ${input.team}`, CreationDate: input.now ?? new Date() },
  });
  const { doc, left, width, bottom, put, heightOf } = page;

  // The heading: the report's name and the team on the left, the range on the right; the filters under it.
  const range = rangeText(input.from, input.to);
  let y = put(title.report, left, MARGIN, { w: width / 2, font: 'bold', size: 18 });
  put(range, left + width / 2, MARGIN + 4, { w: width / 2, font: 'bold', size: 12, align: 'right' });
  y = put(input.team, left, y + 2, { w: width / 2, color: MUTED });
  const shown = input.filters.filter(([k]) => k !== 'Report' && k !== 'From' && k !== 'To');
  y = put(shown.map(([k, v]) => `${k}: ${v}`).join('   ·   '), left, y + 6, { w: width, size: 8.5, color: MUTED }) + 12;

  // The headline figures, side by side in bands.
  const gap = 10;
  const boxW = (width - gap * (input.headline.length - 1)) / Math.max(1, input.headline.length);
  const boxH = 58;
  input.headline.forEach(([label, value, note, second], i) => {
    const x = left + i * (boxW + gap);
    doc.rect(x, y, boxW, boxH).fill(BAND);
    put(label, x + 8, y + 7, { w: boxW - 16, size: 8, color: MUTED });
    put(value, x + 8, y + 19, { w: boxW - 16, font: 'bold', size: 14 });
    const notes = [note, second].filter(Boolean).join(' · ');
    if (notes) put(notes, x + 8, y + 39, { w: boxW - 16, size: 7.5, color: MUTED });
  });
  y += boxH + 16;

  // The charts: time per row on the left, the trend on the right.
  const chartH = 190;
  const half = (width - 24) / 2;
  drawRowChart(page, input.rowBars, left, y, half, chartH, `Time by ${title.one}`);
  drawTrendChart(page, input.trend, left + half + 24, y, half, chartH, input.interval === 'day' ? 'Time per day' : 'Time per week');
  y += chartH + 8;
  doc.rect(left, y + 2, 8, 8).fill(BILLABLE);
  put('Billable', left + 12, y, { w: 60, size: 8, color: MUTED });
  doc.rect(left + 70, y + 2, 8, 8).fill(NON_BILLABLE);
  put('Non-billable', left + 82, y, { w: 80, size: 8, color: MUTED });
  y += 22;

  // The table, in parts.
  const nameW = input.names.length > 1 ? [150, 110] : [200];
  const namesW = nameW.reduce((a, b) => a + b, 0);
  const PAD = 4;
  const SIZE = 8;
  for (const part of parts) {
    const figures = input.figures.filter((f) => f.level === part.level);
    if (figures.length === 0) continue;
    const figW = Math.min(90, (width - namesW) / figures.length);
    const cols = [
      ...input.names.map((n, i) => ({ title: n.label, w: nameW[i]!, align: 'left' as const })),
      ...figures.map((f) => ({ title: f.label, w: figW, align: 'right' as const })),
    ];
    const tableW = cols.reduce((a, c) => a + c.w, 0);
    const rowHeight = (cells: string[], font: 'body' | 'bold') =>
      Math.max(...cells.map((cell, i) => heightOf(cell, cols[i]!.w - 2 * PAD, font, SIZE))) + 2 * PAD;
    const drawRow = (cells: string[], at: number, font: 'body' | 'bold', color = INK) => {
      let x = left;
      cells.forEach((cell, i) => {
        const col = cols[i]!;
        put(cell, x + PAD, at + PAD, { w: col.w - 2 * PAD, font, size: SIZE, color, align: col.align });
        x += col.w;
      });
    };
    const header = cols.map((c) => c.title);
    const drawHeader = (at: number, heading: string) => {
      const top = put(heading, left, at, { w: width, font: 'bold', size: 10.5 }) + 4;
      const h = rowHeight(header, 'bold');
      doc.rect(left, top, tableW, h).fill(BAND);
      drawRow(header, top, 'bold', MUTED);
      return top + h;
    };
    const cellsOf = (names: string[], r: FigureRow) => [...names, ...figures.map((f) => formatFigure(f.kind, r[f.key] ?? 0))];
    // A part starts on a new page unless its heading, header and a few rows fit.
    if (y + 90 > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    y = drawHeader(y, part.title);
    for (const row of input.rows) {
      const cells = cellsOf(
        input.names.map((n) => n.text(row)),
        row,
      );
      const h = rowHeight(cells, 'body');
      if (y + h > bottom()) {
        doc.addPage();
        y = drawHeader(MARGIN, `${part.title} (continued)`);
      }
      drawRow(cells, y, 'body');
      y += h;
      doc.moveTo(left, y).lineTo(left + tableW, y).lineWidth(0.5).strokeColor(RULE).stroke();
    }
    const totals = cellsOf(
      input.names.map((_, i) => (i === 0 ? 'Total' : '')),
      input.totals,
    );
    const h = rowHeight(totals, 'bold');
    if (y + h > bottom()) {
      doc.addPage();
      y = drawHeader(MARGIN, `${part.title} (continued)`);
    }
    doc.moveTo(left, y).lineTo(left + tableW, y).lineWidth(1).strokeColor(INK).stroke();
    drawRow(totals, y, 'bold');
    y += h + 20;
  }
  if (input.rows.length === 0) put('No time in this range.', left, y, { w: width, color: MUTED });
  return page.finish(`${input.team} · ${title.report} · ${range}`);
}

/** The range in the heading: `2026-04-01 – 2026-04-30`, `From 2026-04-01`, `Until 2026-04-30` or `All time`. */
function rangeText(from: string | undefined, to: string | undefined): string {
  if (!from) return to ? `Until ${to}` : 'All time';
  return to ? `${from} – ${to}` : `From ${from}`;
}

type Page = ReturnType<typeof openPdf>;

/** The chart's frame and title; returns the plot's box under the title. */
function chartFrame(page: Page, x: number, y: number, w: number, h: number, title: string) {
  page.put(title, x, y, { w, font: 'bold', size: 10.5 });
  page.doc.rect(x, y + 18, w, h - 18).lineWidth(0.5).strokeColor(RULE).stroke();
  return { x: x + 8, y: y + 26, w: w - 16, h: h - 34 };
}

/** A round step for an axis of hours reaching `max`: 1, 2, 5 × 10ⁿ hours. */
function hourStep(maxHours: number): number {
  const raw = Math.max(maxHours, 1) / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
}

/** Horizontal bars: each row's billable and non-billable time, stacked, with its total at the end. */
function drawRowChart(page: Page, bars: readonly TimeBar[], x: number, y: number, w: number, h: number, title: string) {
  const box = chartFrame(page, x, y, w, h, title);
  if (bars.length === 0) {
    page.put('No time in this range.', box.x, box.y, { w: box.w, size: 8.5, color: MUTED });
    return;
  }
  const labelW = Math.min(150, box.w * 0.36);
  const valueW = 44;
  const plotW = box.w - labelW - valueW;
  const max = Math.max(...bars.map((b) => b.billableTime + b.nonBillableTime), 1);
  const lane = box.h / bars.length;
  const barH = Math.min(12, lane * 0.7);
  bars.forEach((b, i) => {
    const ly = box.y + i * lane;
    const mid = ly + lane / 2;
    page.doc.font('body').fontSize(7.5).fillColor(INK);
    page.doc.text(b.label, box.x, mid - 5, { width: labelW - 6, height: 10, ellipsis: true, lineBreak: false });
    const billW = (b.billableTime / max) * plotW;
    const nonW = (b.nonBillableTime / max) * plotW;
    if (billW > 0) page.doc.rect(box.x + labelW, mid - barH / 2, billW, barH).fill(BILLABLE);
    if (nonW > 0) page.doc.rect(box.x + labelW + billW, mid - barH / 2, nonW, barH).fill(NON_BILLABLE);
    page.put(formatDuration(b.billableTime + b.nonBillableTime), box.x + labelW + billW + nonW + 4, mid - 5, { w: valueW, size: 7.5, color: MUTED });
  });
}

/** Vertical bars over the range, an hours axis on the left and a few dates under the bars. */
function drawTrendChart(page: Page, bars: readonly TimeBar[], x: number, y: number, w: number, h: number, title: string) {
  const box = chartFrame(page, x, y, w, h, title);
  if (bars.length === 0) {
    page.put('No time in this range.', box.x, box.y, { w: box.w, size: 8.5, color: MUTED });
    return;
  }
  const axisW = 30;
  const labelsH = 14;
  const plot = { x: box.x + axisW, y: box.y, w: box.w - axisW, h: box.h - labelsH };
  const maxHours = Math.max(...bars.map((b) => (b.billableTime + b.nonBillableTime) / 3600), 0);
  const step = hourStep(maxHours);
  const top = Math.max(step, Math.ceil(maxHours / step) * step);
  const yOf = (hours: number) => plot.y + plot.h - (hours / top) * plot.h;
  for (let v = 0; v <= top + 1e-9; v += step) {
    const gy = yOf(v);
    page.doc.moveTo(plot.x, gy).lineTo(plot.x + plot.w, gy).lineWidth(0.3).strokeColor(RULE).stroke();
    page.put(`${Math.round(v * 100) / 100} h`, box.x, gy - 4, { w: axisW - 4, size: 7, color: MUTED, align: 'right' });
  }
  const slot = plot.w / bars.length;
  const barW = Math.max(1, slot * 0.7);
  const every = Math.max(1, Math.ceil(bars.length / Math.floor(plot.w / 56)));
  bars.forEach((b, i) => {
    const bx = plot.x + i * slot + (slot - barW) / 2;
    const billH = (b.billableTime / 3600 / top) * plot.h;
    const nonH = (b.nonBillableTime / 3600 / top) * plot.h;
    const base = plot.y + plot.h;
    if (billH > 0) page.doc.rect(bx, base - billH, barW, billH).fill(BILLABLE);
    if (nonH > 0) page.doc.rect(bx, base - billH - nonH, barW, nonH).fill(NON_BILLABLE);
    if (i % every === 0) page.put(b.label.replace('Week of ', ''), plot.x + i * slot - 10, base + 3, { w: slot + 20, size: 6.5, color: MUTED, align: 'center' });
  });
}
