import { eq, inArray, ne } from 'drizzle-orm';
import type { NotificationChannel, NotificationKind, NotificationSubject } from '../../../contract/notifications.ts';
import {
  mailOutbox,
  notificationPreferences,
  notifications,
  remindersSent,
  users,
  type MailAttachment,
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
  /** Files the mail carries (a scheduled report's PDF); the notification in the app links to the thing instead. */
  attachments?: MailAttachment[];
}

/** Creates notifications inside the transaction of the change they tell about. */
export interface Notifier {
  notify(scope: Scope, input: NotificationInput): Promise<void>;
  /** Several events at once, with one read of the people and their preferences and one insert of each kind of row. */
  notifyAll(scope: Scope, inputs: NotificationInput[]): Promise<void>;
}

/** Rows per insert: well under PostgreSQL's limit of bind parameters, and mail bodies kept to a few megabytes. */
const CHUNK = 500;
const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Who `input` goes to: each once, without the person acting. */
const recipientsOf = (input: NotificationInput) => [...new Set(input.to)].filter((id) => id !== input.payload.actor?.id);

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
  async function notifyAll(s: Scope, inputs: NotificationInput[]) {
    const wanted = inputs.map((input) => ({ input, ids: recipientsOf(input) })).filter((w) => w.ids.length > 0);
    const ids = [...new Set(wanted.flatMap((w) => w.ids))];
    if (ids.length === 0) return;
    const kinds = [...new Set(wanted.map((w) => w.input.kind))];
    const people = new Map<number, { id: number; name: string; email: string }>();
    const channelOf = new Map<string, NotificationChannel>();
    for (const part of chunks(ids)) {
      const [found, prefs] = await Promise.all([
        s.db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(s.where(users, inArray(users.id, part), ne(users.status, 'removed'))),
        s.db
          .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind, channel: notificationPreferences.channel })
          .from(notificationPreferences)
          .where(s.where(notificationPreferences, inArray(notificationPreferences.userId, part), inArray(notificationPreferences.kind, kinds))),
      ]);
      for (const p of found) people.set(p.id, p);
      for (const p of prefs) channelOf.set(`${p.userId} ${p.kind}`, p.channel);
    }
    // Each notification, and its mail when it goes by email (rendered now, sent by the outbox's worker).
    const told: { row: typeof notifications.$inferInsert; mail: Omit<typeof mailOutbox.$inferInsert, 'notificationId' | 'teamId'> | null }[] = [];
    for (const { input, ids: to } of wanted) {
      for (const id of to) {
        const person = people.get(id);
        if (!person) continue;
        const channel = channelOf.get(`${id} ${input.kind}`) ?? DEFAULT_CHANNEL;
        const inApp = inAppOf(channel);
        const byEmail = byEmailOf(channel) && mail !== null;
        if (!inApp && !byEmail) continue;
        const m = byEmail ? renderMail(mail, deps.secrets, { ...input, recipient: person }) : null;
        told.push({
          row: { teamId: s.teamId, userId: id, kind: input.kind, subject: input.subject, link: input.link, payload: input.payload, inApp },
          mail: m && { to: person.email, subject: m.subject, text: m.text, html: m.html, headers: m.headers, attachments: input.attachments ?? [] },
        });
      }
    }
    for (const part of chunks(told)) {
      // One multi-row INSERT answers its rows in the order given, so each id pairs with its mail.
      const rows = await s.insertMany(
        notifications,
        part.map((t) => t.row),
      );
      const mails = part.flatMap((t, i) => (t.mail ? [{ ...t.mail, notificationId: rows[i]!.id }] : []));
      if (mails.length) await s.insertMany(mailOutbox, mails);
    }
    if (told.length > 0) deps.ops?.metrics.inc(NOTIFICATIONS_CREATED, 'Notifications created (in the app, by email, or both).', told.length);
    if (mail && told.some((t) => t.mail)) nudge();
  }
  return { notifyAll, notify: (s, input) => notifyAll(s, [input]) };
}

/**
 * Notifies each of `input.to` at most once for `period`: the (person, kind, period) key goes into
 * `reminders_sent` with ON CONFLICT DO NOTHING in the caller's transaction, so a repeat of the event (the next
 * keystroke, a second run, another instance) finds it taken. Answers how many were newly told.
 */
export async function notifyOnce(s: Scope, notifier: Notifier, input: NotificationInput, period: string): Promise<number> {
  return (await notifyEachOnce(s, notifier, [{ input, period }])).length;
}

/** The `reminders_sent` keys of `kind` already taken for `periods`, each as `"<userId> <period>"`. */
export async function takenKeys(s: Scope, kind: NotificationKind, periods: string[]): Promise<Set<string>> {
  const rows = await s.db
    .select({ userId: remindersSent.userId, period: remindersSent.period })
    .from(remindersSent)
    .where(s.where(remindersSent, eq(remindersSent.kind, kind), inArray(remindersSent.period, periods)));
  return new Set(rows.map((t) => `${t.userId} ${t.period}`));
}

/** A (person, kind, period) key of `reminders_sent`. */
export interface OnceKey {
  userId: number;
  kind: NotificationKind;
  period: string;
}

/** `notifyOnce` for many events in one transaction: one insert claims every key, one `notifyAll` tells. Answers the keys claimed. */
export async function notifyEachOnce(s: Scope, notifier: Notifier, items: { input: NotificationInput; period: string }[]): Promise<OnceKey[]> {
  const keyOf = (k: OnceKey) => `${k.userId} ${k.kind} ${k.period}`;
  const keys = new Map<string, OnceKey>();
  for (const { input, period } of items)
    for (const userId of recipientsOf(input)) keys.set(keyOf({ userId, kind: input.kind, period }), { userId, kind: input.kind, period });
  const claimed: OnceKey[] = [];
  for (const part of chunks([...keys.values()])) {
    const rows = await s.db
      .insert(remindersSent)
      .values(part.map((k) => ({ ...k, teamId: s.teamId })))
      .onConflictDoNothing()
      .returning({ userId: remindersSent.userId, kind: remindersSent.kind, period: remindersSent.period });
    claimed.push(...(rows as OnceKey[]));
  }
  if (claimed.length === 0) return claimed;
  const taken = new Set(claimed.map(keyOf));
  await notifier.notifyAll(
    s,
    items.map(({ input, period }) => ({ ...input, to: recipientsOf(input).filter((userId) => taken.has(keyOf({ userId, kind: input.kind, period }))) })),
  );
  return claimed;
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
