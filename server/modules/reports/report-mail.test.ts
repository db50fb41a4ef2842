import type { ParsedMail } from 'mailparser';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';
import { createMailWorker } from '../notifications/mail.ts';
import { runReportMails, sendsOn } from './mail.ts';

/*
 * (Each run covers every team: a scenario checks its own people.)
 * Saved reports sent by email on a fixed clock, on the real database and API and a real SMTP server on loopback.
 * The week of Monday 30 November 2026; the team's weeks start on Monday and its digest time is 09:00. Each
 * scenario has its own team.
 */
let t: TestContext;
let mail: Awaited<ReturnType<typeof startSmtpInbox>>;
const WEB = 'http://web.test';
const BERLIN = 1;

beforeAll(async () => {
  mail = await startSmtpInbox();
  t = await setupTestApp({
    config: { smtpUrl: mail.url, mailFrom: 'Timekeep <noreply@timekeep.test>', webOrigins: [WEB] },
  });
});
afterAll(() => mail.close());

const run = (at: string) => runReportMails(t.deps, new Date(at));

async function team() {
  const tm = await t.team();
  const admin = await t.user(tm.id, 'admin', { timezone: BERLIN, name: `Ada ${tm.id}` });
  const supervisor = await t.user(tm.id, 'supervisor', { name: `Sam ${tm.id}` });
  const member = await t.user(tm.id, 'member', { name: `Mo ${tm.id}`, cost: 4000 });
  const limited = await t.user(tm.id, 'member_limited', { name: `Li ${tm.id}` });
  // Last week (23 to 29 November): the admin 2 hours, the member 3.
  for (const [u, hours, date] of [
    [admin, 2, '2026-11-24'],
    [member, 3, '2026-11-25'],
  ] as const) {
    const r = await t.call('POST', '/time', { as: u, body: { time: hours * 3600, date } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  return { admin, supervisor, member, limited };
}

const save = (as: TestUser, body: Record<string, unknown>) =>
  t.call('POST', '/reports/saved', {
    as,
    body: { name: 'Team last week', tab: 'people', period: 'lastWeek', filters: {}, shared: true, ...body },
  });

const mailsTo = (u: TestUser) => mail.inbox.filter((m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === u.email);
const pdfText = async (m: ParsedMail) => {
  const file = m.attachments[0]!;
  return (await extractText(new Uint8Array(file.content), { mergePages: true })).text.replace(/\s+/g, ' ');
};

describe('saved reports by email', () => {
  it('go out on the team’s first weekday at the digest time in each recipient’s time zone, once, each as the recipient may see it', async () => {
    const a = await team();
    const made = await save(a.admin, { email: { every: 'week', to: [a.admin.id, a.supervisor.id, a.member.id] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.email).toEqual({ every: 'week', to: [a.admin.id, a.supervisor.id, a.member.id] });
    // Whom a shared report goes to is its owner's to know.
    const listed = (await t.call('GET', '/reports/saved', { as: a.member })).body.find((r: { id: number }) => r.id === made.body.id);
    expect(listed).toMatchObject({ shared: true, email: null });

    // Monday 07:30 UTC: 08:30 in Berlin, 07:30 for the others: too early for everyone.
    expect(await run('2026-11-30T07:30:00Z')).toBe(0);
    // 08:00 UTC: 09:00 in Berlin.
    expect(await run('2026-11-30T08:00:00Z')).toBe(1);
    expect(await run('2026-11-30T09:00:00Z')).toBe(2);
    // Again that day, or on Tuesday: nothing.
    expect(await run('2026-11-30T09:00:00Z')).toBe(0);
    expect(await run('2026-12-01T09:00:00Z')).toBe(0);

    const [note] = (await t.call('GET', '/notifications', { as: a.member })).body.items;
    expect(note).toMatchObject({
      kind: 'report.scheduled',
      title: 'Team last week: your weekly report for 23 Nov 2026 to 29 Nov 2026',
      subject: { type: 'report', id: made.body.id, tab: 'people', filters: { from: '2026-11-23', to: '2026-11-29' } },
    });

    await createMailWorker(t.deps).drain();
    const [toAdmin, toSupervisor, toMember] = [mailsTo(a.admin), mailsTo(a.supervisor), mailsTo(a.member)];
    for (const got of [toAdmin, toSupervisor, toMember]) expect(got).toHaveLength(1);
    const m = toAdmin[0]!;
    expect(m.subject).toBe('Team last week: your weekly report for 23 Nov 2026 to 29 Nov 2026');
    expect(m.text).toContain('- Total time: 5:00');
    expect(m.text).toContain(`Open the live report: ${WEB}/reports/people?from=2026-11-23&to=2026-11-29`);
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]).toMatchObject({ filename: 'timekeep-people-2026-11-23-to-2026-11-29.pdf', contentType: 'application/pdf' });

    const admins = await pdfText(m);
    expect(admins).toContain('People report');
    expect(admins).toContain('2026-11-23 – 2026-11-29');
    expect(admins).toContain(`Mo ${a.admin.teamId}`);
    expect(admins).toContain(`Ada ${a.admin.teamId}`);
    expect(admins).toContain('Costs and profit');
    const supervisors = await pdfText(toSupervisor[0]!);
    expect(supervisors).toContain('Billable amounts and expenses');
    expect(supervisors).not.toContain('Costs and profit');
    // The member's copy holds their own time alone, and no money.
    const members = await pdfText(toMember[0]!);
    expect(members).toContain(`Mo ${a.admin.teamId}`);
    expect(members).not.toContain(`Ada ${a.admin.teamId}`);
    expect(members).toContain('Total time 3:00');
    expect(members).not.toContain('Billable amount');
    expect(toMember[0]!.text).not.toContain('Ada');
  });

  it('each month on the 1st over last month; a person who turned the kind off gets no mail', async () => {
    const a = await team();
    const made = await save(a.supervisor, { name: 'Monthly', period: 'lastMonth', email: { every: 'month', to: [a.supervisor.id, a.admin.id] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const pref = await t.call('PUT', '/users/me/notification-preferences', {
      as: a.admin,
      body: { preferences: [{ kind: 'report.scheduled', channel: 'app' }] },
    });
    expect(pref.status, JSON.stringify(pref.body)).toBe(200);
    expect(await run('2026-11-30T12:00:00Z')).toBe(0);
    expect(await run('2026-12-01T12:00:00Z')).toBe(2);
    await createMailWorker(t.deps).drain();
    const [m] = mailsTo(a.supervisor);
    expect(m!.subject).toBe('Monthly: your monthly report for 1 Nov 2026 to 30 Nov 2026');
    expect(await pdfText(m!)).toContain('Total time 5:00');
    expect(mailsTo(a.admin)).toEqual([]);
    expect((await t.call('GET', '/notifications', { as: a.admin })).body.items[0]).toMatchObject({ kind: 'report.scheduled' });
  });

  it('refuses recipients who are not active people of the team who may open the tab and see the report', async () => {
    const a = await team();
    const b = await team();
    const refused = async (as: TestUser, body: Record<string, unknown>) => {
      const r = await save(as, body);
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      return r.body.errors['email.to'][0] as string;
    };
    expect(await refused(a.admin, { email: { every: 'week', to: [b.member.id] } })).toBe(`No active person with id ${b.member.id} in the team`);
    expect(await refused(a.admin, { email: { every: 'week', to: [a.limited.id] } })).toBe(`Li ${a.admin.teamId} cannot open the people report`);
    expect(await refused(a.admin, { tab: 'clients', email: { every: 'week', to: [a.member.id] } })).toBe(`Mo ${a.admin.teamId} cannot open the clients report`);
    expect(await refused(a.admin, { shared: false, email: { every: 'week', to: [a.admin.id, a.supervisor.id] } })).toBe(
      'Share the report to send it to others than you',
    );
    expect(await refused(a.admin, { filters: { person: a.admin.id }, email: { every: 'week', to: [a.member.id] } })).toContain('only their own time');
    const bad = await save(a.admin, { email: { every: 'day', to: [] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ 'email.every': ['Must be week or month'], 'email.to': ['Choose who gets it'] });
    // A private report the owner sends to themselves is fine.
    expect((await save(a.member, { shared: false, email: { every: 'week', to: [a.member.id] } })).status).toBe(201);
  });

  it('stops for a recipient who can no longer open the tab', async () => {
    const a = await team();
    expect((await save(a.admin, { email: { every: 'week', to: [a.admin.id, a.member.id] } })).status).toBe(201);
    const demoted = await t.call('PUT', `/team/users/${a.member.id}`, { as: a.admin, body: { role: 'member_limited' } });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    await run('2026-12-07T12:00:00Z');
    const reportsOf = async (u: TestUser) =>
      ((await t.call('GET', '/notifications', { as: u })).body.items as { kind: string }[]).filter((n) => n.kind === 'report.scheduled');
    expect(await reportsOf(a.admin)).toHaveLength(1);
    expect(await reportsOf(a.member)).toEqual([]);
  });

  it('sendsOn: the weekday the team’s weeks start on, or the 1st of the month', () => {
    expect(sendsOn('week', '2026-11-30', 1)).toBe(true);
    expect(sendsOn('week', '2026-11-29', 1)).toBe(false);
    expect(sendsOn('week', '2026-11-29', 0)).toBe(true);
    expect(sendsOn('month', '2026-12-01', 1)).toBe(true);
    expect(sendsOn('month', '2026-12-02', 1)).toBe(false);
  });
});
