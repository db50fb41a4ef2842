import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, pgTable, serial, text, timestamp, boolean, unique } from 'drizzle-orm/pg-core';
import { tasks, teams, users } from './core.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/** Time aggregated per (user, task, date); task may be null (time without a task). */
export const timeRecords = pgTable(
  'time_records',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    time: integer('time').notNull().default(0),
    comment: text('comment').notNull().default(''),
    isInvoiced: boolean('is_invoiced').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('time_records_user_task_date_uq').on(t.userId, t.taskId, t.date).nullsNotDistinct(),
    index('time_records_team_date_idx').on(t.teamId, t.date),
    index('time_records_user_date_idx').on(t.userId, t.date),
    index('time_records_task_idx').on(t.taskId),
  ],
);

/** Every change of a record: ADD, EDIT, TIMER, REMOVE, COMMENT, MOVE. `time` is the change in seconds. */
export const timeHistory = pgTable(
  'time_history',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    recordId: integer('record_id').notNull().references(() => timeRecords.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').notNull(),
    action: text('action', { enum: ['ADD', 'EDIT', 'TIMER', 'REMOVE', 'COMMENT', 'MOVE'] }).notNull(),
    time: integer('time').notNull(),
    previousTime: integer('previous_time').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('time_history_record_idx').on(t.recordId),
    // Timer seconds per record for the dashboards (server/modules/dashboards/queries.ts): only a team's TIMER
    // rows, in record order, with the seconds, so the sum skips every other action (index-only once vacuumed).
    index('time_history_timer_idx').on(t.teamId, t.recordId, t.time).where(sql`${t.action} = 'TIMER'`),
  ],
);

/** The running timer of a user (at most one). */
export const timers = pgTable('timers', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
  userDate: date('user_date', { mode: 'string' }).notNull(),
  comment: text('comment').notNull().default(''),
  startedAt: ts('started_at').notNull(),
});

/**
 * The webhook outbox: one row per event, written in the same transaction as the change.
 * The delivery worker fans each out to the matching hooks.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Project id (integer) the event belongs to, for project-scoped hooks; null for client events. */
    projectId: integer('project_id'),
    resourceId: text('resource_id').notNull(),
    payload: text('payload').notNull(),
    actorId: integer('actor_id').notNull(),
    attributesProjects: text('attributes_projects').array().notNull(),
    attributesUsers: integer('attributes_users').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set once the worker has fanned the event out to deliveries. */
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [index('webhook_events_undispatched_idx').on(t.dispatchedAt, t.id), index('webhook_events_created_idx').on(t.createdAt)],
);
