import { sql } from 'drizzle-orm';
import type { AutoLock } from '../../../contract/auto-lock.ts';
import type { ReminderSchedule } from '../../../contract/reminders.ts';
import type { ProjectRounding, RoundingRule } from '../../../contract/rounding.ts';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow();

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** 0 = Sunday … 6 = Saturday. */
  weekStart: integer('week_start').notNull().default(1),
  /** Billing rounding of the team's time (contract/rounding.ts); null = none. */
  rounding: jsonb('rounding').$type<RoundingRule | null>(),
  /** Everyone must sign in with two-factor: people without it set it up at their next sign-in. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** The reminder schedule (contract/reminders.ts); null = the defaults. */
  reminders: jsonb('reminders').$type<ReminderSchedule | null>(),
  /** The automatic lock (contract/auto-lock.ts); null = off. */
  autoLock: jsonb('auto_lock').$type<AutoLock | null>(),
  /** What the team's invoices show at the top (blank: the team's name), and their payment terms. */
  billingName: text('billing_name').notNull().default(''),
  billingAddress: text('billing_address').notNull().default(''),
  paymentTerms: text('payment_terms').notNull().default(''),
  /** The invoice logo: its key in the attachments' storage, type and size; null when there is none. */
  logoKey: text('logo_key'),
  logoType: text('logo_type', { enum: ['image/png', 'image/jpeg'] }),
  logoSize: integer('logo_size'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'supervisor', 'member', 'member_limited'] }).notNull(),
    status: text('status', { enum: ['active', 'invited', 'pending', 'removed'] }).notNull().default('active'),
    type: text('type', { enum: ['employee', 'contractor'] }).notNull().default('employee'),
    headline: text('headline').notNull().default(''),
    phone: text('phone').notNull().default(''),
    avatarUrl: text('avatar_url').notNull().default(''),
    capacity: integer('capacity').notNull().default(144000),
    timezone: real('timezone').notNull().default(0),
    weekStart: integer('week_start'),
    rate: integer('rate').notNull().default(0),
    cost: integer('cost').notNull().default(0),
    dateFormat: integer('date_format').notNull().default(0),
    timeFormat: integer('time_format').notNull().default(0),
    timeRounding: integer('time_rounding').notNull().default(0),
    country: text('country').notNull().default(''),
    /** The API key, encrypted (AES-256-GCM) so the owner can see it again. */
    apiKeyEnc: text('api_key_enc').notNull(),
    /** Keyed hash (HMAC-SHA256) of the API key, for look-up. */
    apiKeyHash: text('api_key_hash').notNull(),
    createdAt: createdAt(),
  },
  // An email is unique within its team only, so no team can learn which addresses another team has.
  (t) => [
    uniqueIndex('users_team_email_uq').on(t.teamId, t.email),
    index('users_email_idx').on(t.email),
    uniqueIndex('users_api_key_hash_uq').on(t.apiKeyHash),
    index('users_team_idx').on(t.teamId),
  ],
);

/**
 * The open invitation of an invited user: a single-use link that expires. Only a keyed hash of its token is
 * kept; accepting it (the person sets a password) deletes the row and makes the user active.
 */
export const invitations = pgTable(
  'invitations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invitations_token_hash_uq').on(t.tokenHash)],
);

/**
 * A user's hourly rate and cost (cents) over time: each row holds both from `effective_from` on, until the next
 * one. A user whose rates never changed from a date has no rows (their `rate` and `cost` apply to all time);
 * the first dated change also writes the earlier values from `RATES_FROM_THE_START`. The user's own `rate` and
 * `cost` stay those of the latest row (in force today: changes take effect today or earlier).
 */
export const userRates = pgTable(
  'user_rates',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    rate: integer('rate').notNull(),
    cost: integer('cost').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_rates_user_from_uq').on(t.userId, t.effectiveFrom), index('user_rates_team_idx').on(t.teamId)],
);

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    businessDetails: text('business_details').notNull().default(''),
    status: text('status', { enum: ['active', 'archived'] }).notNull().default('active'),
    /** Budget input as set (see contract/budgets.ts); null when none. */
    budget: jsonb('budget').$type<StoredBudget | null>(),
    createdAt: createdAt(),
  },
  (t) => [index('clients_team_idx').on(t.teamId)],
);

export interface StoredBudget {
  type: 'money' | 'time' | 'costs';
  budget: number;
  period: 'general' | 'monthly' | 'weekly' | 'daily';
  appliedFrom: string | null;
  disallowOverbudget: boolean;
  excludeUnbillableTime: boolean;
  excludeExpenses: boolean;
  threshold: number | null;
  showToUsers?: boolean;
}
export interface StoredBilling {
  type: 'non_billable' | 'hourly' | 'fixed_fee';
  fee: number | null;
}
export interface StoredRate {
  type: 'project_rate' | 'user_rate' | 'user_cost';
  rate: number | null;
  userRateOverrides: Record<string, number>;
  userCostOverrides: Record<string, number>;
}

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['board', 'list'] }).notNull().default('list'),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'archived'] }).notNull().default('open'),
    privacy: boolean('privacy').notNull().default(false),
    changeProtected: boolean('change_protected').notNull().default(false),
    isTemplate: boolean('is_template').notNull().default(false),
    favorite: boolean('favorite').notNull().default(false),
    icon: text('icon'),
    color: text('color'),
    billing: jsonb('billing').$type<StoredBilling>().notNull().default({ type: 'non_billable', fee: null }),
    rate: jsonb('rate').$type<StoredRate>().notNull().default({ type: 'project_rate', rate: null, userRateOverrides: {}, userCostOverrides: {} }),
    budget: jsonb('budget').$type<StoredBudget | null>(),
    /** Rounding override: null (SQL NULL) = the team's rule, `"none"` = no rounding, else the project's own rule. */
    rounding: jsonb('rounding').$type<ProjectRounding>(),
    createdAt: createdAt(),
  },
  (t) => [index('projects_team_idx').on(t.teamId), index('projects_client_idx').on(t.clientId)],
);

export const projectUsers = pgTable(
  'project_users',
  {
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_users_user_idx').on(t.userId)],
);

export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    status: text('status', { enum: ['open', 'archived'] }).notNull().default('open'),
    deletedAt: timestamp('deleted_at', { mode: 'date', withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sections_project_idx').on(t.projectId)],
);

export interface StoredEstimate {
  total: number;
  type: 'overall' | 'users';
  users: Record<string, number>;
}

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').references(() => sections.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    description: text('description').notNull().default(''),
    dueOn: date('due_on', { mode: 'string' }),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    unbillable: boolean('unbillable').notNull().default(false),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    metrics: jsonb('metrics').$type<Record<string, number>>().notNull().default({}),
    estimate: jsonb('estimate').$type<StoredEstimate | null>(),
    deletedAt: timestamp('deleted_at', { mode: 'date', withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('tasks_project_idx').on(t.projectId), index('tasks_team_idx').on(t.teamId)],
);

/** Per-deployment key material (encryption secret is not stored here; signing keys are). */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  material: text('material').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { mode: 'date', withTimezone: true }),
});

