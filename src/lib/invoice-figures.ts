import type { Invoice } from '../../contract/invoices.ts';
import { formatMoney } from './money.ts';

/**
 * How an invoice's figures read, on the invoice screen (the browser's language) and in its PDF (the server's
 * fixed language): one set of formatters, so both show the same amounts to the cent. Pure: no React, no fetch.
 */

/**
 * The API keeps no currency: amounts are cents of the team's one currency. Until teams choose theirs,
 * invoices show US dollars.
 */
export const INVOICE_CURRENCY = 'USD';

export interface InvoiceFigures {
  money: (cents: number) => string;
  /** `2026-05-31` → `May 31, 2026` (en-US); blank for none. */
  day: (date: string | null | undefined) => string;
  /** Hours with at most two decimals: `2.2778` → `2.28`; blank for none. */
  quantity: (q: number | null) => string;
  percent: (rate: number) => string;
}

/** The formatters of `locale` (a BCP 47 tag; the browser's when undefined). */
export function invoiceFigures(locale?: string): InvoiceFigures {
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const quantityFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const percentFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  return {
    money: (cents) => formatMoney(cents, { currency: INVOICE_CURRENCY, locale }),
    day: (date) => (date ? dayFormat.format(new Date(`${date}T00:00:00Z`)) : ''),
    quantity: (q) => (q === null ? '' : quantityFormat.format(q)),
    percent: (rate) => `${percentFormat.format(rate)}%`,
  };
}

type Summed = Pick<Invoice, 'listAmount' | 'discount' | 'tax' | 'totalAmount'>;

/** Subtotal, then discount and tax when there are any, then the total: label and figure of each row. */
export function totalRows(invoice: Summed, f: InvoiceFigures): [string, string][] {
  const { discount, tax } = invoice;
  const rows: [string, string][] = [['Subtotal', f.money(invoice.listAmount)]];
  if (discount.amount) rows.push([`Discount${discount.rate ? ` (${f.percent(discount.rate)})` : ''}`, `\u2212${f.money(discount.amount)}`]);
  if (tax.amount) rows.push([`Tax${tax.rate ? ` (${f.percent(tax.rate)})` : ''}`, f.money(tax.amount)]);
  rows.push(['Total', f.money(invoice.totalAmount)]);
  return rows;
}

/** The line under "Bill to": the days the invoice's time and expenses fall on. */
export const periodText = (invoice: Pick<Invoice, 'dateFrom' | 'dateTill'>, f: InvoiceFigures) =>
  invoice.dateFrom && invoice.dateTill ? `For work from ${f.day(invoice.dateFrom)} to ${f.day(invoice.dateTill)}` : '';
