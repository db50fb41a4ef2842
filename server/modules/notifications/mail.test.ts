import { count, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { MAILS_FAILED, MAILS_SENT, NOTIFICATIONS_CREATED } from '../../ops/metrics.ts';
import { setupTestApp, TEST_PUBLIC_URL, type TestContext, type TestUser } from '../../test/harness.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';
import { createMailWorker } from './mail.ts';

/*
 * Email through a real SMTP server on loopback (smtp-server): what arrives (headers, both parts, the link, the
 * one-click unsubscribe), retries, and a worker that dies between claiming and sending.
 */
let t: TestContext;
let mail: Awaited<ReturnType<typeof startSmtpInbox>>;
let A: TestUser, S: TestUser, M: TestUser;
let refuse = 0;
const WEB = 'http://web.test';

beforeAll(async () => {
  mail = await startSmtpInbox(() => refuse > 0 && refuse-- > 0);
  t = await setupTestApp({
    config: { smtpUrl: mail.url, mailFrom: 'Timekeep <noreply@timekeep.test>', webOrigins: [WEB] },
  });
  const r = await t.roles();
  [A, S, M] = [r.admin, r.supervisor, r.member];
});
afterAll(() => mail.close());

let week = 2610;
async function submit(u: TestUser, body: Record<string, unknown> = {}) {
  const w = week++;
  const r = await t.call('POST', `/timesheets/${timesheetId(u.id, w)}/approval`, { as: u, body: { sendNotification: true, ...body } });
  expect(r.status).toBe(200);
  return w;
}
const queued = async () => Number((await t.db.select({ n: count() }).from(mailOutbox))[0]!.n);
/** A header as sent (unfolded). */
const header = (m: ParsedMail, key: string) => {
  const line = m.headerLines.find((h) => h.key === key)?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r\n\s+/g, '')
    .trim();
};
const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address;

