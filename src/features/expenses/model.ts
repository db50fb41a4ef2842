import type { Expense, ExpenseCategory } from '../../../contract/expenses.ts';
import type { Project } from '../../../contract/projects.ts';
import type { Role } from '../../../contract/users.ts';
import { formatMoney } from '../../lib/money.ts';
import { unitCount } from '../../lib/units.ts';

/** The team's currency. The API has no currency setting yet: amounts are cents of one currency. */
export const CURRENCY = 'USD';
export const money = (cents: number) => formatMoney(cents, { currency: CURRENCY });

/** All and billable amounts of a list, in cents. */
export function totalsOf(list: readonly Pick<Expense, 'amount' | 'billable'>[]) {
  let all = 0;
  let billable = 0;
  for (const e of list) {
    all += e.amount;
    if (e.billable) billable += e.amount;
  }
  return { all, billable, count: list.length };
}

/** Cents of `quantity` units at the category's price, rounded half up as the server does. */
export function unitAmount(category: Pick<ExpenseCategory, 'unitPrice'>, quantity: number): number {
  return Math.floor(quantity * (category.unitPrice ?? 0) + 0.5);
}

/** `12.5 miles × $1.23` for a unit-based expense; null otherwise. */
export function quantityLabel(category: ExpenseCategory | undefined, quantity: number | null): string | null {
  if (!category?.unitBased || quantity === null) return null;
  return `${unitCount(quantity, category.unitName)} × ${money(category.unitPrice ?? 0)}`;
}

export interface BillableRule {
  /** Whether the person may choose. */
  editable: boolean;
  /** The value when they may not choose; null when the server keeps what the expense has. */
  fixed: boolean | null;
  /** Why they may not choose. */
  reason?: string;
}

/**
 * Who decides "billable", as the server does: admins choose; for everyone else a billable project makes
 * its expenses billable, and other projects (or none) never are.
 */
export function billableRule(role: Role, project: Pick<Project, 'billing'> | null | undefined): BillableRule {
  if (role === 'admin') return { editable: true, fixed: null };
  if (project && project.billing.type !== 'non_billable')
    return {
      editable: false,
      fixed: true,
      reason: 'Expenses on this project are billable, as its billing says. Only admins can change that.',
    };
  return {
    editable: false,
    fixed: false,
    reason: project
      ? 'This project is not billable, so its expenses are not either. Only admins can change that.'
      : 'Only expenses on a billable project are billable.',
  };
}

/** An image receipt by its name (the API gives no type): shown as a thumbnail; others as an icon. */
export const isImageName = (name: string) => /\.(png|jpe?g|gif|webp)$/i.test(name);

/** `3 Mar 2026`: a day of the list, in the reader's language. */
export const dayLabel = (d: string) =>
  new Date(`${d}T12:00:00`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
