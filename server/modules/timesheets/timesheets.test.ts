import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects, projectUsers, tasks, teams, timeRecords } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { lockReasons } from './locks.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let now = new Date('2027-01-06T12:00:00Z');
let taskA: number;
let taskB: number;
let projectId: number;

const ts = (u: TestUser, week: number) => `${u.id}${String(week).padStart(4, '0')}`;
const record = (u: TestUser, date: string, time: number, taskId: number | null = taskA) => t.scope(u.teamId).insert(timeRecords, { userId: u.id, taskId, date, time });

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
  const s = t.scope(r.team.id);
  const p = await s.insert(projects, { name: 'Website' });
  projectId = p.id;
  taskA = (await s.insert(tasks, { projectId: p.id, name: 'Design' })).id;
  taskB = (await s.insert(tasks, { projectId: p.id, name: 'Build' })).id;
});

describe('timesheet weeks', () => {
  it('builds every field of a week from records, timecards and time off', async () => {
    const u = await t.user(r.team.id, 'member');
    await record(u, '2026-12-28', 3600);
    await record(u, '2027-01-01', 1800);
    await record(u, '2027-01-01', 600, null);
    await record(u, '2027-01-02', 900, taskB);
    await record(u, '2027-01-04', 7200); // next week
    await record(r.member, '2026-12-29', 999); // someone else
    expect((await t.call('PUT', `/users/${u.id}/timecards/2026-12-30`, { as: u, body: { clockIn: '09:00', clockOut: '17:00', breakTime: 1800 } })).status).toBe(200);
    expect((await t.call('POST', '/resource-planner/assignments/time-off', { as: u, body: { startDate: '2026-12-31', endDate: '2027-01-01' } })).status).toBe(201);

    const res = await t.call('GET', `/users/${u.id}/timesheets?weekId=2653`, { as: u });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const w = res.body[0];
    expect(w.id).toBe(Number(ts(u, 2653)));
    expect(w.user).toBe(u.id);
    expect(w.week).toEqual({ id: 2653, from: '2026-12-28', to: '2027-01-03', beginningOfWeek: 1 });
    expect(w.dailyTime.map((d: { date: string }) => d.date)).toEqual(['28-12-2026', '29-12-2026', '30-12-2026', '31-12-2026', '01-01-2027', '02-01-2027', '03-01-2027']);
    expect(w.dailyTime.map((d: { time: number }) => d.time)).toEqual([3600, 0, 0, 0, 2400, 900, 0]);
    expect(w.dailyTime[4]).toEqual({ date: '01-01-2027', time: 2400, timeWithoutTask: 600, user: u.id });
    expect(w.tasks.map((x: { id: string }) => x.id)).toEqual([`ev:${taskA}`, `ev:${taskB}`]);
    expect(w.tasks[0]).toMatchObject({ name: 'Design', status: 'open' });
    expect(w.taskTime).toEqual([
      { task: `ev:${taskA}`, total: 5400, users: { [u.id]: 5400 } },
      { task: `ev:${taskB}`, total: 900, users: { [u.id]: 900 } },
    ]);
    expect(w.approval).toBeNull();
    expect(w.timecards).toHaveLength(1);
    expect(w.timecards[0]).toMatchObject({ date: '2026-12-30', workTime: 7.5 * 3600, weekId: 2653 });
    expect(w.timeOffAssignments).toHaveLength(1);
    expect(w.timeOffAssignments[0]).toMatchObject({ startDate: '2026-12-31', endDate: '2027-01-01', days: 2, status: 'pending' });

    const next = (await t.call('GET', `/users/${u.id}/timesheets?weekId=2701`, { as: u })).body[0];
    expect(next.week).toMatchObject({ id: 2701, from: '2027-01-04', to: '2027-01-10' });
    expect(next.dailyTime[0].time).toBe(7200);
    expect(next.timecards).toEqual([]);
    expect(next.timeOffAssignments).toEqual([]);
  });

  it('lists weeks newest first with limit, from and to', async () => {
    const u = await t.user(r.team.id, 'member');
    const ids = (res: { body: { week: { id: number } }[] }) => res.body.map((w) => w.week.id);
    expect(ids(await t.call('GET', `/users/${u.id}/timesheets?limit=3`, { as: u }))).toEqual([2701, 2653, 2652]);
    expect(ids(await t.call('GET', `/users/${u.id}/timesheets?from=2026-12-21&to=2027-01-05`, { as: u }))).toEqual([2701, 2653, 2652]);
    expect(ids(await t.call('GET', `/users/${u.id}/timesheets?from=2026-12-29&to=2027-01-01`, { as: u }))).toEqual([2653]);
    expect(await t.call('GET', `/users/${u.id}/timesheets`, { as: u }).then((x) => x.body.length)).toBe(10);
    const bad = await t.call('GET', `/users/${u.id}/timesheets?from=2027-01-05&to=2027-01-01`, { as: u });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from).toBeDefined();
  });

  it('follows the team week start', async () => {
    const team = await t.team();
    await t.db.update(teams).set({ weekStart: 0 }).where(eq(teams.id, team.id));
    const u = await t.user(team.id, 'member');
    await t.scope(team.id).insert(timeRecords, { userId: u.id, taskId: null, date: '2026-12-27', time: 60 });
    const w = (await t.call('GET', `/users/${u.id}/timesheets?weekId=2653`, { as: u })).body[0];
    expect(w.week).toEqual({ id: 2653, from: '2026-12-27', to: '2027-01-02', beginningOfWeek: 0 });
    expect(w.dailyTime[0]).toEqual({ date: '27-12-2026', time: 60, timeWithoutTask: 60, user: u.id });
    now = new Date('2027-01-03T10:00:00Z'); // a Sunday: already week 2701 for this team
    expect((await t.call('GET', `/users/${u.id}/timesheets?limit=1`, { as: u })).body[0].week.id).toBe(2701);
    now = new Date('2027-01-06T12:00:00Z');
  });

  it('applies the role table and hides other teams', async () => {
    expect((await t.call('GET', `/users/${r.member.id}/timesheets?weekId=2653`, { as: r.supervisor })).status).toBe(200);
    expect((await t.call('GET', `/users/${r.member.id}/timesheets?weekId=2653`, { as: r.admin })).status).toBe(200);
    expect((await t.call('GET', `/users/${r.limited.id}/timesheets?weekId=2653`, { as: r.limited })).status).toBe(200);
    expect((await t.call('GET', `/users/${r.admin.id}/timesheets?weekId=2653`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', `/users/${r.member.id}/timesheets?weekId=2653`, { as: r.limited })).status).toBe(403);
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('GET', `/users/${r.member.id}/timesheets?weekId=2653`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', '/users/99999999/timesheets', { as: r.admin })).status).toBe(404);
    expect((await t.call('GET', `/users/${r.member.id}/timesheets`, { as: null })).status).toBe(401);
  });

  it('lists one week of the whole team for admins and supervisors', async () => {
    const res = await t.call('GET', '/timesheets?weekId=2653', { as: r.supervisor });
    expect(res.status).toBe(200);
    const users = res.body.map((w: { user: number }) => w.user);
    expect(users).toEqual(expect.arrayContaining([r.admin.id, r.supervisor.id, r.member.id, r.limited.id]));
    expect(res.body.every((w: { week: { id: number } }) => w.week.id === 2653)).toBe(true);
    expect(res.body.find((w: { user: number }) => w.user === r.member.id).dailyTime[1].time).toBe(999);
    expect((await t.call('GET', '/timesheets', { as: r.admin })).body[0].week.id).toBe(2701);
    expect((await t.call('GET', '/timesheets?weekId=2653', { as: r.member })).status).toBe(403);
    expect((await t.call('GET', '/timesheets?weekId=2653', { as: r.limited })).status).toBe(403);
    const stranger = await t.user((await t.team()).id, 'admin');
    const theirs = (await t.call('GET', '/timesheets?weekId=2653', { as: stranger })).body;
    expect(theirs.map((w: { user: number }) => w.user)).toEqual([stranger.id]);
  });

  it('refuses week ids that do not exist', async () => {
    for (const q of ['2599', '2600', '26x1', '12653']) {
      const res = await t.call('GET', `/timesheets?weekId=${q}`, { as: r.admin });
      expect(res.status, q).toBe(422);
      expect(res.body).toMatchObject({ code: 422, errors: { weekId: expect.any(Array) } });
    }
    expect((await t.call('GET', `/users/${r.member.id}/timesheets?weekId=2599`, { as: r.member })).status).toBe(422);
    expect((await t.call('GET', `/users/${r.member.id}/timesheets?limit=0`, { as: r.member })).status).toBe(422);
    expect((await t.call('GET', `/users/${r.member.id}/timesheets?from=2026-02-30`, { as: r.member })).status).toBe(422);
  });
});

describe('approvals', () => {
  it('runs submit, partial approval, resubmit, approval and rejection with locks', async () => {
    const u = await t.user(r.team.id, 'member');
    await record(u, '2026-12-28', 3600);
    await record(u, '2027-01-01', 1800, null);
    const id = ts(u, 2653);

    const sub = await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: { comment: 'please', reviewer: r.supervisor.id, sendNotification: true } });
    expect(sub.status).toBe(200);
    expect(sub.body).toMatchObject({ id: Number(id), timesheetId: Number(id), user: u.id, weekId: 2653, reviewer: r.supervisor.id, status: 'pending', totalTime: 0 });
    expect(sub.body.submittedDays).toEqual({ monday: true, tuesday: false, wednesday: false, thursday: false, friday: true, saturday: false, sunday: false });
    expect(sub.body.history).toEqual([{ action: 'submitted', days: sub.body.submittedDays, user: u.id, comment: 'please', createdAt: '2027-01-06 12:00:00' }]);

    const locks = await lockReasons(t.scope(r.team.id), u.id, ['2026-12-28', '2026-12-29', '2027-01-01'], null);
    expect(locks.get('2026-12-28')).toEqual(['Week 2653 is pending approval']);
    expect(locks.get('2027-01-01')).toEqual(['Week 2653 is pending approval']);
    expect(locks.has('2026-12-29')).toBe(false);

    const again = await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: {} });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/already pending/);

    now = new Date('2027-01-07T09:30:00Z');
    const partial = await t.call('PUT', `/timesheets/${id}/approval`, { as: r.supervisor, body: { status: 'approved', days: { monday: true }, comment: 'monday ok' } });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ status: 'partial_approved', totalTime: 3600 });
    expect(partial.body.approvedDays.monday).toBe(true);
    expect(partial.body.approvedDays.friday).toBe(false);
    expect(partial.body.history[1]).toMatchObject({ action: 'approved', user: r.supervisor.id, comment: 'monday ok', days: { monday: true, friday: false } });
    const after = await lockReasons(t.scope(r.team.id), u.id, ['2026-12-28', '2027-01-01'], null);
    expect(after.get('2026-12-28')).toEqual(['Approved on 2027-01-07 09:30:00 (week 2653)']);
    expect(after.has('2027-01-01')).toBe(false);

    // Approved days cannot be submitted again; the rest can.
    expect((await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: { days: { monday: true } } })).status).toBe(422);
    const resub = await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: {} });
    expect(resub.status).toBe(200);
    expect(resub.body.submittedDays).toMatchObject({ monday: false, friday: true });
    expect(resub.body.status).toBe('pending');
    expect(resub.body.reviewer).toBe(r.supervisor.id);

    // Approving days not submitted is refused.
    const notSubmitted = await t.call('PUT', `/timesheets/${id}/approval`, { as: r.admin, body: { status: 'approved', days: { tuesday: true } } });
    expect(notSubmitted.status).toBe(422);
    expect(notSubmitted.body.errors.days[0]).toMatch(/Tuesday/);

    const full = await t.call('PUT', `/timesheets/${id}/approval`, { as: r.admin, body: { status: 'approved' } });
    expect(full.body).toMatchObject({ status: 'approved', totalTime: 5400 });
    expect((await t.call('PUT', `/timesheets/${id}/approval`, { as: r.admin, body: { status: 'approved' } })).status).toBe(422);
    const week = (await t.call('GET', `/users/${u.id}/timesheets?weekId=2653`, { as: u })).body[0];
    expect(week.approval).toMatchObject({ status: 'approved', totalTime: 5400 });
    expect(week.approval.history.map((h: { action: string }) => h.action)).toEqual(['submitted', 'approved', 'submitted', 'approved']);

    // Rejecting approved days reopens them.
    const rej = await t.call('PUT', `/timesheets/${id}/approval`, { as: r.supervisor, body: { status: 'rejected', days: { friday: true }, comment: 'fix friday' } });
    expect(rej.body).toMatchObject({ status: 'rejected', totalTime: 3600 });
    expect(rej.body.approvedDays).toMatchObject({ monday: true, friday: false });
    const reopened = await lockReasons(t.scope(r.team.id), u.id, ['2026-12-28', '2027-01-01'], null);
    expect([...reopened.keys()]).toEqual(['2026-12-28']);
    // The days still approved can be rejected too (reopening the whole week); then nothing is left to reject.
    const rest = await t.call('PUT', `/timesheets/${id}/approval`, { as: r.supervisor, body: { status: 'rejected' } });
    expect(rest.body).toMatchObject({ status: 'rejected', totalTime: 0 });
    expect((await lockReasons(t.scope(r.team.id), u.id, ['2026-12-28'], null)).size).toBe(0);
    expect((await t.call('PUT', `/timesheets/${id}/approval`, { as: r.supervisor, body: { status: 'rejected' } })).status).toBe(422);
    now = new Date('2027-01-06T12:00:00Z');
  });

  it('rejects a pending week, then lets the owner submit again; discards', async () => {
    const u = await t.user(r.team.id, 'member');
    await record(u, '2027-01-05', 600);
    const id = ts(u, 2701);
    expect((await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: {} })).status).toBe(200);
    const rej = await t.call('PUT', `/timesheets/${id}/approval`, { as: r.admin, body: { status: 'rejected', comment: 'no' } });
    expect(rej.body).toMatchObject({ status: 'rejected', totalTime: 0 });
    expect((await lockReasons(t.scope(r.team.id), u.id, ['2027-01-05'], null)).size).toBe(0);

    const sub = await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: { days: { tuesday: true, sunday: true } } });
    expect(sub.body.submittedDays).toMatchObject({ tuesday: true, sunday: true, monday: false });
    expect((await lockReasons(t.scope(r.team.id), u.id, ['2027-01-10'], null)).get('2027-01-10')).toEqual(['Week 2701 is pending approval']);

    expect((await t.call('PUT', `/timesheets/${id}/discard-approval`, { as: r.admin })).status).toBe(403);
    const dis = await t.call('PUT', `/timesheets/${id}/discard-approval`, { as: u, body: { comment: 'oops' } });
    expect(dis.status).toBe(200);
    expect(dis.body.status).toBe('discarded');
    expect(dis.body.history.at(-1)).toMatchObject({ action: 'discarded', user: u.id, comment: 'oops', days: { tuesday: true, sunday: true } });
    expect((await lockReasons(t.scope(r.team.id), u.id, ['2027-01-05', '2027-01-10'], null)).size).toBe(0);
    expect((await t.call('PUT', `/timesheets/${id}/discard-approval`, { as: u })).status).toBe(422);
    expect((await t.call('PUT', `/timesheets/${id}/approval`, { as: r.admin, body: { status: 'approved' } })).status).toBe(422);
  });

  it('refuses what the rules forbid', async () => {
    const u = await t.user(r.team.id, 'member');
    await record(u, '2026-12-28', 60);
    const mine = ts(u, 2653);
    // Someone else's timesheet id.
    const other = await t.call('POST', `/timesheets/${mine}/approval`, { as: r.member, body: {} });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ code: 403, message: expect.any(String) });
    // Week ids that do not exist, users that do not exist, another team.
    expect((await t.call('POST', `/timesheets/${u.id}2599/approval`, { as: u, body: {} })).status).toBe(404);
    expect((await t.call('POST', '/timesheets/999999992653/approval', { as: u, body: {} })).status).toBe(404);
    expect((await t.call('POST', '/timesheets/abc/approval', { as: u, body: {} })).status).toBe(404);
    expect((await t.call('POST', '/timesheets/99999999999992653/approval', { as: u, body: {} })).status).toBe(404);
    expect((await t.call('GET', '/users/99999999999/timesheets', { as: r.admin })).status).toBe(404);
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('PUT', `/timesheets/${mine}/approval`, { as: stranger, body: { status: 'approved' } })).status).toBe(404);
    // Reviewer must be an admin or supervisor of the team.
    for (const reviewer of [r.member.id, stranger.id, 99999999, 99999999999]) {
      const res = await t.call('POST', `/timesheets/${mine}/approval`, { as: u, body: { reviewer } });
      expect(res.status).toBe(422);
      expect(res.body.errors.reviewer).toBeDefined();
    }
    // A week with no time (a week off) can be submitted: every day of it.
    const empty = await t.call('POST', `/timesheets/${u.id}2652/approval`, { as: u, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ status: 'pending', totalTime: 0 });
    expect(empty.body.history[0].days).toEqual({ monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true });
    expect((await t.call('POST', `/timesheets/${mine}/approval`, { as: u, body: { days: { funday: true } } })).status).toBe(422);
    expect((await t.call('POST', `/timesheets/${mine}/approval`, { as: u, body: { days: {} } })).status).toBe(422);
    // Nothing submitted yet.
    expect((await t.call('PUT', `/timesheets/${mine}/approval`, { as: r.admin, body: { status: 'approved' } })).status).toBe(422);
    expect((await t.call('PUT', `/timesheets/${mine}/approval`, { as: r.admin, body: { status: 'maybe' } })).status).toBe(422);
    expect((await t.call('POST', `/timesheets/${mine}/approval`, { as: u, raw: '{"comment":' })).status).toBe(400);

    expect((await t.call('POST', `/timesheets/${mine}/approval`, { as: u, body: {} })).status).toBe(200);
    expect((await t.call('PUT', `/timesheets/${mine}/approval`, { as: r.member, body: { status: 'approved' } })).status).toBe(403);
    expect((await t.call('PUT', `/timesheets/${mine}/approval`, { as: r.limited, body: { status: 'approved' } })).status).toBe(403);
    expect((await t.call('PUT', `/timesheets/${mine}/approval`, { as: u, body: { status: 'approved' } })).status).toBe(403);
    expect((await t.call('PUT', `/timesheets/${mine}/approval`, { as: null, body: { status: 'approved' } })).status).toBe(401);
  });

  it('lets an admin approve their own week but not a supervisor', async () => {
    await record(r.supervisor, '2026-12-29', 60);
    await record(r.admin, '2026-12-29', 120);
    const sup = ts(r.supervisor, 2653);
    const adm = ts(r.admin, 2653);
    expect((await t.call('POST', `/timesheets/${sup}/approval`, { as: r.supervisor, body: {} })).status).toBe(200);
    const own = await t.call('PUT', `/timesheets/${sup}/approval`, { as: r.supervisor, body: { status: 'approved' } });
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/own week/);
    expect((await t.call('PUT', `/timesheets/${sup}/approval`, { as: r.admin, body: { status: 'approved' } })).body.status).toBe('approved');
    expect((await t.call('POST', `/timesheets/${adm}/approval`, { as: r.admin, body: {} })).status).toBe(200);
    const self = await t.call('PUT', `/timesheets/${adm}/approval`, { as: r.admin, body: { status: 'approved' } });
    expect(self.body).toMatchObject({ status: 'approved', totalTime: 120 });
  });

  it('accepts only one of concurrent submits', async () => {
    const u = await t.user(r.team.id, 'member');
    await record(u, '2026-12-30', 60);
    const results = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', `/timesheets/${ts(u, 2653)}/approval`, { as: u, body: {} })));
    expect(results.map((x) => x.status).sort()).toEqual([200, 422, 422, 422, 422]);
  });

  it('locks time records of pending and approved days through the time API', async () => {
    const u = await t.user(r.team.id);
    await t.scope(r.team.id).insert(projectUsers, { projectId, userId: u.id });
    const add = (as: TestUser, date: string, time = 600) => t.call('POST', '/time', { as, body: { task: `ev:${taskA}`, date, time, user: u.id } });
    const first = await add(u, '2026-12-28');
    expect(first.status).toBe(201);
    const id = ts(u, 2653);
    expect((await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: {} })).status).toBe(200);

    const refused = await add(u, '2026-12-28', 60);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('Week 2653 is pending approval');
    expect((await t.call('PUT', `/time/${first.body.id}`, { as: u, body: { time: 1200 } })).status).toBe(422);
    expect((await t.call('GET', `/time/${first.body.id}`, { as: u })).body).toMatchObject({ isLocked: true, lockReasons: ['Week 2653 is pending approval'] });
    expect((await add(u, '2026-12-29')).status).toBe(201);
    expect((await t.call('PUT', `/time/${first.body.id}`, { as: r.admin, body: { time: 1200 } })).status).toBe(422);

    expect((await t.call('PUT', `/timesheets/${id}/discard-approval`, { as: u })).body.status).toBe('discarded');
    expect((await t.call('PUT', `/time/${first.body.id}`, { as: r.admin, body: { time: 1200 } })).status).toBe(200);
    expect((await t.call('GET', `/time/${first.body.id}`, { as: u })).body).toMatchObject({ isLocked: false, lockReasons: [] });
    expect((await add(u, '2026-12-28', 60)).status).toBe(201);
  });
});
