import { sql } from 'drizzle-orm';
import { date, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './core.ts';

/**
 * A client's or project's budget reaching its `threshold` (percent used) in one budget period: written in
 * the transaction of the change (time or expense) that moved usage from below the threshold to at or
 * above it, at most once per (owner, budget, period). `budgetKey` fingerprints the budget's settings, so a
 * replaced budget starts afresh; `periodStart` is the first day of the period (null: a general budget
 * without `appliedFrom`, which has a single open period).
 */
export const budgetThresholdCrossings = pgTable(
  'budget_threshold_crossings',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    ownerKind: text('owner_kind', { enum: ['client', 'project'] }).notNull(),
    /** Client or project id (no foreign key: the owner is one of two tables). */
    ownerId: integer('owner_id').notNull(),
    budgetKey: text('budget_key').notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    /** The threshold (percent) that was crossed. */
    threshold: integer('threshold').notNull(),
    /** Percent of the budget used right after the change that crossed it. */
    usage: real('usage').notNull(),
    crossedAt: timestamp('crossed_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('budget_threshold_crossings_uq').on(
      t.teamId,
      t.ownerKind,
      t.ownerId,
      t.budgetKey,
      sql`coalesce(${t.periodStart}, '-infinity'::date)`,
    ),
  ],
);
