import { z } from 'zod';
import { dateTimeString, numericId, numericIdParam, queryBool, queryInt } from './common.ts';
import { reportTabs } from './report-tabs.ts';
import { defineRoute } from './route.ts';
import { savedReportFilters } from './saved-reports.ts';

// Notifications stand in a contract file of their own: the bell loads them after the first paint, so the
// first screen carries none of these definitions.

/** What a notification tells. */
export const notificationKinds = [
  'week.approved',
  'week.partly_approved',
  'week.rejected',
  'week.waiting',
  'timeoff.approved',
  'timeoff.rejected',
  'timeoff.waiting',
  'reminder.submit',
  'reminder.missing',
  'reminder.timer',
  // Added after the first ten: the unsubscribe tokens hold a kind's index, so new kinds go at the end.
  'time.edited',
  'budget.refused',
  'budget.threshold',
  'budget.exceeded',
  'webhook.disabled',
  'import.finished',
  'digest.waiting',
  'report.scheduled',
] as const;
export const notificationKind = z.enum(notificationKinds);

export type NotificationKind = z.infer<typeof notificationKind>;

/** Where a person wants a kind of notification: in the app, by email, both, or not at all. */
export const notificationChannels = ['app', 'email', 'both', 'none'] as const;
export const notificationChannel = z.enum(notificationChannels);
export type NotificationChannel = z.infer<typeof notificationChannel>;

/**
 * What the notification is about: a timesheet week (its id and week id), a time off, a project's or a client's
 * budget, a webhook, an import, or the reviewer's day (the digest of what waits).
 */
export const notificationSubject = z.discriminatedUnion('type', [
  z.object({ type: z.literal('timesheet'), id: z.number().int().positive(), user: numericId, weekId: z.number().int() }),
  z.object({ type: z.literal('timeoff'), id: numericId, user: numericId }),
  /** `id` is the project's id as the API writes it (`ev:…`). */
  z.object({ type: z.literal('project'), id: z.string() }),
  z.object({ type: z.literal('client'), id: numericId }),
  z.object({ type: z.literal('webhook'), id: numericId }),
  z.object({ type: z.literal('import'), id: numericId }),
  /** `date` is the reviewer's local day (`YYYY-MM-DD`). */
  z.object({ type: z.literal('digest'), date: z.string() }),
  /** A saved report sent on its schedule: its id, its tab and the filters it was made with (the range as sent). */
  z.object({ type: z.literal('report'), id: numericId, tab: z.enum(reportTabs), filters: savedReportFilters }),
]);
export type NotificationSubject = z.infer<typeof notificationSubject>;

export const notification = z.object({
  id: numericId,
  kind: notificationKind,
  subject: notificationSubject,
  /** One line saying what happened, in the product's words. */
  title: z.string(),
  /** The comment that came with the decision or the request ('' when none). */
  comment: z.string(),
  /** Who acted. */
  actor: z.object({ id: numericId, name: z.string() }).nullable(),
  createdAt: dateTimeString,
  readAt: dateTimeString.nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  items: z.array(notification),
  /** The caller's unread notifications in all. */
  unread: z.number().int().min(0),
  /** Notifications matching the filter in all. */
  total: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationListQuery = z.object({
  /** Only unread ones. */
  unread: queryBool.optional(),
  /** Per page (default 50). */
  limit: queryInt(1, 200).optional(),
  /** 1-based page. */
  page: queryInt(1, 100_000).optional(),
});

export const notificationPreference = z.object({ kind: notificationKind, channel: notificationChannel });
export type NotificationPreference = z.infer<typeof notificationPreference>;
export const notificationPreferences = z.object({
  /** Every kind with the caller's channel for it. */
  preferences: z.array(notificationPreference),
  /** Whether the server sends email at all (SMTP configured); without it only in-app notifications arrive. */
  emailEnabled: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const notificationPreferencesBody = z.object({ preferences: z.array(notificationPreference).min(1).max(notificationKinds.length) });

const T = 'Notifications';

export const notificationRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/notifications',
    tag: T,
    summary: "The caller's notifications in the app, newest first, with the unread count",
    query: notificationListQuery,
    status: 200,
    response: notificationList,
  }),
  mark: defineRoute({
    method: 'put',
    path: '/notifications/{notification_id}',
    tag: T,
    summary: 'Marks one of the caller’s notifications read or unread',
    params: z.object({ notification_id: numericIdParam }),
    body: z.object({ read: z.boolean() }),
    status: 200,
    response: notification,
  }),
  readAll: defineRoute({
    method: 'post',
    path: '/notifications/read-all',
    tag: T,
    summary: "Marks all the caller's notifications read",
    status: 200,
    response: z.object({ unread: z.literal(0) }),
  }),
  unsubscribe: defineRoute({
    method: 'post',
    path: '/notifications/unsubscribe',
    tag: T,
    summary: 'One-click unsubscribe from the emails of one kind (RFC 8058); the signed token in the link names the person and kind',
    auth: 'none',
    query: z.object({ token: z.string().min(1).max(500) }),
    status: 200,
    response: z.object({ kind: notificationKind, channel: notificationChannel }),
    answers: { 404: 'The token is not valid' },
  }),
  preferences: defineRoute({
    method: 'get',
    path: '/users/me/notification-preferences',
    tag: T,
    summary: 'Where the caller gets each kind of notification',
    status: 200,
    response: notificationPreferences,
  }),
  setPreferences: defineRoute({
    method: 'put',
    path: '/users/me/notification-preferences',
    tag: T,
    summary: 'Sets where the caller gets the kinds named (the others keep theirs)',
    body: notificationPreferencesBody,
    status: 200,
    response: notificationPreferences,
  }),
};
