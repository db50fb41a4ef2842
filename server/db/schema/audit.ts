import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditKind } from '../../../contract/audit-log.ts';
import { teams } from './core.ts';

/**
 * The team's audit log: one row per recorded change, written in the transaction of the change. Append-only:
 * the code never updates or deletes a row, and a trigger (migration 0021) refuses UPDATE and DELETE. The actor
 * is kept as an id without a foreign key and with the name at the time, so entries outlive people and things.
 * A team's entries go only with the team itself (the trigger lets a team's cascade through).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The person who acted; null for an API client or an unknown address (then `actorLabel` says who). */
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull(),
    kind: text('kind').$type<AuditKind>().notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    subjectName: text('subject_name'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_team_idx').on(t.teamId, t.createdAt, t.id),
    index('audit_log_team_kind_idx').on(t.teamId, t.kind, t.createdAt),
    index('audit_log_team_actor_idx').on(t.teamId, t.actorId, t.createdAt),
  ],
);
