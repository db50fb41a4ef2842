import { formatMoney } from '../../lib/money.ts';
import type { InvoiceStatus } from './api.ts';

/**
 * The API keeps no currency: amounts are cents of the team's one currency. Until teams choose theirs,
 * invoices show US dollars.
 */
export const INVOICE_CURRENCY = 'USD';

export const money = (cents: number) => formatMoney(cents, { currency: INVOICE_CURRENCY });

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2026-05-31` → `31 May 2026` in the browser's language; blank for none. */
export const day = (date: string | null | undefined) => (date ? dayFormat.format(new Date(`${date}T00:00:00Z`)) : '');

export const statusLabels: Record<InvoiceStatus, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid' };

/** Hours with at most two decimals: `2.2778` → `2.28`. */
export const quantity = (q: number | null) => (q === null ? '' : new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(q));
