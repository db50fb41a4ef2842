import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeRecords, users } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let now = new Date('2026-06-10T12:00:00Z');

const card = (u: TestUser, date: string, body: unknown, as: TestUser = u) => t.call('PUT', `/users/${u.id}/timecards/${date}`, { as, body });
const setZone = (u: TestUser, timezone: number) => t.db.update(users).set({ timezone }).where(eq(users.id, u.id));

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
});

describe('timecards', () => {
  it('creates and updates a day, with work time and history', async () => {
    const u = await t.user(r.team.id);
    const res = await card(u, '2026-06-08', { clockIn: '09:00', clockOut: '17:30', breakTime: 1800 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: u.id, date: '2026-06-08', weekId: 2624, clockIn: '09:00', clockOut: '17:30', breakTime: 1800, workTime: 8 * 3600, isLocked: false, invalid: null, lockReasons: [] });
    expect(res.body.history).toEqual([
      { action: 'clock-in', previousTime: null, time: '09:00', trigger: 'manually', user: u.id, createdAt: '2026-06-10 12:00:00' },
      { action: 'clock-out', previousTime: null, time: '17:30', trigger: 'manually', user: u.id, createdAt: '2026-06-10 12:00:00' },
      { action: 'break', previousTime: '00:00:00', time: '00:30:00', trigger: 'manually', user: u.id, createdAt: '2026-06-10 12:00:00' },
    ]);
    const upd = await card(u, '2026-06-08', { clockOut: '18:00' });
    expect(upd.body).toMatchObject({ clockIn: '09:00', clockOut: '18:00', workTime: 8.5 * 3600 });
    expect(upd.body.history).toHaveLength(4);
    expect(upd.body.history[3]).toMatchObject({ action: 'clock-out', previousTime: '17:30', time: '18:00' });
    expect((await card(u, '2026-06-08', { clockOut: '18:00' })).body.history).toHaveLength(4);
    const got = await t.call('GET', `/users/${u.id}/timecards/2026-06-08`, { as: u });
    expect(got.body).toEqual(upd.body);
  });

  it.each([
    ['09:00', '17:00', 0, 8 * 3600, null],
    ['22:00', '06:00', 1800, 7.5 * 3600, null],
    ['23:45', '00:15', 0, 1800, null],
    ['09:00', '10:00', 7200, 0, { breakTime: 'Break is longer than the shift' }],
    [null, '17:00', 0, 0, { clockIn: 'Clock-out without a clock-in' }],
    ['09:00', null, 0, 0, { clockOut: 'Clocked in but never clocked out' }],
    [null, null, 600, 0, { breakTime: 'Break without a shift' }],
  ])('%s to %s with a break of %i s works %i s (problems %o)', async (clockIn, clockOut, breakTime, workTime, invalid) => {
    const u = await t.user(r.team.id);
    const res = await card(u, '2026-06-01', { clockIn, clockOut, breakTime });
    expect(res.status).toBe(200);
    expect(res.body.workTime).toBe(workTime);
    expect(res.body.invalid).toEqual(invalid);
  });

  it('refuses bad input and writes nothing', async () => {
    const u = await t.user(r.team.id);
    const cases: [string, unknown, string][] = [
      ['2026-06-02', { clockOut: '25:00' }, 'clockOut'],
      ['2026-06-02', { clockIn: '9:00' }, 'clockIn'],
      ['2026-06-02', { breakTime: -5 }, 'breakTime'],
      ['2026-06-02', { breakTime: 1.5 }, 'breakTime'],
      ['2026-06-02', { breakTime: 90000 }, 'breakTime'],
      ['2026-06-02', { clockIn: '09:00', extra: 1 }, '_'],
      ['2026-02-30', { clockIn: '09:00' }, 'date'],
    ];
    for (const [date, body, field] of cases) {
      const res = await card(u, date, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-02`, { as: u })).status).toBe(404);
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-02-30`, { as: u })).status).toBe(422);
    expect((await t.call('PUT', `/users/${u.id}/timecards/2026-06-02`, { as: u, raw: '{' })).status).toBe(400);
    expect((await t.call('GET', `/users/${u.id}/timecards?from=2026-06-05&to=2026-06-01`, { as: u })).status).toBe(422);
    expect((await t.call('GET', `/users/${u.id}/timecards?from=2026-06-31`, { as: u })).status).toBe(422);
  });

  it('deletes a day', async () => {
    const u = await t.user(r.team.id);
    await card(u, '2026-06-03', { clockIn: '08:00' });
    expect((await t.call('DELETE', `/users/${u.id}/timecards/2026-06-03`, { as: u })).status).toBe(204);
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-03`, { as: u })).status).toBe(404);
    expect((await t.call('DELETE', `/users/${u.id}/timecards/2026-06-03`, { as: u })).status).toBe(404);
  });

  it('lists the last two weeks by default, or a range; the team list: everyone for managers, their own for members', async () => {
    const u = await t.user(r.team.id);
    for (const d of ['2026-05-20', '2026-05-27', '2026-05-28', '2026-06-10']) await card(u, d, { clockIn: '09:00', clockOut: '10:00' });
    const dates = (res: { body: { date: string }[] }) => res.body.map((c) => c.date);
    expect(dates(await t.call('GET', `/users/${u.id}/timecards`, { as: u }))).toEqual(['2026-05-28', '2026-06-10']);
    expect(dates(await t.call('GET', `/users/${u.id}/timecards?from=2026-05-01&to=2026-05-27`, { as: u }))).toEqual(['2026-05-20', '2026-05-27']);
    expect(dates(await t.call('GET', `/users/${u.id}/timecards?from=2026-05-20`, { as: u }))).toEqual(['2026-05-20', '2026-05-27', '2026-05-28']);
    const team = await t.call('GET', `/timecards?from=2026-05-01&to=2026-06-30&user=${u.id}`, { as: r.supervisor });
    expect(dates(team)).toEqual(['2026-05-20', '2026-05-27', '2026-05-28', '2026-06-10']);
    const all = await t.call('GET', '/timecards', { as: r.admin });
    expect(all.status).toBe(200);
    expect(all.body.filter((c: { user: number }) => c.user === u.id)).toHaveLength(2);
    // Members get their own rows, as from GET /team/time; asking for someone else's is refused.
    await card(r.member, '2026-06-09', { clockIn: '09:00' });
    const own = await t.call('GET', '/timecards?from=2026-05-01&to=2026-06-30', { as: r.member });
    expect(own.status).toBe(200);
    expect(own.body.map((c: { user: number; date: string }) => [c.user, c.date])).toEqual([[r.member.id, '2026-06-09']]);
    expect((await t.call('GET', `/timecards?user=${r.member.id}&from=2026-05-01&to=2026-06-30`, { as: r.member })).body).toEqual(own.body);
    expect((await t.call('GET', `/timecards?user=${u.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', `/team/time?user=${u.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', '/timecards?user=99999999', { as: r.admin })).status).toBe(422);
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('GET', `/timecards?from=2026-05-01&to=2026-06-30`, { as: stranger })).body).toEqual([]);
  });

  it('applies the role table and hides other teams', async () => {
    const u = await t.user(r.team.id);
    expect((await card(u, '2026-06-04', { clockIn: '09:00' })).status).toBe(200);
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-04`, { as: r.supervisor })).status).toBe(200);
    expect((await t.call('GET', `/users/${u.id}/timecards`, { as: r.supervisor })).status).toBe(200);
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-04`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', `/users/${u.id}/timecards`, { as: r.limited })).status).toBe(403);
    expect((await card(u, '2026-06-04', { clockOut: '17:00' }, r.supervisor)).status).toBe(403);
    expect((await card(u, '2026-06-04', { clockOut: '17:00' }, r.member)).status).toBe(403);
    expect((await t.call('POST', `/users/${u.id}/timecards/clock-in`, { as: r.supervisor, body: {} })).status).toBe(403);
    expect((await t.call('DELETE', `/users/${u.id}/timecards/2026-06-04`, { as: r.member })).status).toBe(403);
    const byAdmin = await card(u, '2026-06-04', { clockOut: '17:00' }, r.admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.history.at(-1)).toMatchObject({ action: 'clock-out', user: r.admin.id });
    expect((await card(r.limited, '2026-06-04', { clockIn: '09:00' })).status).toBe(200);
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-04`, { as: stranger })).status).toBe(404);
    expect((await card(u, '2026-06-04', { clockIn: '07:00' }, stranger)).status).toBe(404);
    expect((await t.call('DELETE', `/users/${u.id}/timecards/2026-06-04`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-04`, { as: null })).status).toBe(401);
    expect((await t.call('GET', '/users/99999999999/timecards', { as: r.admin })).status).toBe(404);
    expect((await t.call('PUT', '/users/2147483648/timecards/2026-06-04', { as: r.admin, body: {} })).status).toBe(404);
    expect((await t.call('GET', '/timecards?user=99999999999', { as: r.admin })).status).toBe(422);
  });
});

