import {
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects, tasks, teams, users } from './core.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/**
 * An uploaded file. The bytes live in attachment storage under `storageKey`; `token` is the opaque
 * download handle. `inUse` is set while something (an expense, a time-off request) references it;
 * the sweep removes attachments not in use since `releasedAt` (or `createdAt`) for 24 hours.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    token: text('token').notNull(),
    inUse: boolean('in_use').notNull().default(false),
    releasedAt: ts('released_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attachments_token_uq').on(t.token),
    index('attachments_team_idx').on(t.teamId),
    index('attachments_unused_idx').on(t.inUse, t.createdAt),
  ],
);

export const expenseCategories = pgTable(
  'expense_categories',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    unitBased: boolean('unit_based').notNull().default(false),
    unitName: text('unit_name'),
    /** Cents per unit, for unit-based categories. */
    unitPrice: integer('unit_price'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('expense_categories_team_idx').on(t.teamId)],
);

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => expenseCategories.id, { onDelete: 'restrict' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** Cents. */
    amount: integer('amount').notNull(),
    quantity: doublePrecision('quantity'),
    /** `billable` (re-billed to the client), `separate` (billed apart), `cost` (the team's own cost). */
    type: text('type', { enum: ['separate', 'billable', 'cost'] }).notNull(),
    details: text('details').notNull().default(''),
    isInvoiced: boolean('is_invoiced').notNull().default(false),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('expenses_team_date_idx').on(t.teamId, t.date),
    index('expenses_user_date_idx').on(t.userId, t.date),
    index('expenses_project_idx').on(t.projectId),
    index('expenses_category_idx').on(t.categoryId),
  ],
);

/** Files attached to an expense; an attachment belongs to at most one expense. */
export const expenseAttachments = pgTable(
  'expense_attachments',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    expenseId: integer('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.expenseId, t.attachmentId] }), uniqueIndex('expense_attachments_attachment_uq').on(t.attachmentId)],
);

export interface StoredFieldFormat {
  decimals?: number;
  label?: string;
}
export interface StoredFieldOption {
  id: number;
  name: string;
  color: string | null;
}

/** A custom field of a project. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['text', 'number', 'select', 'date', 'checkbox', 'user'] }).notNull(),
    format: jsonb('format').$type<StoredFieldFormat>().notNull().default({}),
    options: jsonb('options').$type<StoredFieldOption[]>().notNull().default([]),
    visibility: text('visibility', { enum: ['all', 'admins'] })
      .notNull()
      .default('all'),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('custom_fields_project_idx').on(t.projectId)],
);

/** A task's value of a custom field; discarded with the field. */
export const taskFieldValues = pgTable(
  'task_field_values',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<unknown>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.fieldId] }), index('task_field_values_field_idx').on(t.fieldId)],
);
