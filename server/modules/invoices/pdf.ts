import type { Invoice } from '../../../contract/invoices.ts';
import { INVOICE_CURRENCY, invoiceFigures, periodText, totalRows } from '../../../src/lib/invoice-figures.ts';
import { BAND, INK, MARGIN, MUTED, openPdf, RULE, type FontName, type Paper } from '../../lib/pdf.ts';

/**
 * An invoice as a PDF document a business sends (docs/invoices.md, "PDF"): the team's logo, name and address,
 * the invoice's number and dates, who it bills, a table of its lines (its header repeated on every page), the
 * totals, payment terms and notes, and page numbers. Every figure is formatted by the invoice screen's own
 * formatters (src/lib/invoice-figures.ts) from the figures the API answers, so the two agree to the cent.
 * Fonts and scripts: server/lib/pdf.ts.
 */

/** Figures in the PDF read as an English (US) browser shows them on the invoice screen. */
export const PDF_LOCALE = 'en-US';
const figures = invoiceFigures(PDF_LOCALE);

export interface InvoiceIssuer {
  /** The billing display name, else the team's name. */
  name: string;
  address: string;
  paymentTerms: string;
  logo: Uint8Array | null;
}

export type { Paper };

/** Renders the PDF; resolves to its bytes. */
export function renderInvoicePdf(invoice: Invoice, issuer: InvoiceIssuer, opts: { paper?: Paper; now?: Date } = {}): Promise<Buffer> {
  const { doc, left, width, right, bottom, put, heightOf, finish } = openPdf({
    paper: opts.paper,
    info: {
      Title: `Invoice ${invoice.publicId}`,
      Author: issuer.name,
      Subject: `Invoice ${invoice.publicId} for ${invoice.client.name}`,
      CreationDate: opts.now ?? new Date(),
    },
  });

  // The top: logo, the team's name and address on the left; "Invoice", number and dates on the right.
  const metaWidth = 220;
  const leftWidth = width - metaWidth - 24;
  let ly = MARGIN;
  if (issuer.logo) {
    doc.image(Buffer.from(issuer.logo), left, ly, { fit: [170, 60] });
    ly += 60 + 12;
  }
  ly = put(issuer.name, left, ly, { w: leftWidth, font: 'bold', size: 13 });
  if (issuer.address) ly = put(issuer.address, left, ly + 3, { w: leftWidth, color: MUTED });

  const metaX = right - metaWidth;
  let ry = put('Invoice', metaX, MARGIN - 4, { w: metaWidth, font: 'bold', size: 24, align: 'right' }) + 6;
  const meta: [string, string][] = [
    ['Number', invoice.publicId],
    ['Issue date', figures.day(invoice.issueDate)],
    ['Due date', figures.day(invoice.dueDate) || 'On receipt'],
  ];
  if (invoice.reference) meta.push(['Reference', invoice.reference]);
  for (const [label, value] of meta) {
    put(label, metaX, ry, { w: 90, color: MUTED });
    ry = Math.max(doc.y, put(value, metaX + 90, ry, { w: metaWidth - 90, font: 'bold', align: 'right' })) + 2;
  }

  // Bill to, and the period the invoice covers.
  let y = Math.max(ly, ry) + 28;
  put('BILL TO', left, y, { w: leftWidth, font: 'bold', size: 8, color: MUTED });
  y = put(invoice.client.name, left, y + 13, { w: leftWidth, font: 'bold', size: 11 });
  if (invoice.client.businessDetails) y = put(invoice.client.businessDetails, left, y + 2, { w: leftWidth });
  const period = periodText(invoice, figures);
  if (period) y = put(period, left, y + 8, { w: width, color: MUTED });
  y += 22;

  // The lines.
  const cols = [
    { title: 'Description', w: width - 70 - 90 - 95, align: 'left' as const },
    { title: 'Quantity', w: 70, align: 'right' as const },
    { title: 'Rate', w: 90, align: 'right' as const },
    { title: 'Amount', w: 95, align: 'right' as const },
  ];
  const PAD = 6;
  const drawRow = (cells: string[], at: number, font: FontName, color = INK) => {
    let x = left;
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      put(cell, x + PAD, at + PAD, { w: col.w - 2 * PAD, font, size: font === 'bold' ? 8.5 : 9.5, color, align: col.align });
      x += col.w;
    });
  };
  const rowHeight = (cells: string[], font: FontName) =>
    Math.max(...cells.map((cell, i) => heightOf(cell, cols[i]!.w - 2 * PAD, font, font === 'bold' ? 8.5 : 9.5))) + 2 * PAD;
  const header = cols.map((c) => c.title);
  const drawHeader = (at: number) => {
    const h = rowHeight(header, 'bold');
    doc.rect(left, at, width, h).fill(BAND);
    drawRow(header, at, 'bold', MUTED);
    return at + h;
  };
  y = drawHeader(y);
  for (const item of invoice.invoiceItems) {
    const cells = [
      item.name,
      figures.quantity(item.quantity),
      item.rate === null ? '' : figures.money(item.rate),
      figures.money(item.listAmount),
    ];
    const h = rowHeight(cells, 'body');
    if (y + h > bottom()) {
      doc.addPage();
      y = put(`Invoice ${invoice.publicId} (continued)`, left, MARGIN, { w: width, color: MUTED }) + 8;
      y = drawHeader(y);
    }
    drawRow(cells, y, 'body');
    y += h;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  // The totals, kept together under the table.
  const rows = totalRows(invoice, figures);
  const totalsWidth = 260;
  const totalsX = right - totalsWidth;
  const lineH = 17;
  const totalsHeight = rows.length * lineH + 30;
  y += 12;
  if (y + totalsHeight > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    if (last) {
      doc.moveTo(totalsX, y).lineTo(right, y).lineWidth(1).strokeColor(INK).stroke();
      y += 6;
    }
    const size = last ? 12 : 9.5;
    put(label, totalsX + PAD, y, { w: 130, font: last ? 'bold' : 'body', size, color: last ? INK : MUTED });
    put(value, totalsX + 130, y, { w: totalsWidth - 130 - PAD, font: last ? 'bold' : 'body', size, align: 'right' });
    y += last ? lineH + 4 : lineH;
  });
  y = put(`Amounts in ${INVOICE_CURRENCY}`, totalsX, y, { w: totalsWidth - PAD, size: 8, color: MUTED, align: 'right' }) + 18;

  // Payment terms and notes.
  const paragraph = (title: string, text: string) => {
    if (!text) return;
    const h = heightOf(title, width, 'bold', 9) + heightOf(text, width) + 16;
    if (y + h > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    put(title, left, y, { w: width, font: 'bold', size: 9 });
    y = put(text, left, doc.y + 2, { w: width }) + 14;
  };
  paragraph('Payment terms', issuer.paymentTerms);
  paragraph('Notes', invoice.publicNotes);

  return finish(`${issuer.name} · Invoice ${invoice.publicId}`);
}
