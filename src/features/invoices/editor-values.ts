import type { z } from 'zod';
import type { updateInvoiceBody } from '../../../contract/invoices.ts';
import type { Invoice } from './api.ts';

/** The editor checks with the contract's PUT body, imported as the editor is drawn (zod stays off the first paint). */
export const editorSchema = () => import('../../../contract/invoices.ts').then((m) => m.updateInvoiceBody);
export type EditorValues = z.input<typeof updateInvoiceBody>;

const adjustment = (a: Invoice['tax']) => (a.rate > 0 ? { rate: a.rate, amount: null } : { rate: null, amount: a.amount });

/** The form's values for a saved invoice. */
export function editorValues(invoice: Invoice): EditorValues {
  return {
    publicId: invoice.publicId,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    reference: invoice.reference,
    publicNotes: invoice.publicNotes,
    tax: adjustment(invoice.tax),
    discount: adjustment(invoice.discount),
    invoiceItems: invoice.invoiceItems.map((i) => ({
      id: i.id,
      name: i.name,
      quantity: i.quantity,
      rate: i.rate,
      taxable: i.taxable === 1,
    })),
  };
}
