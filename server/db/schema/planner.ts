import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects, tasks, teams, users } from './core.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/**
 * A project assignment of the schedule: a user planned on a project (and optionally one of its tasks) for
 * `seconds_per_day` on each workday from `start_date` to `end_date`. Its id comes from the same sequence as
 * time off, so `/resource-planner/assignments/{id}` names one assignment of either kind.
 */
export const projectAssignments = pgTable(
  'project_assignments',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('time_off_id_seq')`),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    secondsPerDay: integer('seconds_per_day').notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('project_assignments_user_dates_idx').on(t.teamId, t.userId, t.startDate),
    index('project_assignments_project_idx').on(t.teamId, t.projectId),
    check('project_assignments_range_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