describe('clock-in and clock-out', () => {
  const clock = (u: TestUser, what: 'in' | 'out', at: string, body: unknown = {}) => {
    now = new Date(at);
    return t.call('POST', `/users/${u.id}/timecards/clock-${what}`, { as: u, body });
  };

  it.each([
    // [timezone, clock-in instant, clock-out instant, date, clockIn, clockOut, workTime]
    [5.5, '2026-06-01T22:30:00Z', '2026-06-02T06:30:00Z', '2026-06-02', '04:00', '12:00', 8 * 3600],
    [-5, '2026-06-02T03:00:00Z', '2026-06-02T11:00:00Z', '2026-06-01', '22:00', '06:00', 8 * 3600],
    [0, '2026-06-01T23:30:00Z', '2026-06-02T00:15:00Z', '2026-06-01', '23:30', '00:15', 45 * 60],
    [-3.5, '2026-01-01T02:00:00Z', '2026-01-01T04:00:00Z', '2025-12-31', '22:30', '00:30', 2 * 3600],
    [5.75, '2026-06-01T18:14:00Z', '2026-06-01T18:16:00Z', '2026-06-01', '23:59', '00:01', 2 * 60],
  ])('in offset %d: in at %s, out at %s', async (tz, inAt, outAt, date, clockIn, clockOut, workTime) => {
    const u = await t.user(r.team.id, 'member', { timezone: tz });
    const a = await clock(u, 'in', inAt);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ date, clockIn, clockOut: null, workTime: 0, invalid: null });
    expect(a.body.history).toEqual([expect.objectContaining({ action: 'clock-in', previousTime: null, time: clockIn, trigger: 'button' })]);
    // Clocking out after midnight, with no date, closes the shift that began the day before.
    const b = await clock(u, 'out', outAt);
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ date, clockIn, clockOut, workTime, invalid: null });
    expect(b.body.history[1]).toMatchObject({ action: 'clock-out', previousTime: null, time: clockOut, trigger: 'button' });
  });

  it('uses the offset in force at each click across a DST change', async () => {
    // Spring forward: winter +1 at clock-in, summer +2 at clock-out.
    const u = await t.user(r.team.id, 'member', { timezone: 1 });
    expect((await clock(u, 'in', '2026-03-29T00:30:00Z')).body).toMatchObject({ date: '2026-03-29', clockIn: '01:30' });
    await setZone(u, 2);
    const out = await clock(u, 'out', '2026-03-29T08:30:00Z');
    expect(out.body).toMatchObject({ date: '2026-03-29', clockIn: '01:30', clockOut: '10:30', workTime: 9 * 3600 });
    // Fall back: summer +2 at clock-in, winter +1 at clock-out: the clock reads 02:30 twice.
    const v = await t.user(r.team.id, 'member', { timezone: 2 });
    expect((await clock(v, 'in', '2026-10-25T00:00:00Z')).body).toMatchObject({ date: '2026-10-25', clockIn: '02:00' });
    await setZone(v, 1);
    expect((await clock(v, 'out', '2026-10-25T01:30:00Z')).body).toMatchObject({ clockIn: '02:00', clockOut: '02:30', workTime: 1800 });
  });

  it('counts the time away as a break when clocking in again, and refuses double clicks', async () => {
    const u = await t.user(r.team.id, 'member', { timezone: 2 });
    await clock(u, 'in', '2026-06-05T07:00:00Z');
    expect((await clock(u, 'in', '2026-06-05T07:05:00Z')).status).toBe(422);
    await clock(u, 'out', '2026-06-05T10:00:00Z');
    const back = await clock(u, 'in', '2026-06-05T10:45:00Z');
    expect(back.body).toMatchObject({ clockIn: '09:00', clockOut: null, breakTime: 45 * 60 });
    expect(back.body.history.slice(-2)).toEqual([
      expect.objectContaining({ action: 'break', previousTime: '00:00:00', time: '00:45:00', trigger: 'button' }),
      expect.objectContaining({ action: 'clock-out', previousTime: '12:00', time: null, trigger: 'button' }),
    ]);
    const done = await clock(u, 'out', '2026-06-05T15:00:00Z');
    expect(done.body).toMatchObject({ clockOut: '17:00', breakTime: 2700, workTime: 8 * 3600 - 2700 });
    const again = await clock(u, 'out', '2026-06-05T15:01:00Z');
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/Not clocked in/);
  });

  it('counts the time away as a break after a shift past midnight too, and refuses a clock-in before a typed clock-out', async () => {
    const u = await t.user(r.team.id, 'member', { timezone: 0 });
    await card(u, '2026-06-12', { clockIn: '09:00', clockOut: '17:00' });
    const early = await clock(u, 'in', '2026-06-12T14:05:00Z');
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(
      'The timecard of 2026-06-12 says you clocked out at 17:00, after now (14:05): correct the clock-out before clocking in again',
    );
    expect(early.body.errors).toEqual({ clockOut: [early.body.message] });
    const back = await clock(u, 'in', '2026-06-12T18:20:00Z');
    expect(back.body).toMatchObject({ clockIn: '09:00', clockOut: null, breakTime: 80 * 60 });
    // Out at 23:30, back at 23:50 the same evening: 20 min away; out again past midnight.
    await clock(u, 'out', '2026-06-12T23:30:00Z');
    expect((await clock(u, 'in', '2026-06-12T23:50:00Z')).body).toMatchObject({ breakTime: 100 * 60, clockOut: null });
    const done = await clock(u, 'out', '2026-06-13T00:30:00Z');
    expect(done.body).toMatchObject({ date: '2026-06-12', clockIn: '09:00', clockOut: '00:30', breakTime: 6000, workTime: 15.5 * 3600 - 6000 });
  });

  it('takes an explicit userDate and refuses a clock-out with no clock-in', async () => {
    const u = await t.user(r.team.id);
    const a = await clock(u, 'in', '2026-06-06T08:00:00Z', { userDate: '2026-06-05' });
    expect(a.body).toMatchObject({ date: '2026-06-05', clockIn: '08:00' });
    expect((await clock(u, 'out', '2026-06-06T09:00:00Z', { userDate: '2026-06-04' })).status).toBe(422);
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-04`, { as: u })).status).toBe(404);
    expect((await clock(u, 'in', '2026-06-06T09:00:00Z', { userDate: '2026-02-30' })).status).toBe(422);
    now = new Date('2026-06-06T09:00:00Z');
    const byAdmin = await t.call('POST', `/users/${u.id}/timecards/clock-out`, { as: r.admin, body: { userDate: '2026-06-05' } });
    expect(byAdmin.body).toMatchObject({ date: '2026-06-05', clockOut: '09:00', workTime: 3600 });
    expect(byAdmin.body.history.at(-1)).toMatchObject({ action: 'clock-out', user: r.admin.id, trigger: 'button' });
    expect((await clock(u, 'out', '2026-06-06T09:30:00Z')).status).toBe(422);
    now = new Date('2026-06-10T12:00:00Z');
  });
});

describe('locks', () => {
  it('locks days of a pending or approved week for every role, admins included', async () => {
    now = new Date('2026-06-10T12:00:00Z');
    const u = await t.user(r.team.id);
    await card(u, '2026-06-01', { clockIn: '09:00', clockOut: '17:00' });
    await t.scope(r.team.id).insert(timeRecords, { userId: u.id, taskId: null, date: '2026-06-01', time: 3600 });
    expect((await t.call('POST', `/timesheets/${u.id}2623/approval`, { as: u, body: {} })).status).toBe(200);

    const got = await t.call('GET', `/users/${u.id}/timecards/2026-06-01`, { as: u });
    expect(got.body).toMatchObject({ isLocked: true, lockReasons: ['Week 2623 is pending approval'] });
    const refused = await card(u, '2026-06-01', { clockOut: '18:00' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/Week 2623 is pending approval/);
    expect((await t.call('DELETE', `/users/${u.id}/timecards/2026-06-01`, { as: u })).status).toBe(422);
    expect((await t.call('POST', `/users/${u.id}/timecards/clock-in`, { as: u, body: { userDate: '2026-06-01' } })).status).toBe(422);
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-01`, { as: u })).body.clockOut).toBe('17:00');
    // Other days of the week are not submitted, so not locked.
    expect((await card(u, '2026-06-02', { clockIn: '09:00' })).status).toBe(200);

    const admin = await card(u, '2026-06-01', { clockOut: '18:00' }, r.admin);
    expect(admin.status).toBe(422);
    expect(admin.body.message).toMatch(/Week 2623 is pending approval/);

    now = new Date('2026-06-11T08:00:00Z');
    await t.call('PUT', `/timesheets/${u.id}2623/approval`, { as: r.supervisor, body: { status: 'approved' } });
    const approved = await t.call('GET', `/users/${u.id}/timecards/2026-06-01`, { as: u });
    expect(approved.body.lockReasons).toEqual(['Approved on 2026-06-11 08:00:00 (week 2623)']);
    expect((await card(u, '2026-06-01', { breakTime: 60 })).status).toBe(422);
    expect((await card(u, '2026-06-01', { breakTime: 60 }, r.admin)).status).toBe(422);

    await t.call('PUT', `/timesheets/${u.id}2623/approval`, { as: r.admin, body: { status: 'rejected' } });
    const reopened = await card(u, '2026-06-01', { clockOut: '18:00' }, r.admin);
    expect(reopened.status).toBe(200);
    expect(reopened.body.history.at(-1)).toMatchObject({ action: 'clock-out', previousTime: '17:00', time: '18:00', user: r.admin.id });
    expect((await card(u, '2026-06-01', { breakTime: 60 })).status).toBe(200);
    expect((await t.call('GET', `/users/${u.id}/timecards/2026-06-01`, { as: u })).body).toMatchObject({ isLocked: false, lockReasons: [] });
    now = new Date('2026-06-10T12:00:00Z');
  });
});
