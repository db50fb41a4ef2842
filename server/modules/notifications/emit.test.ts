import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notificationPreferences, notifications, remindersSent, users } from '../../db/schema/index.ts';
import { Scope } from '../../db/scope.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { createNotifier, notifyEachOnce, type NotificationInput } from './emit.ts';

/*
 * Many events told at once (the scheduler's reminders and digests): more people than one insert takes, keys
 * already taken left out, each person's preference followed, and every mail paired with its own notification.
 */
let t: TestContext;
const PEOPLE = 620; // more than one chunk of 500 rows

beforeAll(async () => {
  t = await setupTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:9' } });
});

const reminder = (userId: number): NotificationInput => ({
  kind: 'reminder.submit',
  to: [userId],
  subject: { type: 'timesheet', id: userId * 10000 + 2648, user: userId, weekId: 2648 },
  link: `/timesheet?week=2648&person=${userId}`,
  payload: { title: `Reminder for ${userId}`, comment: '', actor: null },
});

describe('notifyEachOnce', () => {
  it('tells each person once across chunks, skips taken keys and preferences of none, and pairs each mail with its notification', async () => {
    const tm = await t.team();
    const s = new Scope(t.db, tm.id);
    const rows = await s.insertMany(
      users,
      Array.from({ length: PEOPLE }, (_, i) => ({
        name: `Person ${i}`,
        email: `p${i}-${tm.id}@example.test`,
        role: 'member' as const,
        apiKeyEnc: t.deps.secrets.encrypt(`emit-${tm.id}-${i}`),
        apiKeyHash: t.deps.secrets.hash(`emit-${tm.id}-${i}`),
      })),
    );
    const ids = rows.map((r) => r.id);
    const [takenBefore, appOnly, none] = [ids[3]!, ids[550]!, ids[600]!];
    await s.insert(remindersSent, { userId: takenBefore, kind: 'reminder.submit', period: '2026-11-27' });
    await s.insertMany(notificationPreferences, [
      { userId: appOnly, kind: 'reminder.submit', channel: 'app' },
      { userId: none, kind: 'reminder.submit', channel: 'none' },
    ]);

    const notifier = createNotifier(t.deps);
    const items = ids.map((id) => ({ input: reminder(id), period: '2026-11-27' }));
    const claimed = await s.tx((tx) => notifyEachOnce(tx, notifier, items));
    expect(claimed).toHaveLength(PEOPLE - 1);
    expect(claimed.map((c) => c.userId)).not.toContain(takenBefore);
    // Asked again (another instance, a second run): every key is taken, nobody is told twice.
    expect(await s.tx((tx) => notifyEachOnce(tx, notifier, items))).toEqual([]);

    const told = await t.db
      .select({ id: notifications.id, userId: notifications.userId, link: notifications.link, inApp: notifications.inApp })
      .from(notifications)
      .where(and(eq(notifications.teamId, tm.id), inArray(notifications.userId, ids)));
    expect(told).toHaveLength(PEOPLE - 2); // not the taken key, not the person who wants none
    expect(new Set(told.map((n) => n.userId)).size).toBe(told.length);
    expect(told.find((n) => n.userId === none)).toBeUndefined();
    for (const n of told) expect(n.link).toBe(`/timesheet?week=2648&person=${n.userId}`);

    const mails = await t.db
      .select({ notificationId: mailOutbox.notificationId, to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(inArray(mailOutbox.notificationId, told.map((n) => n.id)));
    expect(mails).toHaveLength(PEOPLE - 3); // nor the person who wants it in the app only
    const emailOf = new Map(rows.map((r) => [r.id, r.email]));
    const ownerOf = new Map(told.map((n) => [n.id, n.userId]));
    for (const m of mails) {
      const owner = ownerOf.get(m.notificationId)!;
      expect(m.to).toBe(emailOf.get(owner));
      expect(m.subject).toContain(`Reminder for ${owner}`);
    }
    expect(mails.find((m) => ownerOf.get(m.notificationId) === appOnly)).toBeUndefined();
  });
});
