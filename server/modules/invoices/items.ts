import type { InvoiceItemInput } from '../../../contract/invoices.ts';
import { invoiceItems } from '../../db/schema/index.ts';
import { unprocessable } from '../../http/errors.ts';
import { quantityTimesRate } from './amounts.ts';
import type { ItemRow } from './present.ts';

type NewItem = Omit<typeof invoiceItems.$inferInsert, 'teamId'>;
export interface ItemChanges {
  update: (Omit<NewItem, 'invoiceId'> & { id: number })[];
  insert: NewItem[];
  remove: number[];
}

/**
 * The lines after `PUT /invoices/{id}` sends `input` (docs/invoices.md, "Editing"): the list replaces the
 * lines; a line with `id` keeps what is not sent, one without is a new custom line; the order of the list
 * is the position unless `position` is sent. `listAmount` is the one sent; else quantity × rate (half up)
 * when either of them was sent; else it stays. Lines left out are removed.
 */
export function itemChanges(invoiceId: number, existing: ItemRow[], input: InvoiceItemInput[]): ItemChanges {
  const errors: Record<string, string[]> = {};
  const fail = (i: number, field: string, message: string) => (errors[`invoiceItems.${i}.${field}`] ??= []).push(message);
  const byId = new Map(existing.map((e) => [e.id, e]));
  const seen = new Set<number>();
  const out: ItemChanges = { update: [], insert: [], remove: [] };
  input.forEach((it, i) => {
    const ex = it.id === undefined ? undefined : byId.get(it.id);
    if (it.id !== undefined && !ex) return fail(i, 'id', `There is no line ${it.id} on this invoice`);
    if (it.id !== undefined && seen.has(it.id)) return fail(i, 'id', `Line ${it.id} is listed twice`);
    if (it.id !== undefined) seen.add(it.id);
    const quantity = it.quantity !== undefined ? it.quantity : (ex?.quantity ?? null);
    const rate = it.rate !== undefined ? it.rate : (ex?.rate ?? null);
    const fromQuantity = (it.quantity !== undefined || it.rate !== undefined) && quantity !== null && rate !== null;
    const listAmount = it.listAmount ?? (fromQuantity ? quantityTimesRate(quantity, rate) : ex?.listAmount);
    const name = it.name ?? ex?.name;
    if (name === undefined) return fail(i, 'name', 'Required for a new line');
    if (listAmount === undefined) return fail(i, 'listAmount', 'Send listAmount, or quantity and rate, for a new line');
    const line = {
      name,
      billedTime: it.billedTime ?? ex?.billedTime ?? 0,
      quantity,
      rate,
      listAmount,
      taxable: it.taxable !== undefined ? Boolean(it.taxable) : (ex?.taxable ?? true),
      position: it.position ?? i + 1,
    };
    if (ex) out.update.push({ ...line, id: ex.id });
    else out.insert.push({ ...line, invoiceId, custom: true });
  });
  if (Object.keys(errors).length) throw unprocessable('Validation failed', errors);
  out.remove = existing.filter((e) => !seen.has(e.id)).map((e) => e.id);
  return out;
}
