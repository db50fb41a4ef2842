import { z } from 'zod';
import { client } from './clients.ts';
import { cents, dateString, dateTimeString, numericId, numericIdParam, numericIdQuery, projectId, queryDate, seconds } from './common.ts';
import { defineRoute } from './route.ts';
import { userSummary } from './users.ts';

/** Largest amount of one line, in cents (10,000,000,000.00). */
export const MAX_LINE_CENTS = 1_000_000_000_000;

export const invoiceStatus = z.enum(['draft', 'sent', 'paid']);
export type InvoiceStatus = z.infer<typeof invoiceStatus>;

/** At most 4 decimals (rates in percent, quantities). */
const fourDecimals = (n: number) => Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6;

/** A tax or discount as answered: `rate` in percent (0 when it is a fixed amount) and the `amount` it comes to, in cents. */
export const invoiceAdjustment = z.object({ rate: z.number(), amount: z.number().int() });

/** A tax or discount as sent: a rate in percent, or a fixed amount in cents (a rate above 0 decides). */
export const adjustmentInput = z
  .object({
    rate: z.number().min(0, 'Must not be negative').max(100, 'At most 100').refine(fourDecimals, 'At most 4 decimals').nullish(),
    amount: cents.max(MAX_LINE_CENTS).nullish(),
  })
  .strict();
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

