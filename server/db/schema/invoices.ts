import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients, teams } from './core.ts';
import { expenses } from './money.ts';
import { timeRecords } from './time.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/** A tax or discount as set: a rate in percent (more than 0) or a fixed amount in cents. */
export interface StoredAdjustment {
  rate: number;
  amount: number;
}

/** An invoice of a client. Line items in `invoice_items`; the records it covers in the two link tables. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** A client with invoices cannot be deleted (the API answers 422; archive it instead). */
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').notNull(),
    /** 1, 2, 3… per team; the default public id is made from it. */
    number: integer('number').notNull(),
    status: text('status', { enum: ['draft', 'sent', 'paid'] })
      .notNull()
      .default('draft'),
    publicId: text('public_id').notNull(),
    reference: text('reference').notNull().default(''),
    publicNotes: text('public_notes').notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    limitDateFrom: date('limit_date_from', { mode: 'string' }),
    limitDateTill: date('limit_date_till', { mode: 'string' }),
    includeTime: boolean('include_time').notNull().default(true),
    includeExpenses: boolean('include_expenses').notNull().default(true),
    /** Projects the invoice was limited to; empty = every project of the client. */
    projectIds: integer('project_ids').array().notNull(),
    timeMask: text('time_mask').notNull(),
    expenseMask: text('expense_mask').notNull(),
    tax: jsonb('tax').$type<StoredAdjustment>().notNull(),
    discount: jsonb('discount').$type<StoredAdjustment>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('invoices_team_number_uq').on(t.teamId, t.number), index('invoices_client_idx').on(t.clientId)],
);

/** A line of an invoice: from time of a project, a fixed fee, expenses of a category, or typed in (custom). */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    billedTime: integer('billed_time').notNull().default(0),
    /** Seconds recorded on a time line built from records, before rounding (billedTime is rounded); null on other lines. */
    recordedTime: integer('recorded_time'),
    quantity: doublePrecision('quantity'),
    /** Cents per hour or per unit; null when the line has no single rate. */
    rate: bigint('rate', { mode: 'number' }),
    listAmount: bigint('list_amount', { mode: 'number' }).notNull(),
    custom: boolean('custom').notNull().default(false),
    taxable: boolean('taxable').notNull().default(true),
    position: integer('position').notNull(),
    projectId: integer('project_id'),
    categoryId: integer('category_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId)],
);

/** Team and invoice of a link between an invoice and what it covers. */
const linkColumns = () => ({
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  invoiceId: integer('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
});

/** The time records an invoice covers. A record is on one invoice at most (the unique index). */
export const invoiceTimeRecords = pgTable(
  'invoice_time_records',
  {
    ...linkColumns(),
    recordId: integer('record_id')
      .notNull()
      .references(() => timeRecords.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.recordId] }), uniqueIndex('invoice_time_records_record_uq').on(t.recordId)],
);

/** The expenses an invoice covers. An expense is on one invoice at most (the unique index). */
export const invoiceExpenses = pgTable(
  'invoice_expenses',
  {
    ...linkColumns(),
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.expenseId] }), uniqueIndex('invoice_expenses_expense_uq').on(t.expenseId)],
);
