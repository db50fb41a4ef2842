import { eq, inArray, ne } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind, NotificationSubject } from '../../../contract/notifications.ts';
import {
  mailOutbox,
  notificationPreferences,
  notifications,
  remindersSent,
  users,
  type NotificationPayload,
} from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Deps } from '../../http/env.ts';
import { NOTIFICATIONS_CREATED } from '../../ops/metrics.ts';
import { renderMail, type MailSettings } from './render.ts';

/** What one event tells the people it concerns. */
export interface NotificationInput {
  kind: NotificationKind;
  /** Who it goes to (the acting person and anyone no longer on the team are left out). */
  to: number[];
  subject: NotificationSubject;
  /** Path of the thing itself in the web app. */
  link: string;
  payload: NotificationPayload;
}

/** Creates notifications inside the transaction of the change they tell about. */
export interface Notifier {
  notify(scope: Scope, input: NotificationInput): Promise<void>;
}

/** A channel for each kind without a stored preference. */
export const DEFAULT_CHANNEL: NotificationChannel = 'both';

const inAppOf = (c: NotificationChannel) => c === 'app' || c === 'both';
const byEmailOf = (c: NotificationChannel) => c === 'email' || c === 'both';

/**
 * Workers in this process listen here so a new mail is sent soon after its transaction commits rather than at
 * the next poll (a nudge before the commit finds nothing; the poll still covers it).
 */
const listeners = new Set<() => void>();
export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function nudge() {
  if (listeners.size === 0) return;
  setTimeout(() => listeners.forEach((l) => l()), 5).unref?.();
}

/** Mail settings from the configuration, or null when SMTP is off (then nothing is queued for email). */
export function mailSettingsOf(deps: Pick<Deps, 'config'>): MailSettings | null {
  const { config } = deps;
  if (!config.smtpUrl) return null;
  return {
    from: config.mailFrom ?? 'Timekeep <timekeep@localhost>',
    webUrl: config.webOrigins[0] ?? config.publicUrl,
    apiUrl: config.publicUrl,
  };
}

export function createNotifier(deps: Pick<Deps, 'config' | 'secrets' | 'ops'>): Notifier {
  const mail = mailSettingsOf(deps);
  return {
    async notify(s, input) {
      const actorId = input.payload.actor?.id;
      const ids = [...new Set(input.to)].filter((id) => id !== actorId);
      if (ids.length === 0) return;
      const people = await s.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(s.where(users, inArray(users.id, ids), ne(users.status, 'removed')));
      if (people.length === 0) return;
      const prefs = await s.db
        .select({ userId: notificationPreferences.userId, channel: notificationPreferences.channel })
        .from(notificationPreferences)
        .where(
          s.where(
            notificationPreferences,
            inArray(
              notificationPreferences.userId,
              people.map((p) => p.id),
            ),
            eq(notificationPreferences.kind, input.kind),
          ),
        );
      const channelOf = new Map(prefs.map((p) => [p.userId, p.channel]));
      let created = 0;
      for (const person of people) {
        const channel = channelOf.get(person.id) ?? DEFAULT_CHANNEL;
        const inApp = inAppOf(channel);
        const byEmail = byEmailOf(channel) && mail !== null;
        if (!inApp && !byEmail) continue;
        const row = await s.insert(notifications, {
          userId: person.id,
          kind: input.kind,
          subject: input.subject,
          link: input.link,
          payload: input.payload,
          inApp,
        });
        created++;
        if (byEmail) {
          const m = renderMail(mail, deps.secrets, { ...input, recipient: person });
          await s.insert(mailOutbox, {
            notificationId: row.id,
            to: person.email,
            subject: m.subject,
            text: m.text,
            html: m.html,
            headers: m.headers,
          });
        }
      }
      if (created > 0) deps.ops?.metrics.inc(NOTIFICATIONS_CREATED, 'Notifications created (in the app, by email, or both).', created);
      if (mail) nudge();
    },
  };
}

/**
 * Notifies each of `input.to` at most once for `period`: the (person, kind, period) key goes into
 * `reminders_sent` with ON CONFLICT DO NOTHING in the caller's transaction, so a repeat of the event (the next
 * keystroke, a second run, another instance) finds it taken. Answers how many were newly told.
 */
export async function notifyOnce(s: Scope, notifier: Notifier, input: NotificationInput, period: string): Promise<number> {
  const actorId = input.payload.actor?.id;
  const ids = [...new Set(input.to)].filter((id) => id !== actorId);
  if (ids.length === 0) return 0;
  const claimed = await s.db
    .insert(remindersSent)
    .values(ids.map((userId) => ({ teamId: s.teamId, userId, kind: input.kind, period })))
    .onConflictDoNothing()
    .returning({ userId: remindersSent.userId });
  if (claimed.length > 0) await notifier.notify(s, { ...input, to: claimed.map((c) => c.userId) });
  return claimed.length;
}

/** Active admins and supervisors of the team (or admins only), for "waits for you". */
export async function reviewersOf(s: Scope, roles: ('admin' | 'supervisor')[]): Promise<number[]> {
  const rows = await s.db
    .select({ id: users.id })
    .from(users)
    .where(s.where(users, inArray(users.role, roles), ne(users.status, 'removed'), ne(users.status, 'invited')));
  return rows.map((r) => r.id);
}

const notifiers = new WeakMap<object, Notifier>();
/** The app's notifier (one per set of deps). */
export function notifierFor(deps: Pick<Deps, 'config' | 'secrets' | 'ops'>): Notifier {
  let n = notifiers.get(deps);
  if (!n) notifiers.set(deps, (n = createNotifier(deps)));
  return n;
}
