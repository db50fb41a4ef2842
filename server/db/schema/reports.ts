import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportEmail, ReportPeriod, SavedReportFilters } from '../../../contract/saved-reports.ts';
import type { ReportTab } from '../../../contract/report-tabs.ts';
import { teams, users } from './core.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/** A report of the Reports screen kept under a name: its tab, range and filters; its owner's, or shared with the team. */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tab: text('tab').$type<ReportTab>().notNull(),
    period: text('period').$type<ReportPeriod>().notNull(),
    filters: jsonb('filters').$type<SavedReportFilters>().notNull(),
    shared: boolean('shared').notNull().default(false),
    /** Sent by email each week or month to these people, or null. */
    email: jsonb('email').$type<ReportEmail>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('saved_reports_team_idx').on(t.teamId), index('saved_reports_owner_idx').on(t.ownerId)],
);
