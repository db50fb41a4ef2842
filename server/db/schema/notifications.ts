import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationChannel, NotificationKind, NotificationSubject } from '../../../contract/notifications.ts';
import { notificationChannels, notificationKinds } from '../../../contract/notifications.ts';
import { teams, users } from './core.ts';

const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });

/** What a notification carries besides its kind: the comment and who acted, as they were at the time. */
export interface NotificationPayload {
  title: string;
  comment: string;
  actor: { id: number; name: string } | null;
  /** Items listed under the title (the digest's waiting weeks and requests), in the email's both parts. */
  lines?: string[];
}

/**
 * One notification for one person. `inApp` is false when the person wants this kind by email only: the row
 * then exists for the mail outbox and is never listed in the app.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).$type<NotificationKind>().notNull(),
    subject: jsonb('subject').$type<NotificationSubject>().notNull(),
    /** Path of the thing itself in the web app (`/approvals?…`, `/timesheet?week=…`, `/time-off`). */
    link: text('link').notNull(),
    payload: jsonb('payload').$type<NotificationPayload>().notNull(),
    inApp: boolean('in_app').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.inApp, t.id), index('notifications_unread_idx').on(t.userId, t.readAt)],
);

/** The team, person and kind of notification a row is about. */
const personKind = () => ({
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: notificationKinds }).$type<NotificationKind>().notNull(),
});

/** A person's channel for one kind; a kind without a row arrives in the app and by email. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    ...personKind(),
    channel: text('channel', { enum: notificationChannels }).$type<NotificationChannel>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A file sent with a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, in base64. */
  content: string;
}

/**
 * Emails waiting to go out, written in the transaction that creates their notification. A worker claims due
 * rows (FOR UPDATE SKIP LOCKED, leased), sends, and sets `sent_at` once.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    /** Files sent with the mail (a scheduled report's PDF), their bytes in base64. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; while claimed, the end of the claim's lease. */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseId: uuid('lease_id'),
    sentAt: ts('sent_at'),
    /** Set when the attempts ran out: the mail is not tried again. */
    failedAt: ts('failed_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_notification_uq').on(t.notificationId),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);

/**
 * Reminders sent, once each: the scheduler inserts the (person, kind, period) key with ON CONFLICT DO NOTHING in
 * the transaction that creates the notification, so a second run, or another instance running at the same
 * moment, finds the key taken and sends nothing. The period is the day the reminder is about, or the timer.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    ...personKind(),
    period: text('period').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);
