import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';

// The team's automatic lock, on a fixed clock: Tuesday 2027-01-05 03:00 UTC, still Monday 2027-01-04 at UTC−5.
let now = new Date('2027-01-05T03:00:00Z');
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let task: string;
let member: TestUser;
let west: TestUser;
let food: { id: number };

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
  member = await t.user(r.team.id, 'member');
  west = await t.user(r.team.id, 'member', { timezone: -5 });
  const f = fixtures(t);
  const p = await f.project(r.team.id, { users: [member.id, west.id, r.supervisor.id] });
  task = `ev:${(await f.task(r.team.id, p.id)).id}`;
  food = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'Food', color: '#aa0000' } })).body;
});

const add = (as: TestUser, date: string, extra: Record<string, unknown> = {}) => t.call('POST', '/time', { as, body: { time: 600, date, task: null, ...extra } });
const setLock = (as: TestUser, body: Record<string, unknown>) => t.call('PUT', '/team/auto-lock', { as, body });
const off = { afterDays: null, before: null, weeklyOn: null };

const expectOk = (res: { status: number; body: unknown }) => expect([res.status, res.body]).toEqual([expect.toSatisfy((s: number) => s < 300), expect.anything()]);

function expectLocked(res: { status: number; body: { code: number; message: string } }, reason: string) {
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ code: 422, message: expect.stringContaining(reason) });
}

