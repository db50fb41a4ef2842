import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { fixtures } from '../../test/time-fixtures.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { runReminders, type ReminderCounts } from './run.ts';
import { startReminders } from './worker.ts';

/*
 * The scheduler on a fixed clock, on the real database and API: people of three time zones (UTC offsets as their
 * profiles hold them: Berlin +1, New York -5, Tokyo +9 in November) in the week of Monday 23 November 2026,
 * team week starting Monday. Each scenario has its own team so one's people never count in another's.
 */
let t: TestContext;
let now = new Date('2026-11-23T00:00:00Z');
const BERLIN = 1;
const NEW_YORK = -5;
const TOKYO = 9;
const WEEK = 2648; // 23 to 29 November 2026

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
});

const run = (at: string) => runReminders(t.deps, new Date(at));
const counts = (submit: number, missing: number, timer: number): ReminderCounts => ({
  'reminder.submit': submit,
  'reminder.missing': missing,
  'reminder.timer': timer,
});
const kinds = async (u: TestUser) =>
  (await t.call('GET', '/notifications?limit=200', { as: u })).body.items.map((n: { kind: string }) => n.kind).sort() as string[];
async function log(u: TestUser, date: string, hours: number) {
  const r = await t.call('POST', '/time', { as: u, body: { time: hours * 3600, date } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}
async function setSchedule(admin: TestUser, change: Record<string, unknown>) {
  const current = (await t.call('GET', '/team/reminders', { as: admin })).body;
  const r = await t.call('PUT', '/team/reminders', { as: admin, body: { ...current, ...change } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
async function timeOff(admin: TestUser, u: TestUser, startDate: string, endDate = startDate) {
  const r = await t.call('POST', '/resource-planner/assignments/time-off', {
    as: admin,
    body: { user: u.id, startDate, endDate, status: 'approved', considerAllocations: false },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.status).toBe('approved');
}
/**
 * A team with its schedule changed; its admin (no capacity, no time, no timer) is never reminded, so the counts
 * of a run are those of the people the tests make.
 */
async function team(change: Record<string, unknown>) {
  const tm = await t.team();
  const admin = await t.user(tm.id, 'admin');
  await t.db.update(users).set({ capacity: 0 }).where(eq(users.id, admin.id));
  await setSchedule(admin, change);
  return { id: tm.id, admin, person: (timezone: number, role: 'member' | 'supervisor' = 'member') => t.user(tm.id, role, { timezone }) };
}

describe('submit reminder', () => {
  it('comes at local 16:00 on the last workday in each time zone, not before, only to the person, not on time off', async () => {
    const tm = await team({ missingOn: false, timerOn: false });
    const [berlin, newYork, tokyo, away, submitted, idle] = await Promise.all([
      tm.person(BERLIN),
      tm.person(NEW_YORK),
      tm.person(TOKYO, 'supervisor'),
      tm.person(BERLIN),
      tm.person(BERLIN),
      tm.person(BERLIN),
    ]);
    for (const u of [berlin, newYork, tokyo, away, submitted]) await log(u, '2026-11-24', 6);
    await timeOff(tm.admin, away, '2026-11-27');
    const sub = await t.call('POST', `/timesheets/${timesheetId(submitted.id, WEEK)}/approval`, { as: submitted, body: {} });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const outsider = await (await team({ missingOn: false, timerOn: false })).person(BERLIN);
    await log(outsider, '2026-11-24', 6);

    // Tokyo's Friday 16:00 is 07:00 UTC, Berlin's 15:00 UTC, New York's 21:00 UTC.
    expect(await run('2026-11-27T06:59:00Z')).toEqual(counts(0, 0, 0));
    expect(await run('2026-11-27T07:00:00Z')).toMatchObject({ 'reminder.submit': 1 });
    expect(await kinds(tokyo)).toEqual(['reminder.submit']);
    expect(await kinds(berlin)).toEqual([]);
    expect(await run('2026-11-27T14:59:00Z')).toMatchObject({ 'reminder.submit': 0 });
    // The outsider, in another team, gets theirs.
    const at15 = await run('2026-11-27T15:00:00Z');
    expect(await kinds(berlin)).toEqual(['reminder.submit']);
    expect(await kinds(outsider)).toEqual(['reminder.submit']);
    expect(at15['reminder.submit']).toBe(2);
    expect(await kinds(newYork)).toEqual([]);
    expect(await run('2026-11-27T20:59:00Z')).toMatchObject({ 'reminder.submit': 0 });
    expect(await run('2026-11-27T21:00:00Z')).toMatchObject({ 'reminder.submit': 1 });
    expect(await kinds(newYork)).toEqual(['reminder.submit']);

    // Time off on the Friday, a week already submitted, a week without time: nothing. Nobody hears of another's week.
    for (const u of [away, submitted, idle]) expect(await kinds(u)).toEqual([]);
    expect((await kinds(tm.admin)).filter((k) => k.startsWith('reminder.'))).toEqual([]);

    const [n] = (await t.call('GET', '/notifications', { as: berlin })).body.items;
    expect(n).toMatchObject({
      kind: 'reminder.submit',
      subject: { type: 'timesheet', id: timesheetId(berlin.id, WEEK), user: berlin.id, weekId: WEEK },
      actor: null,
      readAt: null,
    });
    expect(n.title).toMatch(/submit your week of 23 Nov 2026 \(6:00 logged\)/);
  });

  it('is sent once: running again, later, or twice at the same moment at once sends nothing more', async () => {
    const tm = await team({ missingOn: false, timerOn: false });
    const people = await Promise.all([tm.person(BERLIN), tm.person(BERLIN), tm.person(NEW_YORK)]);
    for (const u of people) await log(u, '2026-11-25', 3);
    expect(await run('2026-11-27T14:59:00Z')).toEqual(counts(0, 0, 0));
    const racing = await Promise.all([run('2026-11-27T15:30:00Z'), run('2026-11-27T15:30:00Z'), run('2026-11-27T15:30:00Z')]);
    expect(racing.reduce((sum, c) => sum + c['reminder.submit'], 0)).toBe(2);
    expect(await run('2026-11-27T15:30:00Z')).toEqual(counts(0, 0, 0));
    expect(await run('2026-11-27T16:45:00Z')).toEqual(counts(0, 0, 0));
    expect(await kinds(people[0]!)).toEqual(['reminder.submit']);
    expect(await kinds(people[1]!)).toEqual(['reminder.submit']);

    const late = await Promise.all([run('2026-11-27T21:00:00Z'), run('2026-11-27T21:00:00Z')]);
    expect(late.map((c) => c['reminder.submit']).sort()).toEqual([0, 1]);
    expect(await kinds(people[2]!)).toEqual(['reminder.submit']);
  });
});

describe('missing-time reminder', () => {
  it('comes at 10:00 the next workday (across the weekend) only under the threshold of the daily capacity, and not over time off', async () => {
    const tm = await team({ submitOn: false, timerOn: false });
    const [short, enough, offFriday, offMonday, tokyo] = await Promise.all([
      tm.person(BERLIN),
      tm.person(BERLIN),
      tm.person(BERLIN),
      tm.person(BERLIN),
      tm.person(TOKYO),
    ]);
    // 8 h days (40 h a week): under 4 h is short at the default 50 %.
    await log(short, '2026-11-27', 3.5);
    await log(enough, '2026-11-27', 4);
    await log(offFriday, '2026-11-26', 8);
    await timeOff(tm.admin, offFriday, '2026-11-27');
    await timeOff(tm.admin, offMonday, '2026-11-30');
    // Tokyo's Monday 10:00 is Monday 01:00 UTC; Berlin's is 09:00 UTC.
    expect(await run('2026-11-30T00:59:00Z')).toEqual(counts(0, 0, 0));
    expect(await run('2026-11-30T01:00:00Z')).toMatchObject({ 'reminder.missing': 1 });
    expect(await kinds(tokyo)).toEqual(['reminder.missing']);
    expect(await run('2026-11-30T08:59:00Z')).toMatchObject({ 'reminder.missing': 0 });
    expect(await run('2026-11-30T09:00:00Z')).toMatchObject({ 'reminder.missing': 1 });
    expect(await kinds(short)).toEqual(['reminder.missing']);
    for (const u of [enough, offFriday, offMonday]) expect(await kinds(u)).toEqual([]);
    expect(await run('2026-11-30T12:00:00Z')).toMatchObject({ 'reminder.missing': 0 });

    const [n] = (await t.call('GET', '/notifications', { as: short })).body.items;
    expect(n.title).toMatch(/Friday 27 Nov 2026 has 3:30 logged of your 8:00 day/);
    expect(n.subject).toEqual({ type: 'timesheet', id: timesheetId(short.id, WEEK), user: short.id, weekId: WEEK });
  });

  it('follows the threshold the admin sets', async () => {
    const tm = await team({ submitOn: false, timerOn: false, missingThreshold: 75 });
    const u = await tm.person(BERLIN);
    await log(u, '2026-11-24', 5.5); // under 6 h
    await log(u, '2026-11-25', 6);
    await run('2026-11-25T09:00:00Z');
    expect(await kinds(u)).toEqual(['reminder.missing']);
    await run('2026-11-26T09:00:00Z');
    expect(await kinds(u)).toEqual(['reminder.missing']);
  });
});

describe('by email', () => {
  it('with SMTP on, a reminder is queued as a mail with its own button and a link to the day', async () => {
    const tm = await team({ submitOn: false, timerOn: false });
    const u = await tm.person(BERLIN);
    const withMail = { ...t.deps, config: { ...t.deps.config, smtpUrl: 'smtp://127.0.0.1:2525', webOrigins: ['http://web.test'] } };
    expect((await runReminders(withMail, new Date('2026-11-24T09:00:00Z')))['reminder.missing']).toBeGreaterThanOrEqual(1);
    const [n] = (await t.call('GET', '/notifications', { as: u })).body.items;
    expect(n.kind).toBe('reminder.missing');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.notificationId, n.id));
    expect(mail!.subject).toBe('Reminder: Monday 23 Nov 2026 has 0:00 logged of your 8:00 day');
    expect(mail!.text).toContain(`Log your time: http://web.test/timesheet?week=${WEEK}&day=2026-11-23`);
    expect(mail!.text).toContain('a reminder to log a short day');
  });
});

describe('long-timer reminder', () => {
  it('comes once a timer has run past the limit, once per timer, even at the weekend; off when turned off', async () => {
    const tm = await team({ submitOn: false, missingOn: false, timerLimitHours: 2 });
    const u = await tm.person(TOKYO);
    const f = fixtures(t);
    const task = `ev:${(await f.task(tm.id, (await f.project(tm.id, { users: [u.id] })).id)).id}`;
    now = new Date('2026-11-28T00:00:00Z');
    expect((await t.call('POST', '/timers', { as: u, body: { task, comment: 'focus' } })).status).toBe(200);
    expect(await run('2026-11-28T01:59:00Z')).toEqual(counts(0, 0, 0));
    expect(await run('2026-11-28T02:00:00Z')).toEqual(counts(0, 0, 1));
    expect(await run('2026-11-28T05:00:00Z')).toEqual(counts(0, 0, 0));
    expect(await kinds(u)).toEqual(['reminder.timer']);
    const [n] = (await t.call('GET', '/notifications', { as: u })).body.items;
    expect(n.title).toMatch(/timer has been running since 2026-11-28 00:00 UTC/);

    // A new timer is a new reminder; with the reminder turned off, none.
    now = new Date('2026-11-28T06:00:00Z');
    expect((await t.call('DELETE', '/timers/current', { as: u })).status).toBe(200);
    expect((await t.call('POST', '/timers', { as: u, body: { task } })).status).toBe(200);
    await setSchedule(tm.admin, { timerOn: false });
    expect(await run('2026-11-28T09:00:00Z')).toEqual(counts(0, 0, 0));
    await setSchedule(tm.admin, { timerOn: true });
    expect(await run('2026-11-28T09:00:00Z')).toEqual(counts(0, 0, 1));
    expect(await kinds(u)).toEqual(['reminder.timer', 'reminder.timer']);
  });
});

describe('the scheduler in the server', () => {
  it('runs a pass at once and then on its interval, on the server clock, until stopped', async () => {
    const tm = await team({ submitOn: false, timerOn: false });
    const u = await tm.person(NEW_YORK);
    now = new Date('2026-12-01T14:59:00Z'); // Tuesday 09:59 in New York: Monday's empty day is not due yet
    const worker = startReminders({ ...t.deps, clock: () => now }, 50);
    try {
      await vi.waitFor(async () => expect(await run('2026-12-01T14:59:00Z')).toEqual(counts(0, 0, 0)));
      expect(await kinds(u)).toEqual([]);
      now = new Date('2026-12-01T15:00:00Z');
      await vi.waitFor(async () => expect(await kinds(u)).toEqual(['reminder.missing']), { timeout: 5000 });
    } finally {
      await worker.stop();
    }
    now = new Date('2026-12-02T15:00:00Z');
    await new Promise((r) => setTimeout(r, 200));
    expect(await kinds(u)).toEqual(['reminder.missing']);
  });
});
