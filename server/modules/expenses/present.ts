import { asc, eq, inArray } from 'drizzle-orm';
import type { Expense } from '../../../contract/expenses.ts';
import { attachments, expenseAttachments, expenses, invoiceExpenses, invoices } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { prefixed } from '../../lib/ids.ts';
import { presentAttachment } from '../attachments/service.ts';
import { lockReasons } from '../timesheets/locks.ts';
import type { LockViewer } from '../timesheets/auto-lock.ts';

export type ExpenseRow = typeof expenses.$inferSelect;

/** The lock reason of an expense on an invoice, naming it. */
export const expenseInvoicedOn = (publicId: string | undefined) =>
  publicId === undefined ? 'The expense is invoiced' : `The expense is invoiced on invoice ${publicId}`;

/** Public id of the invoice covering each of the invoiced `rows`. */
async function invoiceNames(scope: Scope, rows: ExpenseRow[]): Promise<Map<number, string>> {
  const ids = rows.filter((r) => r.isInvoiced).map((r) => r.id);
  if (ids.length === 0) return new Map();
  const found = await scope.db
    .select({ expenseId: invoiceExpenses.expenseId, publicId: invoices.publicId })
    .from(invoiceExpenses)
    .innerJoin(invoices, eq(invoices.id, invoiceExpenses.invoiceId))
    .where(scope.where(invoiceExpenses, inArray(invoiceExpenses.expenseId, ids)));
  return new Map(found.map((f) => [f.expenseId, f.publicId]));
}

/** Expenses in the wire shape, with their attachments (one query for all of them). */
export async function presentExpenses(scope: Scope, rows: ExpenseRow[], viewer: LockViewer | null): Promise<Expense[]> {
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? await scope.db
        .select({ expenseId: expenseAttachments.expenseId, a: attachments })
        .from(expenseAttachments)
        .innerJoin(attachments, eq(attachments.id, expenseAttachments.attachmentId))
        .where(scope.where(expenseAttachments, inArray(expenseAttachments.expenseId, ids)))
        .orderBy(asc(expenseAttachments.createdAt), asc(attachments.id))
    : [];
  const byExpense = new Map<number, ReturnType<typeof presentAttachment>[]>();
  for (const f of files) {
    let list = byExpense.get(f.expenseId);
    if (!list) byExpense.set(f.expenseId, (list = []));
    list.push(presentAttachment(f.a));
  }
  // Locks come from each owner's pending and approved weeks, like time records.
  const locks = new Map<number, Map<string, string[]>>();
  const datesByUser = new Map<number, string[]>();
  for (const r of rows) (datesByUser.get(r.userId) ?? datesByUser.set(r.userId, []).get(r.userId)!).push(r.date);
  for (const [userId, dates] of datesByUser) locks.set(userId, await lockReasons(scope, userId, dates, viewer));
  const invoiced = await invoiceNames(scope, rows);
  return rows.map((r) => {
    const reasons = [...(locks.get(r.userId)?.get(r.date) ?? []), ...(r.isInvoiced ? [expenseInvoicedOn(invoiced.get(r.id))] : [])];
    return {
      id: r.id,
      amount: r.amount,
      attachments: byExpense.get(r.id) ?? [],
      billable: r.type === 'billable',
      type: r.type,
      category: r.categoryId,
      date: r.date,
      details: r.details,
      project: r.projectId === null ? null : prefixed(r.projectId),
      quantity: r.quantity,
      user: r.userId,
      isLocked: reasons.length > 0,
      lockReasons: reasons,
    };
  });
}

export async function presentExpense(scope: Scope, row: ExpenseRow, viewer: LockViewer | null): Promise<Expense> {
  return (await presentExpenses(scope, [row], viewer))[0]!;
}
