import { asc, eq, inArray } from 'drizzle-orm';
import type { Expense } from '../../../contract/expenses.ts';
import { attachments, expenseAttachments, expenses } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { prefixed } from '../../lib/ids.ts';
import { presentAttachment } from '../attachments/service.ts';
import { lockReasons } from '../timesheets/locks.ts';

export type ExpenseRow = typeof expenses.$inferSelect;

/** Expenses in the wire shape, with their attachments (one query for all of them). */
export async function presentExpenses(scope: Scope, rows: ExpenseRow[]): Promise<Expense[]> {
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
  for (const [userId, dates] of datesByUser) locks.set(userId, await lockReasons(scope, userId, dates));
  return rows.map((r) => ({
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
    isLocked: locks.get(r.userId)?.has(r.date) ?? false,
    lockReasons: locks.get(r.userId)?.get(r.date) ?? [],
  }));
}

export async function presentExpense(scope: Scope, row: ExpenseRow): Promise<Expense> {
  return (await presentExpenses(scope, [row]))[0]!;
}
