import { z } from 'zod';
import { attachment } from '../../../contract/attachments.ts';
import { createExpenseBody, MAX_EXPENSE_CENTS, type ExpenseCategory } from '../../../contract/expenses.ts';
import type { ExpenseDraft } from './draft.ts';
import { bodyOf, type ExpenseBody } from './save.ts';
import { pluralUnit } from '../../lib/units.ts';

const number = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * The form's check, built from the contract's request body: a day and a category, a quantity for a
 * unit-based category or else an amount, details within the contract's limit. It hands on the request body.
 */
export function expenseFormSchema(categories: readonly ExpenseCategory[], chooseBillable: boolean) {
  const fields = createExpenseBody.shape;
  return z
    .object({
      key: z.string(),
      expenseId: z.number().nullable(),
      date: z.string().nullable().pipe(z.string('Choose the day of the expense').pipe(fields.date)),
      category: z.string().min(1, 'Choose a category'),
      project: z.string(),
      quantity: z.string(),
      amount: z.number().nullable(),
      billable: z.boolean(),
      details: fields.details.unwrap(),
      receipts: z.array(attachment),
    })
    .superRefine((d, ctx) => {
      const category = categories.find((c) => String(c.id) === d.category);
      if (category?.unitBased) {
        const q = number(d.quantity);
        if (d.quantity.trim() === '' || !Number.isFinite(q) || q < 0)
          ctx.addIssue({ code: 'custom', path: ['quantity'], message: `Enter how many ${pluralUnit(category.unitName?.trim() || 'units')}` });
      } else if (d.amount === null || Number.isNaN(d.amount) || d.amount <= 0) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount' });
      } else if (d.amount > MAX_EXPENSE_CENTS) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'At most 10,000,000.00' });
      }
    })
    .transform((d): { expenseId: number | null; body: ExpenseBody } => ({
      expenseId: d.expenseId,
      body: bodyOf(
        d as ExpenseDraft,
        categories.find((c) => String(c.id) === d.category),
        chooseBillable,
      ),
    }));
}
