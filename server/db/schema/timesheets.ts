import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { teams, users } from './core.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

export interface StoredApprovalEntry {
  action: 'submitted' | 'approved' | 'rejected' | 'discarded';
  /** Dates (YYYY-MM-DD) the action applied to. */
  dates: string[];
  userId: number;
  comment: string;
  /** ISO instant. */
  at: string;
}

/**
 * The approval of one user's week. Dates are stored as `YYYY-MM-DD` so locks need no week math:
 * `submitted_dates` are locked while `status` is pending, `approved_dates` always.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    weekId: integer('week_id').notNull(),
    weekFrom: date('week_from', { mode: 'string' }).notNull(),
    weekTo: date('week_to', { mode: 'string' }).notNull(),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'rejected', 'approved', 'partial_approved', 'discarded'] }).notNull(),
    submittedDates: text('submitted_dates').array().notNull().default(sql`'{}'::text[]`),
    approvedDates: text('approved_dates').array().notNull().default(sql`'{}'::text[]`),
    approvedAt: ts('approved_at'),
    history: jsonb('history').$type<StoredApprovalEntry[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('approvals_user_week_uq').on(t.userId, t.weekId), index('approvals_team_week_idx').on(t.teamId, t.weekId)],
);

/** A person's week opened again by an admin: the team's automatic lock leaves its days alone. */
export const weekUnlocks = pgTable(
  'week_unlocks',
  {
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    weekId: integer('week_id').notNull(),
    reason: text('reason').notNull(),
    unlockedBy: integer('unlocked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekId] }), index('week_unlocks_team_idx').on(t.teamId)],
);

export interface StoredTimecardEntry {
  action: 'clock-in' | 'clock-out' | 'break';
  previousTime: string | null;
  time: string | null;
  trigger: 'manually' | 'timer' | 'button' | 'day-end' | 'idle-state';
  userId: number;
  at: string;
}

/** One user's day: clock-in and clock-out `HH:MM` in the user's timezone, break seconds. */
export const timecards = pgTable(
  'timecards',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    clockIn: text('clock_in'),
    clockOut: text('clock_out'),
    breakTime: integer('break_time').notNull().default(0),
    history: jsonb('history').$type<StoredTimecardEntry[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('timecards_user_date_uq').on(t.userId, t.date), index('timecards_team_date_idx').on(t.teamId, t.date), check('timecards_break_ck', sql`${t.breakTime} >= 0`)],
);

export const timeOffTypes = pgTable(
  'time_off_types',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    paid: boolean('paid').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('time_off_types_team_idx').on(t.teamId)],
);

/** Time-off assignments (the resource planner's `time-off` kind). */
export const timeOff = pgTable(
  'time_off',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').references(() => timeOffTypes.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    period: text('period', { enum: ['full-day', 'half-of-day', 'quarter-of-day', 'half-and-quarter-of-day'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    days: real('days').notNull(),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The requester's note. */
    note: text('note').notNull().default(''),
    /** Who approved or rejected it, when, and the comment they gave. */
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    reviewComment: text('review_comment').notNull().default(''),
    attachmentIds: integer('attachment_ids').array().notNull().default(sql`'{}'::int[]`),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('time_off_user_dates_idx').on(t.userId, t.startDate), index('time_off_team_dates_idx').on(t.teamId, t.startDate), check('time_off_range_ck', sql`${t.endDate} >= ${t.startDate}`)],
);

/** Time-off balances: days of a type granted to a user for a period. */
export const allocations = pgTable(
  'allocations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').notNull().references(() => timeOffTypes.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    contractStartDate: date('contract_start_date', { mode: 'string' }),
    days: real('days').notNull(),
    daysCarried: real('days_carried').notNull().default(0),
    accrualFrequency: text('accrual_frequency', { enum: ['daily', 'immediately'] }).notNull().default('immediately'),
    restrictOverAllocation: boolean('restrict_over_allocation').notNull().default(false),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('allocations_user_idx').on(t.userId, t.typeId), index('allocations_team_idx').on(t.teamId), check('allocations_range_ck', sql`${t.endDate} >= ${t.startDate}`)],
);
