import { and, eq, inArray, ne } from 'drizzle-orm';
import { MAX_EXPENSE_CENTS } from '../../../contract/expenses.ts';
import { attachments, expenseAttachments, expenseCategories, users, type StoredBilling } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { ApiError, fieldError, invalid, unprocessable } from '../../http/errors.ts';
import { isAdmin } from '../../http/permissions.ts';
import { loadProjectForRead, type ProjectRow } from '../projects/access.ts';
import { lockReasons } from '../timesheets/locks.ts';
import type { CategoryRow } from './categories.ts';
import type { LockViewer } from '../timesheets/auto-lock.ts';

export type ExpenseType = 'separate' | 'billable' | 'cost';

/** The type an expense gets when nobody chooses: billable on a billable project, else the team's cost. */
export const defaultType = (billing: StoredBilling | null): ExpenseType =>
  billing && billing.type !== 'non_billable' ? 'billable' : 'cost';

/**
 * Decides the expense type. Admins choose freely (`type`, or `billable` true/false). Everyone else follows
 * the project's billing: on a billable project the expense is billable; on a non-billable one (or none)
 * they may pick `separate` or `cost`, never `billable`.
 */
export function resolveType(
  caller: Caller,
  project: ProjectRow | null,
  requested: { type?: ExpenseType | undefined; billable?: boolean | undefined },
  current?: ExpenseType,
): ExpenseType {
  const { type, billable } = requested;
  if (type !== undefined && billable !== undefined && (type === 'billable') !== billable) {
    throw unprocessable('type and billable disagree', {
      billable: [`An expense of type ${type} is ${type === 'billable' ? '' : 'not '}billable`],
    });
  }
  const fallback = current !== undefined && current !== 'billable' ? current : 'cost';
  const wanted: ExpenseType | undefined = type ?? (billable === true ? 'billable' : billable === false ? fallback : undefined);
  if (isAdmin(caller)) return wanted ?? current ?? defaultType(project?.billing ?? null);
  const def = defaultType(project?.billing ?? null);
  // A type the project's billing does not allow is an invalid value of the field sent (422), as for any other.
  const refuse = (message: string) => unprocessable(message, { [type !== undefined ? 'type' : 'billable']: [message] });
  if (def === 'billable') {
    if (wanted !== undefined && wanted !== 'billable') throw refuse('Expenses on this project are billable; only admins can change that');
    return 'billable';
  }
  if (wanted === 'billable') throw refuse('Only admins can mark an expense billable on a non-billable project');
  return wanted ?? fallback;
}

/** Amount in cents: quantity × unit price (half up) for a unit-based category, else the amount sent. */
export function resolveAmount(
  category: CategoryRow,
  amount: number | undefined,
  quantity: number | null | undefined,
): { amount: number; quantity: number | null } {
  if (category.unitBased) {
    if (quantity == null) throw fieldError({ quantity }, 'quantity', `Required for the unit-based category ${category.name}`);
    const computed = Math.floor(quantity * (category.unitPrice ?? 0) + 0.5);
    if (computed > MAX_EXPENSE_CENTS) throw invalid('quantity', 'The amount would be more than 10,000,000.00');
    return { amount: computed, quantity };
  }
  if (amount === undefined) throw fieldError({ amount }, 'amount', 'Required');
  return { amount, quantity: quantity ?? null };
}

export async function loadCategory(scope: Scope, id: number): Promise<CategoryRow> {
  const row = await scope.byId(expenseCategories, id);
  if (!row) throw invalid('category', `There is no expense category ${id} in your team`);
  return row;
}

/** The project an expense is logged on, if the caller may read it; 422 otherwise. */
export async function loadExpenseProject(scope: Scope, caller: Caller, project: string | null | undefined): Promise<ProjectRow | null> {
  if (project == null) return null;
  try {
    return await loadProjectForRead(scope, caller, project);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw invalid('project', `There is no project ${project} you can use`);
    throw e;
  }
}

export async function requireTeamUser(scope: Scope, userId: number) {
  const [u] = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(and(scope.mine(users), eq(users.id, userId), ne(users.status, 'removed')))
    .limit(1);
  if (!u) throw invalid('user', `There is no user ${userId} in your team`);
}

/** 422 when `userId`'s `dates` are in a pending or approved week, or locked automatically for `viewer`. */
export async function requireUnlocked(scope: Scope, userId: number, dates: string[], viewer: LockViewer | null) {
  const locks = await lockReasons(scope, userId, dates, viewer);
  for (const [date, reasons] of locks) {
    throw unprocessable(`The expense is locked: ${reasons.join('; ')}`, { date: [`${date} is locked: ${reasons.join('; ')}`] });
  }
}

/** 422 when the expense is on an invoice or inside a pending or approved week: for every role. */
export async function requireEditable(scope: Scope, row: { userId: number; date: string; isInvoiced: boolean }, viewer: LockViewer | null) {
  if (row.isInvoiced) {
    const message = 'The expense is invoiced; delete or reset the draft invoice to change it';
    throw unprocessable(message, { expense: [message] });
  }
  await requireUnlocked(scope, row.userId, [row.date], viewer);
}

/**
 * Attachments that may be attached to an expense of `ownerId`: of this team, uploaded by the owner or
 * the caller (admins: anyone's), and not on another expense (`exceptExpense` may keep its own).
 */
export async function checkAttachable(scope: Scope, caller: Caller, ownerId: number, ids: number[], exceptExpense?: number) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const rows = await scope.list(attachments, inArray(attachments.id, unique));
  const taken = await scope.list(expenseAttachments, inArray(expenseAttachments.attachmentId, unique));
  const errors: string[] = [];
  for (const id of unique) {
    const a = rows.find((r) => r.id === id);
    if (!a) errors.push(`There is no attachment ${id}`);
    else if (!isAdmin(caller) && a.uploadedBy !== caller.user.id && a.uploadedBy !== ownerId)
      errors.push(`Attachment ${id} was uploaded by someone else`);
    else if (taken.some((t) => t.attachmentId === id && t.expenseId !== exceptExpense))
      errors.push(`Attachment ${id} is already on another expense`);
  }
  if (errors.length) throw unprocessable(errors[0]!, { attachments: errors });
}
