import type { Expense, ExpenseCategory } from '../../../contract/expenses.ts';
import type { ApiClient } from '../../api/client.ts';
import * as expenses from '../../api/operations/expenses.ts';
import type { ExpenseDraft } from './draft.ts';

export type ExpenseBody = {
  date: string;
  category: number;
  project: string | null;
  details: string;
  attachments: number[];
  amount?: number;
  quantity?: number | null;
  billable?: boolean;
};

/** The request body of a draft: quantity for a unit-based category, else the amount; billable only when the caller may choose. */
export function bodyOf(d: ExpenseDraft, category: ExpenseCategory | undefined, chooseBillable: boolean): ExpenseBody {
  const body: ExpenseBody = {
    date: d.date ?? '',
    category: Number(d.category),
    project: d.project || null,
    details: d.details,
    attachments: d.receipts.map((r) => r.id),
  };
  if (category?.unitBased) body.quantity = Number(d.quantity.trim().replace(',', '.'));
  else {
    body.amount = d.amount ?? undefined;
    body.quantity = null;
  }
  if (chooseBillable) body.billable = d.billable;
  return body;
}

/**
 * Whether a create whose answer was lost (the network failed after sending) reached the server: an
 * expense of the same day that holds one of its receipts (a receipt is on one expense only), or, without
 * receipts, one with the same category, amount and details.
 */
export async function findLanded(api: ApiClient, userId: number, body: ExpenseBody): Promise<Expense | null> {
  const list = await api.call(expenses.list, { query: { from: body.date, to: body.date, user: userId } });
  return (
    list.find((e) =>
      body.attachments.length > 0
        ? e.attachments.some((a) => body.attachments.includes(a.id))
        : e.attachments.length === 0 &&
          e.category === body.category &&
          e.details === body.details &&
          (body.amount === undefined || e.amount === body.amount) &&
          (body.quantity == null || e.quantity === body.quantity),
    ) ?? null
  );
}

/** A key naming one intended create: the same body sent again is applied once (`Idempotency-Key`). */
export function idempotencyKeyOf(draftKey: string, body: ExpenseBody): string {
  const text = JSON.stringify(body);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `expense-${draftKey}-${h.toString(36)}`;
}

/** Sends the draft: PUT for an expense that exists, POST (with its idempotency key) otherwise. */
export function sendExpense(api: ApiClient, expenseId: number | null, body: ExpenseBody, draftKey: string): Promise<Expense> {
  return expenseId === null
    ? api.call(expenses.create, { body, headers: { 'Idempotency-Key': idempotencyKeyOf(draftKey, body) } })
    : api.call(expenses.update, { params: { expense_id: expenseId }, body });
}

/**
 * The create body that brings a deleted expense back (Undo): the same day, category, project, details,
 * amount or quantity and receipts (the server keeps a released receipt for a while); whose it is when an
 * admin deleted someone else's, and billable when the caller may choose.
 */
export function restoreBody(e: Expense, me: { id: number; role: string }): ExpenseBody & { user?: number } {
  return {
    date: e.date,
    category: e.category,
    project: e.project,
    details: e.details,
    attachments: e.attachments.map((a) => a.id),
    ...(e.quantity === null ? { amount: e.amount } : { quantity: e.quantity }),
    ...(me.role === 'admin' ? { billable: e.billable } : {}),
    ...(e.user !== me.id ? { user: e.user } : {}),
  };
}
