import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';
import { createMailWorker } from '../notifications/mail.ts';
import { runDigests } from './digest.ts';

/*
 * (Each run covers every team; the first scenario's teams are the only ones then, later ones check their own people.)
 * The reviewer's daily digest on a fixed clock, on the real database, API and a real SMTP server on loopback:
 * reviewers in Berlin (+1) and Tokyo (+9) in the week of Monday 23 November 2026, digest at the default 09:00.
 * Each scenario has its own team, so one's waiting weeks never count in another's.
 */
let t: TestContext;
let mail: Awaited<ReturnType<typeof startSmtpInbox>>;
const WEB = 'http://web.test';
const BERLIN = 1;
const TOKYO = 9;

beforeAll(async () => {
  mail = await startSmtpInbox();
  t = await setupTestApp({
    config: { smtpUrl: mail.url, mailFrom: 'Timekeep <noreply@timekeep.test>', webOrigins: [WEB] },
  });
});
afterAll(() => mail.close());

const run = (at: string) => runDigests(t.deps, new Date(at));
const digestsOf = async (u: TestUser) =>
  ((await t.call('GET', '/notifications?limit=200', { as: u })).body.items as { kind: string; title: string; subject: unknown }[]).filter(
    (n) => n.kind === 'digest.waiting',
  );
async function submit(u: TestUser, week: number, body: Record<string, unknown> = {}) {
  const r = await t.call('POST', `/timesheets/${timesheetId(u.id, week)}/approval`, { as: u, body: { comment: '', ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
async function requestTimeOff(u: TestUser, startDate: string) {
  const r = await t.call('POST', '/resource-planner/assignments/time-off', {
    as: u,
    body: { startDate, endDate: startDate, note: 'Dentist' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}
async function team() {
  const tm = await t.team();
  const admin = await t.user(tm.id, 'admin', { timezone: BERLIN, name: `Ada ${tm.id}` });
  const supervisor = await t.user(tm.id, 'supervisor', { timezone: TOKYO });
  const member = await t.user(tm.id, 'member', { name: `Mo ${tm.id}` });
  const limited = await t.user(tm.id, 'member_limited', { name: `Li ${tm.id}` });
  return { admin, supervisor, member, limited };
}

describe('the reviewer’s daily digest', () => {
  it('at 09:00 in each reviewer’s own time: what waits for them, once a day, never another team’s', async () => {
    const a = await team();
    const b = await team();
    await submit(a.member, 2648);
    await submit(a.limited, 2647, { reviewer: a.supervisor.id }); // asked of the supervisor only
    await requestTimeOff(a.member, '2026-12-10'); // only admins decide time off

    // 07:30 UTC: 08:30 in Berlin (not yet), 16:30 in Tokyo.
    expect(await run('2026-11-24T07:30:00Z')).toBe(1);
    expect(await digestsOf(a.admin)).toEqual([]);
    const [sup] = await digestsOf(a.supervisor);
    expect(sup).toMatchObject({ title: '2 weeks wait for your review', subject: { type: 'digest', date: '2026-11-24' } });
    // 08:00 UTC: 09:00 in Berlin.
    expect(await run('2026-11-24T08:00:00Z')).toBe(1);
    const [adm] = await digestsOf(a.admin);
    expect(adm).toMatchObject({
      title: '1 week and 1 time-off request wait for your review',
      subject: { type: 'digest', date: '2026-11-24' },
    });
    // Twice, or later that day: nothing again. Nobody of team b (nothing waits there) nor the members hear anything.
    expect(await run('2026-11-24T08:00:00Z')).toBe(0);
    expect(await run('2026-11-24T15:00:00Z')).toBe(0);
    for (const u of [b.admin, b.supervisor, a.member, a.limited]) expect(await digestsOf(u)).toEqual([]);
    // The next workday: again, as long as something waits.
    expect(await run('2026-11-25T08:00:00Z')).toBe(2);
    expect(await digestsOf(a.admin)).toHaveLength(2);
  });

  it('not on weekends, not when nothing waits, not when the team turns it off; 09:00 is the default digestAt', async () => {
    const a = await team();
    const schedule = (await t.call('GET', '/team/reminders', { as: a.admin })).body;
    expect(schedule).toMatchObject({ digestOn: true, digestAt: '09:00' });
    await run('2026-11-24T12:00:00Z'); // nothing waits in this team
    expect(await digestsOf(a.admin)).toEqual([]);
    await submit(a.member, 2648);
    await run('2026-11-28T12:00:00Z'); // Saturday
    expect(await digestsOf(a.admin)).toEqual([]);
    // A schedule sent without the digest's fields keeps them; then the admin turns the digest off.
    const { digestOn: _on, digestAt: _at, ...older } = schedule;
    const kept = await t.call('PUT', '/team/reminders', { as: a.admin, body: { ...older, submitAt: '15:00' } });
    expect(kept.body).toMatchObject({ submitAt: '15:00', digestOn: true, digestAt: '09:00' });
    const off = await t.call('PUT', '/team/reminders', { as: a.admin, body: { ...kept.body, digestOn: false, digestAt: '07:15' } });
    expect(off.status).toBe(200);
    await run('2026-11-30T12:00:00Z');
    expect(await digestsOf(a.admin)).toEqual([]);
    expect(await digestsOf(a.supervisor)).toEqual([]);
    const bad = await t.call('PUT', '/team/reminders', { as: a.admin, body: { ...kept.body, digestAt: '25:00' } });
    expect(bad.status).toBe(422);
    expect((await t.call('PUT', '/team/reminders', { as: a.member, body: kept.body })).status).toBe(403);
  });

  it('arrives by email with the list in both parts, the link to Approvals and a one-click unsubscribe', async () => {
    const a = await team();
    await submit(a.member, 2648);
    await submit(a.limited, 2649);
    await run('2026-12-02T08:10:00Z');
    expect(await digestsOf(a.admin)).toHaveLength(1);
    await createMailWorker(t.deps).drain();
    const m = mail.inbox.find((x) => (Array.isArray(x.to) ? x.to[0] : x.to)?.value[0]?.address === a.admin.email);
    expect(m, 'the admin’s digest arrived').toBeDefined();
    expect(m!.subject).toBe('2 weeks wait for your review');
    expect(m!.text).toMatch(/- Mo \d+: week of 23 Nov 2026 \(timesheet \d+2648\)/);
    expect(m!.text).toMatch(/- Li \d+: week of 30 Nov 2026 \(timesheet \d+2649\)/);
    expect(m!.text).toContain(`Review them: ${WEB}/approvals`);
    expect(m!.html).toMatch(/<li[^>]*>Mo \d+: week of 23 Nov 2026/);
    expect(m!.html).toContain(`href="${WEB}/approvals"`);
    const line = m!.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.replace(/\r\n\s+/g, '');
    const url = new URL(line.slice(line.indexOf('<') + 1, line.indexOf('>')));
    expect(url.pathname).toBe('/notifications/unsubscribe');
    // The mail program's one-click POST (RFC 8058) turns the digest's email off, leaving it in the app.
    const res = await t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'digest.waiting', channel: 'app' });
  });
});
