import { z } from 'zod';
import { attachment } from './attachments.ts';
import { cents, numericIdQuery, dateString, hexColor, idInput, numericId, numericIdParam, projectId, queryDate, queryInt, queryLimit } from './common.ts';
import { attachmentName } from './attachments.ts';
import { defineRoute } from './route.ts';

/** Largest amount of one expense, in cents. */
export const MAX_EXPENSE_CENTS = 1_000_000_000;

export const expenseType = z.enum(['separate', 'billable', 'cost']);

export const expenseCategory = z.object({
  id: numericId,
  name: z.string(),
  color: hexColor,
  unitBased: z.boolean(),
  unitName: z.string().nullable(),
  /** Cents per unit. */
  unitPrice: cents.nullable(),
  /** How many expenses of the team use it (in the list only). */
  expenseCount: z.number().int().optional(),
});
export type ExpenseCategory = z.infer<typeof expenseCategory>;

export const categoryBody = z
  .object({
    name: z.string().trim().min(1, 'Required').max(200),
    color: hexColor.default('#888888'),
    unitBased: z.boolean().default(false),
    unitName: z.string().trim().max(50).nullish(),
    unitPrice: cents.max(100_000_000).nullish(),
  })
  .refine((c) => !c.unitBased || c.unitPrice != null, { message: 'A unit-based category needs unitPrice', path: ['unitPrice'] })
  .refine((c) => !c.unitBased || (c.unitName ?? '') !== '', { message: 'A unit-based category needs unitName', path: ['unitName'] });
export const updateCategoryBody = z
  .object({
    name: z.string().trim().min(1, 'Required').max(200),
    color: hexColor,
    unitBased: z.boolean(),
    unitName: z.string().trim().max(50).nullable(),
    unitPrice: cents.max(100_000_000).nullable(),
  })
  .partial();
export const deleteCategoryBody = z
  .object({ targetCategory: idInput.optional(), removeExpenses: z.boolean().optional() })
  .refine((b) => !(b.targetCategory !== undefined && b.removeExpenses === true), {
    message: 'Send targetCategory or removeExpenses, not both',
    path: ['targetCategory'],
  });

export const expense = z.object({
  id: numericId,
  /** Cents. */
  amount: cents,
  attachments: z.array(attachment),
  billable: z.boolean(),
  type: expenseType,
  category: numericId,
  date: dateString,
  details: z.string(),
  project: projectId.nullable(),
  quantity: z.number().nullable(),
  user: numericId,
  /** True inside a pending or approved week of the owner; such an expense refuses changes. */
  isLocked: z.boolean(),
  lockReasons: z.array(z.string()),
});
export type Expense = z.infer<typeof expense>;

const quantity = z.number().finite().min(0, 'Must not be negative').max(1_000_000_000);
export const createExpenseBody = z.object({
  category: idInput,
  date: dateString,
  amount: cents.max(MAX_EXPENSE_CENTS, 'At most 10,000,000.00').optional(),
  attachments: z.array(idInput).max(50).default([]),
  billable: z.boolean().optional(),
  details: z.string().max(5000).default(''),
  project: projectId.nullish(),
  quantity: quantity.nullish(),
  user: idInput.optional(),
  type: expenseType.optional(),
});
export const updateExpenseBody = z
  .object({
    category: idInput,
    date: dateString,
    amount: cents.max(MAX_EXPENSE_CENTS, 'At most 10,000,000.00'),
    attachments: z.array(idInput).max(50),
    billable: z.boolean(),
    details: z.string().max(5000),
    project: projectId.nullable(),
    quantity: quantity.nullable(),
    user: idInput,
    type: expenseType,
  })
  .partial();

export const expenseListQuery = z.object({
  from: queryDate.optional(),
  to: queryDate.optional(),
  project: projectId.optional(),
  category: numericIdQuery('category').optional(),
  user: z.union([z.literal('all'), numericIdQuery('user')], { error: 'Must be a user id or all' }).optional(),
  limit: queryLimit(10000).optional(),
  page: queryInt(1, 100000).optional(),
});

/**
 * POST /expenses/{id}/attachments: `attachment`, the id of a file uploaded through POST /attachments, or the
 * file itself as POST /attachments takes it (`name` and base64 `content`).
 */
export const attachToExpenseBody = z
  .object({ attachment: idInput, name: attachmentName, content: z.string().min(1, 'Required') })
  .partial()
  .refine((b) => b.attachment !== undefined || b.name !== undefined || b.content !== undefined, {
    message: 'Send attachment (the id of an uploaded file), or name and content (the file in base64)',
    path: ['attachment']
  })
  .refine((b) => b.attachment !== undefined || b.name !== undefined, { message: 'Required with content', path: ['name'] })
  .refine((b) => b.attachment !== undefined || b.content !== undefined, { message: 'Required with name', path: ['content'] });

const categoryParams = z.object({ category_id: numericIdParam });
const expenseParams = z.object({ expense_id: numericIdParam });
const T = 'Expenses';

export const expenseRoutes = {
  listCategories: defineRoute({
    method: 'get',
    path: '/expenses/categories',
    tag: T,
    summary: 'List expense categories',
    status: 200,
    response: z.array(expenseCategory),
  }),
  createCategory: defineRoute({
    method: 'post',
    path: '/expenses/categories',
    tag: T,
    summary: 'Create an expense category',
    body: categoryBody,
    status: 201,
    response: expenseCategory,
  }),
  updateCategory: defineRoute({
    method: 'put',
    path: '/expenses/categories/{category_id}',
    tag: T,
    summary: 'Update an expense category',
    params: categoryParams,
    body: updateCategoryBody,
    status: 200,
    response: expenseCategory,
  }),
  removeCategory: defineRoute({
    method: 'delete',
    path: '/expenses/categories/{category_id}',
    tag: T,
    summary: 'Delete an expense category; one with expenses needs targetCategory or removeExpenses',
    params: categoryParams,
    body: deleteCategoryBody,
    status: 204,
  }),
  list: defineRoute({
    method: 'get',
    path: '/expenses',
    tag: T,
    summary: 'List expenses (your own; admins and supervisors may pass user or user=all)',
    query: expenseListQuery,
    status: 200,
    response: z.array(expense),
  }),
  create: defineRoute({
    method: 'post',
    path: '/expenses',
    tag: T,
    summary: 'Log an expense',
    body: createExpenseBody,
    status: 201,
    response: expense,
  }),
  update: defineRoute({
    method: 'put',
    path: '/expenses/{expense_id}',
    tag: T,
    summary: 'Update an expense',
    params: expenseParams,
    body: updateExpenseBody,
    status: 200,
    response: expense,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/expenses/{expense_id}',
    tag: T,
    summary: 'Delete an expense',
    params: expenseParams,
    status: 204,
  }),
  attach: defineRoute({
    method: 'post',
    path: '/expenses/{expense_id}/attachments',
    tag: T,
    summary: 'Attach an uploaded file to an expense',
    params: expenseParams,
    body: attachToExpenseBody,
    status: 200,
    response: expense,
  }),
  detach: defineRoute({
    method: 'delete',
    path: '/expenses/{expense_id}/attachments/{attachment_id}',
    tag: T,
    summary: 'Remove a file from an expense',
    params: z.object({ expense_id: numericIdParam, attachment_id: numericIdParam }),
    status: 200,
    response: expense,
  }),
};
