import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import {
  notificationKinds,
  notificationRoutes,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../contract/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, notifications, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { notFound } from '../../http/errors.ts';
import { register } from '../../http/route.ts';
import { toDateTime } from '../../lib/time.ts';
import { DEFAULT_CHANNEL, mailSettingsOf } from './emit.ts';
import { readUnsubscribeToken } from './token.ts';

type Row = typeof notifications.$inferSelect;
const DEFAULT_LIMIT = 50;

export const presentNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  subject: r.subject,
  title: r.payload.title,
  comment: r.payload.comment,
  actor: r.payload.actor,
  createdAt: toDateTime(r.createdAt),
  readAt: r.readAt ? toDateTime(r.readAt) : null,
});

async function unreadCount(scope: Scope, userId: number): Promise<number> {
  const [row] = await scope.db
    .select({ n: count() })
    .from(notifications)
    .where(scope.where(notifications, eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

async function preferencesOf(db: Db, userId: number, emailEnabled: boolean): Promise<NotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const stored = new Map(rows.map((r) => [r.kind, r.channel]));
  return { preferences: notificationKinds.map((kind) => ({ kind, channel: stored.get(kind) ?? DEFAULT_CHANNEL })), emailEnabled };
}

async function setPreference(db: Db, teamId: number, userId: number, kind: NotificationKind, channel: NotificationChannel) {
  await db
    .insert(notificationPreferences)
    .values({ teamId, userId, kind, channel })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { channel } });
}

/** The caller's notifications in the app, their read state, preferences, and the one-click unsubscribe. */
export function registerNotificationRoutes(app: Hono<AppEnv>) {
  register(app, notificationRoutes.list, async (c, { query }, caller) => {
    const scope = c.get('scope');
    const limit = query.limit ?? DEFAULT_LIMIT;
    const page = query.page ?? 1;
    const filter = scope.where(
      notifications,
      eq(notifications.userId, caller.user.id),
      eq(notifications.inApp, true),
      query.unread ? isNull(notifications.readAt) : undefined,
    );
    const [rows, [total], unread] = await Promise.all([
      scope.db
        .select()
        .from(notifications)
        .where(filter)
        .orderBy(desc(notifications.id))
        .limit(limit)
        .offset((page - 1) * limit),
      scope.db.select({ n: count() }).from(notifications).where(filter),
      unreadCount(scope, caller.user.id),
    ]);
    return { items: rows.map(presentNotification), unread, total: Number(total?.n ?? 0) };
  });

  register(app, notificationRoutes.mark, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const [row] = await scope.update(
      notifications,
      { readAt: body.read ? sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` : null } as never,
      eq(notifications.id, params.notification_id),
      eq(notifications.userId, caller.user.id),
      eq(notifications.inApp, true),
    );
    if (!row) throw notFound('Notification');
    return presentNotification(row);
  });

  register(app, notificationRoutes.readAll, async (c, _in, caller) => {
    const scope = c.get('scope');
    await scope.update(
      notifications,
      { readAt: c.get('deps').clock() },
      eq(notifications.userId, caller.user.id),
      eq(notifications.inApp, true),
      isNull(notifications.readAt),
    );
    return { unread: 0 as const };
  });

  register(app, notificationRoutes.preferences, async (c, _in, caller) => {
    return preferencesOf(c.get('scope').db, caller.user.id, mailSettingsOf(c.get('deps')) !== null);
  });

  register(app, notificationRoutes.setPreferences, async (c, { body }, caller) => {
    const scope = c.get('scope');
    await scope.tx(async (s) => {
      for (const p of body.preferences) await setPreference(s.db, s.teamId, caller.user.id, p.kind, p.channel);
    });
    return preferencesOf(scope.db, caller.user.id, mailSettingsOf(c.get('deps')) !== null);
  });

  // RFC 8058: mail programs POST here with `List-Unsubscribe=One-Click`; the signed token names the person and kind.
  register(app, notificationRoutes.unsubscribe, async (c, { query }) => {
    const deps = c.get('deps');
    const found = readUnsubscribeToken(deps.secrets, query.token);
    if (!found) throw notFound('Unsubscribe link');
    const [user] = await deps.db.select({ teamId: users.teamId }).from(users).where(eq(users.id, found.userId));
    if (!user) throw notFound('Unsubscribe link');
    // In the app only from now on (a kind turned off altogether stays off).
    const [current] = await deps.db
      .select({ channel: notificationPreferences.channel })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, found.userId), eq(notificationPreferences.kind, found.kind)));
    const channel: NotificationChannel = current?.channel === 'none' ? 'none' : 'app';
    await setPreference(deps.db, user.teamId, found.userId, found.kind, channel);
    return { kind: found.kind, channel };
  });
}
