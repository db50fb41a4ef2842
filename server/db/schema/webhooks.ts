import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from './core.ts';
import { webhookEvents } from './time.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/** A user's webhook subscription. One per (user, target URL). */
export const hooks = pgTable(
  'hooks',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Normalised (`new URL(x).href`). */
    targetUrl: text('target_url').notNull(),
    events: text('events').array().notNull(),
    /**
     * Project (integer id) the hook is scoped to; null for the whole team. No foreign key: a deleted
     * project keeps its hooks scoped to it (they then only see that project's remaining events).
     */
    projectId: integer('project_id'),
    active: boolean('active').notNull().default(true),
    /** Signing secret (from the handshake, or generated), encrypted with the server secret. */
    secretEnc: text('secret_enc').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Time of the last delivery attempt. */
    lastUsedAt: ts('last_used_at'),
    /** Failed attempts since the last success, and when that streak began. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: ts('failing_since'),
    disabledAt: ts('disabled_at'),
  },
  (t) => [uniqueIndex('hooks_user_target_uq').on(t.userId, t.targetUrl), index('hooks_team_idx').on(t.teamId)],
);

/** One event to be delivered to one hook. Retries keep the same `deliveryId`; a redelivery gets a new one. */
export const hookDeliveries = pgTable(
  'hook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    hookId: integer('hook_id').notNull().references(() => hooks.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull().references(() => webhookEvents.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id').notNull(),
    status: text('status', { enum: ['pending', 'delivered'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; while claimed, the end of the claim's lease. */
    nextAttemptAt: ts('next_attempt_at').notNull(),
    /** Set by the worker that holds the claim; the result is written only under the same lease. */
    leaseId: uuid('lease_id'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    lastExcerpt: text('last_excerpt'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('hook_deliveries_delivery_uq').on(t.deliveryId),
    index('hook_deliveries_hook_order_idx').on(t.hookId, t.status, t.eventId, t.id),
    index('hook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('hook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Every delivery attempt, for the delivery log. */
export const hookAttempts = pgTable(
  'hook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    hookId: integer('hook_id').notNull().references(() => hooks.id, { onDelete: 'cascade' }),
    deliveryRowId: bigint('delivery_row_id', { mode: 'number' })
      .notNull()
      .references(() => hookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    excerpt: text('excerpt'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('hook_attempts_hook_idx').on(t.hookId, t.createdAt), index('hook_attempts_delivery_idx').on(t.deliveryRowId)],
);