describe('the team setting', () => {
  it('is off by default, read by anyone, set by admins only, validated', async () => {
    expect((await t.call('GET', '/team/auto-lock', { as: member })).body).toEqual(off);
    expect((await setLock(member, { ...off, afterDays: 7 })).status).toBe(403);
    expect((await setLock(r.supervisor, { ...off, afterDays: 7 })).status).toBe(403);
    const bad = await setLock(r.admin, { afterDays: 0, before: '2027-02-30', weeklyOn: 7 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['afterDays', 'before', 'weeklyOn']);
    expect((await setLock(r.admin, { afterDays: 7 })).status).toBe(400); // a missing field
  });
});

describe('locking after N days', () => {
  let old: { id: number };
  let recent: { id: number };

  it('locks every write path of a member on days older than N of their own local today; admins write on', async () => {
    await setLock(r.admin, off);
    old = (await add(member, '2026-12-20')).body;
    expect(old.id).toBeDefined();
    recent = (await add(member, '2027-01-04')).body;
    const card = await t.call('PUT', `/users/${member.id}/timecards/2026-12-20`, { as: member, body: { clockIn: '09:00' } });
    expect(card.status).toBe(200);
    expect((await setLock(r.admin, { ...off, afterDays: 7 })).body).toEqual({ ...off, afterDays: 7 });

    const why = 'Locked after 7 days';
    expectLocked(await add(member, '2026-12-20'), why);
    expectLocked(await add(member, '2026-12-28'), why); // 8 days before Tuesday 2027-01-05
    expectLocked(await t.call('PUT', `/time/${old.id}`, { as: member, body: { time: 60 } }), why);
    expectLocked(await t.call('PUT', `/time/${recent.id}`, { as: member, body: { date: '2026-12-21' } }), why);
    expectLocked(await t.call('DELETE', `/time/${old.id}`, { as: member }), why);
    expectLocked(await t.call('PUT', `/tasks/${task}/time`, { as: member, body: { time: 60, date: '2026-12-20' } }), why);
    expectLocked(await t.call('POST', '/timers', { as: member, body: { task, userDate: '2026-12-20' } }), why);
    expectLocked(await t.call('PUT', `/users/${member.id}/timecards/2026-12-20`, { as: member, body: { clockOut: '17:00' } }), why);
    expectLocked(await t.call('DELETE', `/users/${member.id}/timecards/2026-12-20`, { as: member }), why);
    expectLocked(await t.call('POST', '/expenses', { as: member, body: { category: food.id, date: '2026-12-20', amount: 1000 } }), why);
    const refused = await add(member, '2026-12-20');
    expect(refused.body.errors.time).toEqual([why]);

    // What the member reads says so.
    expect((await t.call('GET', `/time/${old.id}`, { as: member })).body).toMatchObject({ time: 600, isLocked: true, lockReasons: [why] });
    const list = await t.call('GET', `/users/${member.id}/time?from=2026-12-20&to=2027-01-04`, { as: member });
    expect(list.body.map((x: { date: string; isLocked: boolean }) => [x.date, x.isLocked])).toEqual(
      expect.arrayContaining([
        ['2026-12-20', true],
        ['2027-01-04', false],
      ]),
    );
    const cards = await t.call('GET', `/users/${member.id}/timecards?from=2026-12-20&to=2026-12-20`, { as: member });
    expect(cards.body[0]).toMatchObject({ isLocked: true, lockReasons: [why] });
    const [week] = (await t.call('GET', `/users/${member.id}/timesheets?weekId=2652`, { as: member })).body; // 2026-12-21 … 27
    expect(week.autoLocks).toEqual(Array(7).fill([why]));
    const [thisWeek] = (await t.call('GET', `/users/${member.id}/timesheets?weekId=2701`, { as: member })).body;
    expect(thisWeek.autoLocks).toEqual(Array(7).fill([]));

    // A recent day stays open; an admin is not locked, and reads the old day as open.
    expectOk(await add(member, '2026-12-29'));
    expectOk(await add(r.admin, '2026-12-20', { user: member.id }));
    expect((await t.call('GET', `/time/${old.id}`, { as: r.admin })).body).toMatchObject({ isLocked: false, lockReasons: [] });
    const [adminView] = (await t.call('GET', `/users/${member.id}/timesheets?weekId=2652`, { as: r.admin })).body;
    expect(adminView.autoLocks).toEqual(Array(7).fill([]));
    // The admin also reads how the lock binds the member (what the admin can open again); an admin's own week has none.
    expect(adminView.ownerAutoLocks).toEqual(Array(7).fill([why]));
    expect(week.ownerAutoLocks).toEqual(week.autoLocks);
    const [adminsOwn] = (await t.call('GET', `/users/${r.admin.id}/timesheets?weekId=2652`, { as: r.supervisor })).body;
    expect(adminsOwn.ownerAutoLocks).toEqual(Array(7).fill([]));
    expect((await t.call('PUT', `/users/${member.id}/timecards/2026-12-20`, { as: r.admin, body: { clockOut: '17:00' } })).status).toBe(200);
    // Supervisors are locked like members.
    expectLocked(await add(r.supervisor, '2026-12-20'), why);
  });

  it("counts from the person's own local day", async () => {
    // At UTC−5 it is still Monday 2027-01-04: 2026-12-28 is 7 days back, open; 2026-12-27 is locked.
    expectOk(await add(west, '2026-12-28'));
    expectLocked(await add(west, '2026-12-27'), 'Locked after 7 days');
  });

  it("an admin opens a member's week again with a reason, in the audit log; the member edits it, other weeks stay locked", async () => {
    const id = `${member.id}2651`; // 2026-12-14 … 20
    expect((await t.call('POST', `/timesheets/${id}/unlock`, { as: member, body: { reason: 'me' } })).status).toBe(403);
    expect((await t.call('POST', `/timesheets/${id}/unlock`, { as: r.supervisor, body: { reason: 'me' } })).status).toBe(403);
    const blank = await t.call('POST', `/timesheets/${id}/unlock`, { as: r.admin, body: { reason: '  ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.reason).toBeDefined();
    const opened = await t.call('POST', `/timesheets/${id}/unlock`, { as: r.admin, body: { reason: 'Forgot the client visit' } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ timesheetId: Number(id), user: member.id, weekId: 2651, reason: 'Forgot the client visit', unlockedBy: r.admin.id });

    const edit = await t.call('PUT', `/time/${old.id}`, { as: member, body: { time: 900 } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ time: 900, isLocked: false });
    const [reopened] = (await t.call('GET', `/users/${member.id}/timesheets?weekId=2651`, { as: r.admin })).body;
    expect(reopened.ownerAutoLocks).toEqual(Array(7).fill([]));
    expect((await t.call('PUT', `/users/${member.id}/timecards/2026-12-20`, { as: member, body: { breakTime: 600 } })).status).toBe(200);
    expectLocked(await add(member, '2026-12-21'), 'Locked after 7 days');
    // Only that person's week: another member's same week stays locked.
    expectLocked(await add(west, '2026-12-20'), 'Locked after 7 days');

    const log = await t.call('GET', '/audit-log?kind=week.unlocked', { as: r.admin });
    expect(log.body.items ?? log.body).toEqual([
      expect.objectContaining({
        kind: 'week.unlocked',
        actor: expect.objectContaining({ id: r.admin.id }),
        subject: expect.objectContaining({ type: 'timesheet', id }),
        after: expect.objectContaining({ reason: 'Forgot the client visit' }),
      }),
    ]);
  });

  it('leaves other teams alone', async () => {
    const other = await t.roles();
    expect((await t.call('GET', '/team/auto-lock', { as: other.member })).body).toEqual(off);
    expectOk(await add(other.member, '2026-12-01'));
    // An unlock names a week of one's own team only.
    expect((await t.call('POST', `/timesheets/${member.id}2650/unlock`, { as: other.admin, body: { reason: 'x' } })).status).toBe(404);
  });
});

describe('locking before a day, and weekly', () => {
  it('before a day: the day before it locks, the day itself is open', async () => {
    await setLock(r.admin, { ...off, before: '2027-01-01' });
    expectLocked(await add(member, '2026-12-31'), 'Locked: time before 2027-01-01');
    expectOk(await add(member, '2027-01-01'));
  });

  it('weekly on Tuesday with weeks starting Monday, then Sunday: the year-end week locks on 2027-01-05', async () => {
    await setLock(r.admin, { ...off, weeklyOn: 2 });
    now = new Date('2027-01-04T12:00:00Z'); // Monday: last week is still open
    expectOk(await add(member, '2027-01-03'));
    now = new Date('2027-01-05T12:00:00Z');
    expectLocked(await add(member, '2027-01-03'), 'Locked since 2027-01-05: each week locks on the next Tuesday');
    expectLocked(await add(member, '2026-12-28'), 'Locked since 2027-01-05');
    expectOk(await add(member, '2027-01-04'));

    await t.db.update(teams).set({ weekStart: 0 }).where(eq(teams.id, r.team.id));
    // Sunday to Saturday: 2027-01-03 (Sunday) starts the open week; Saturday 2027-01-02 is locked.
    expectOk(await add(member, '2027-01-03'));
    expectLocked(await add(member, '2027-01-02'), 'Locked since 2027-01-05');
    await t.db.update(teams).set({ weekStart: 1 }).where(eq(teams.id, r.team.id));
    await setLock(r.admin, off);
    now = new Date('2027-01-05T03:00:00Z');
  });
});
