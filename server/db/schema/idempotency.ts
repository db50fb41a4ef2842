import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { teams, users } from './core.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/**
 * The first answer to a POST sent with an `Idempotency-Key`, per user and key, kept a day: a repeat of the
 * same request gets it again instead of being applied twice. `status` is null while the first is running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    /** SHA-256 of the method, path, query and body: a key reused for another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    /** The answer's body, encrypted with the server secret (answers may hold secrets such as new API keys). */
    bodyEnc: text('body_enc'),
    contentType: text('content_type'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
