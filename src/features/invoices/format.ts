import { invoiceFigures } from '../../lib/invoice-figures.ts';
import type { InvoiceStatus } from './api.ts';

export { INVOICE_CURRENCY } from '../../lib/invoice-figures.ts';

/** Invoice figures in the browser's language (the PDF uses the same formatters: src/lib/invoice-figures.ts). */
export const figures = invoiceFigures();
export const { money, day, quantity } = figures;

export const statusLabels: Record<InvoiceStatus, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid' };