describe('an email round trip', () => {
  it('sends a text and an HTML part with the link, the product and a one-click unsubscribe that works', async () => {
    const before = mail.inbox.length;
    const w = await submit(M, { reviewer: A.id, comment: 'Ready <for> review' });
    const worker = createMailWorker(t.deps);
    expect(await worker.drain()).toBe(1);
    const got = mail.inbox.slice(before);
    expect(got).toHaveLength(1);
    const m = got[0]!;
    expect(to(m)).toBe(A.email);
    expect(m.from?.value[0]).toMatchObject({ name: 'Timekeep', address: 'noreply@timekeep.test' });
    expect(m.subject).toMatch(/submitted the week of .+ for approval/);
    const link = `${WEB}/approvals?open=${timesheetId(M.id, w)}`;
    expect(m.text).toContain(link);
    expect(m.text).toContain('Comment: Ready <for> review');
    expect(m.html).toContain(`href="${link}"`);
    expect(m.html).toContain('Ready &lt;for&gt; review');
    expect(m.html).toContain('#2f6f5e');
    expect(m.html).toContain('Timekeep');
    expect(m.messageId).toMatch(/^<notification-\d+@timekeep\.test>$/);
    expect(header(m, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = header(m, 'list-unsubscribe');
    expect(unsubscribe).toMatch(/^<https?:\/\/[^>]+>$/);
    const url = new URL(unsubscribe.slice(1, -1));
    expect(url.origin).toBe(TEST_PUBLIC_URL);
    expect(url.pathname).toBe('/notifications/unsubscribe');

    // The mail program's one-click POST (RFC 8058): no session, only the signed token.
    const res = await t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'week.waiting', channel: 'app' });
    const prefs = (await t.call('GET', '/users/me/notification-preferences', { as: A })).body;
    expect(prefs.emailEnabled).toBe(true);
    expect(prefs.preferences.find((p: { kind: string }) => p.kind === 'week.waiting').channel).toBe('app');
    expect(prefs.preferences.find((p: { kind: string }) => p.kind === 'week.rejected').channel).toBe('both');

    // From now on that kind reaches the admin in the app only.
    const q = await queued();
    const unread = (await t.call('GET', '/notifications', { as: A })).body.unread;
    await submit(M, { reviewer: A.id });
    expect(await queued()).toBe(q);
    expect((await t.call('GET', '/notifications', { as: A })).body.unread).toBe(unread + 1);

    // A token altered or made up is refused, and changes nothing.
    const forged = url.searchParams.get('token')!.replace(/^\d+/, String(S.id));
    expect((await t.call('POST', `/notifications/unsubscribe?token=${forged}`)).status).toBe(404);
    expect((await t.call('POST', '/notifications/unsubscribe?token=nonsense')).status).toBe(404);
  });

  it('email only: the mail goes out and nothing shows in the app', async () => {
    await t.call('PUT', '/users/me/notification-preferences', {
      as: M,
      body: { preferences: [{ kind: 'week.rejected', channel: 'email' }] },
    });
    const w = await submit(M);
    const before = mail.inbox.length;
    expect(
      (await t.call('PUT', `/timesheets/${timesheetId(M.id, w)}/approval`, { as: S, body: { status: 'rejected', comment: 'Add Friday' } }))
        .status,
    ).toBe(200);
    await createMailWorker(t.deps).drain();
    const mine = mail.inbox.slice(before).filter((m) => to(m) === M.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain('Comment: Add Friday');
    expect(mine[0]!.text).toContain(`${WEB}/timesheet?week=${w}`);
    const listed = (await t.call('GET', '/notifications', { as: M })).body.items;
    expect(listed.some((n: { kind: string }) => n.kind === 'week.rejected')).toBe(false);
  });
});

describe('delivery', () => {
  it('retries a refused mail later with backoff, and sends it once it is accepted', async () => {
    await t.db.delete(mailOutbox);
    await t.call('PUT', '/users/me/notification-preferences', {
      as: A,
      body: { preferences: [{ kind: 'week.waiting', channel: 'both' }] },
    });
    const failedBefore = t.deps.ops!.metrics.counter(MAILS_FAILED);
    refuse = 1;
    const before = mail.inbox.length;
    await submit(M, { reviewer: A.id });
    const now = new Date(Date.now() + 1_000);
    const worker = createMailWorker(t.deps, { clock: () => now, random: () => 0.5, retryBaseMs: 30_000 });
    expect(await worker.tick()).toBe(1);
    expect(mail.inbox.length).toBe(before);
    expect(t.deps.ops!.metrics.counter(MAILS_FAILED)).toBe(failedBefore + 1);
    const [row, ...more] = await t.db.select().from(mailOutbox);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, leaseId: null });
    expect(row!.lastError).toContain('Mailbox busy');
    expect(row!.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    expect(await worker.tick()).toBe(0); // not due yet
    const later = createMailWorker(t.deps, { clock: () => new Date(now.getTime() + 31_000) });
    expect(await later.drain()).toBe(1);
    expect(mail.inbox.length).toBe(before + 1);
    const [sent] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(sent).toMatchObject({ attempts: 2 });
    expect(sent!.sentAt).not.toBeNull();
  });

  it('a worker that dies after claiming loses nothing: after its lease another sends the mail, exactly once', async () => {
    await t.db.delete(mailOutbox);
    const sentBefore = t.deps.ops!.metrics.counter(MAILS_SENT);
    const before = mail.inbox.length;
    await submit(M, { reviewer: A.id });
    const now = new Date(Date.now() + 1_000);
    const dead = createMailWorker(t.deps, { clock: () => now, leaseMs: 60_000 });
    const claimed = await dead.claim();
    expect(claimed.rows).toHaveLength(1); // claimed, then the process dies before sending

    // Another instance meanwhile: the row is leased, so nothing goes twice.
    expect(await createMailWorker(t.deps, { clock: () => new Date(now.getTime() + 59_000) }).drain()).toBe(0);
    expect(mail.inbox.length).toBe(before);
    // After the lease, it is sent once; later passes find nothing.
    const other = createMailWorker(t.deps, { clock: () => new Date(now.getTime() + 61_000) });
    expect(await other.drain()).toBe(1);
    expect(await other.drain()).toBe(0);
    expect(mail.inbox.length).toBe(before + 1);
    expect(mail.inbox.at(-1)!.subject).toMatch(/submitted the week/);
    // The dead worker's late write finds its lease gone and sends nothing more.
    const row = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, claimed.rows[0]!.id)))[0]!;
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(2);
    expect(t.deps.ops!.metrics.counter(MAILS_SENT)).toBe(sentBefore + 1);
  });

  it('counts notifications and mail in /metrics', async () => {
    expect(t.deps.ops!.metrics.counter(NOTIFICATIONS_CREATED)).toBeGreaterThan(0);
    const text = t.deps.ops!.metrics.render();
    expect(text).toContain(`${NOTIFICATIONS_CREATED} `);
    expect(text).toContain(`${MAILS_SENT} `);
    expect(text).toContain(`${MAILS_FAILED} `);
  });
});