export const invoiceItem = z.object({
  id: numericId,
  name: z.string(),
  /** Seconds of time on the line (0 for expenses and most custom lines). */
  billedTime: seconds,
  /**
   * Seconds recorded on a time line built from time records, before billing rounding (billedTime is the
   * rounded time, docs/invoices.md "Rounding"); null on other lines and on lines made before rounding existed.
   */
  recordedTime: seconds.nullable(),
  /** Hours for time, units for unit-based expenses, 1 for a fixed fee; null when the line has no quantity. */
  quantity: z.number().nullable(),
  /** Cents per hour or unit; null when the line has no single rate (people at different rates). */
  rate: z.number().int().nullable(),
  /** Cents before discount and tax. */
  listAmount: z.number().int(),
  /** Cents after discount. */
  netAmount: z.number().int(),
  /** Cents after discount and tax. */
  totalAmount: z.number().int(),
  custom: z.boolean(),
  /** 1 when the tax applies to the line, else 0. */
  taxable: z.union([z.literal(0), z.literal(1)]),
  position: z.number().int(),
  project: projectId.nullable(),
  category: numericId.nullable(),
  createdAt: dateTimeString,
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

export const invoice = z.object({
  id: numericId,
  client,
  createdAt: dateTimeString,
  createdBy: userSummary,
  status: invoiceStatus,
  publicId: z.string(),
  reference: z.string(),
  publicNotes: z.string(),
  /** First and last day of the time and expenses on the invoice (null when it covers none). */
  dateFrom: dateString.nullable(),
  dateTill: dateString.nullable(),
  issueDate: dateString,
  dueDate: dateString.nullable(),
  limitDateFrom: dateString.nullable(),
  limitDateTill: dateString.nullable(),
  includeTime: z.boolean(),
  includeExpenses: z.boolean(),
  /** Projects the invoice is limited to; empty = every project of the client. */
  projects: z.array(projectId),
  timeMask: z.string(),
  expenseMask: z.string(),
  listAmount: z.number().int(),
  netAmount: z.number().int(),
  totalAmount: z.number().int(),
  tax: invoiceAdjustment,
  discount: invoiceAdjustment,
  /** Seconds: Σ billedTime of the lines. */
  totalTime: seconds,
  invoiceItems: z.array(invoiceItem),
  updatedAt: dateTimeString,
});
export type Invoice = z.infer<typeof invoice>;

/** A date that may be cleared: null, or `""` as the notes' resettable dates (everhour-api-notes.md §0). */
const clearableDate = z.union([z.literal('').transform(() => null), dateString]).nullish();

const mask = z.string().trim().min(1, 'Required').max(200);
const rangeRefine = <T extends { limitDateFrom?: string | null | undefined; limitDateTill?: string | null | undefined }>(b: T) =>
  !b.limitDateFrom || !b.limitDateTill || b.limitDateFrom <= b.limitDateTill;
const rangeMessage = { message: 'Must not be after limitDateTill', path: ['limitDateFrom'] };

/** What is invoiced: the range (both ends included), time and/or expenses, and the projects (empty = all the client's). */
const selection = {
  limitDateFrom: clearableDate,
  limitDateTill: clearableDate,
  includeTime: z.boolean().optional(),
  includeExpenses: z.boolean().optional(),
  projects: z.array(projectId).max(1000).optional(),
  timeMask: mask.optional(),
  expenseMask: mask.optional(),
};

export const createInvoiceBody = z
  .object({
    ...selection,
    tax: adjustmentInput.optional(),
    discount: adjustmentInput.optional(),
    publicId: z.string().trim().min(1, 'Required').max(100).optional(),
    issueDate: dateString.optional(),
    dueDate: clearableDate,
    reference: z.string().max(500).optional(),
    publicNotes: z.string().max(5000).optional(),
  })
  .refine(rangeRefine, rangeMessage);
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

/** POST /invoices/{id}/reset-time: the selection again; what is left out stays as it was. */
export const resetInvoiceBody = z.object(selection).refine(rangeRefine, rangeMessage);
export type ResetInvoiceBody = z.infer<typeof resetInvoiceBody>;

/** A line as sent in PUT: with `id` an existing line (what is left out is kept), without one a new custom line. */
export const invoiceItemInput = z.object({
  id: numericId.optional(),
  name: z.string().trim().min(1, 'Required').max(500).optional(),
  billedTime: seconds.max(100_000_000).optional(),
  quantity: z.number().min(0, 'Must not be negative').max(1_000_000_000).refine(fourDecimals, 'At most 4 decimals').nullish(),
  rate: cents.max(MAX_LINE_CENTS).nullish(),
  listAmount: cents.max(MAX_LINE_CENTS).optional(),
  position: z.number().int().min(0).max(100_000).optional(),
  taxable: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  /** Answered fields a client may send back as it read them; ignored. */
  netAmount: z.number().optional(),
  totalAmount: z.number().optional(),
  custom: z.boolean().optional(),
  createdAt: z.string().optional(),
  project: z.string().nullish(),
  category: z.number().nullish(),
});
export type InvoiceItemInput = z.infer<typeof invoiceItemInput>;

export const updateInvoiceBody = z.object({
  publicId: z.string().trim().min(1, 'Required').max(100).optional(),
  issueDate: dateString.optional(),
  dueDate: clearableDate,
  reference: z.string().max(500).optional(),
  publicNotes: z.string().max(5000).optional(),
  tax: adjustmentInput.optional(),
  discount: adjustmentInput.optional(),
  invoiceItems: z.array(invoiceItemInput).max(1000).optional(),
});
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBody>;

export const invoiceListQuery = z
  .object({
    client: numericIdQuery('client').optional(),
    status: invoiceStatus.optional(),
    /** Issue dates from and to, both included. */
    from: queryDate.optional(),
    to: queryDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Must not be after to', path: ['from'] });

const params = z.object({ invoice_id: numericIdParam });
const T = 'Invoices';

const statusRoute = (status: InvoiceStatus, summary: string) =>
  defineRoute({
    method: 'post',
    path: `/invoices/{invoice_id}/${status}` as string,
    tag: T,
    summary,
    params,
    status: 200,
    response: invoice,
  });

export const invoicePdfQuery = z.object({ paper: z.enum(['a4', 'letter']).default('a4') });

export const invoiceRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/invoices',
    tag: T,
    summary: 'List invoices (admins)',
    query: invoiceListQuery,
    status: 200,
    response: z.array(invoice),
  }),
  create: defineRoute({
    method: 'post',
    path: '/clients/{client_id}/invoices',
    tag: T,
    summary: "Create a draft invoice from the client's uninvoiced billable time and expenses",
    params: z.object({ client_id: numericIdParam }),
    body: createInvoiceBody,
    status: 201,
    response: invoice,
  }),
  get: defineRoute({
    method: 'get',
    path: '/invoices/{invoice_id}',
    tag: T,
    summary: 'Get an invoice',
    params,
    status: 200,
    response: invoice,
  }),
  update: defineRoute({
    method: 'put',
    path: '/invoices/{invoice_id}',
    tag: T,
    summary: 'Update a draft invoice: dates, public id, notes, tax, discount and line items',
    params,
    body: updateInvoiceBody,
    status: 200,
    response: invoice,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/invoices/{invoice_id}',
    tag: T,
    summary: 'Delete a draft invoice and release its time and expenses',
    params,
    status: 204,
  }),
  reset: defineRoute({
    method: 'post',
    path: '/invoices/{invoice_id}/reset-time',
    tag: T,
    summary: 'Rebuild the line items of a draft from the uninvoiced time and expenses',
    params,
    body: resetInvoiceBody,
    status: 200,
    response: invoice,
  }),
  pdf: defineRoute({
    method: 'get',
    path: '/invoices/{invoice_id}/pdf',
    tag: T,
    summary: "The invoice as a PDF document (A4, or US Letter with paper=letter) with the team's billing details: an attachment named invoice-<publicId>.pdf",
    params,
    query: invoicePdfQuery,
    status: 200,
    produces: 'application/pdf',
  }),
  markDraft: statusRoute('draft', 'Mark as draft (editable again)'),
  markSent: statusRoute('sent', 'Mark as sent (locked against edits)'),
  markPaid: statusRoute('paid', 'Mark as paid (locked against edits)'),
};
