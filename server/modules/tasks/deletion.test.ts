import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeRecords } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';

// Time the timesheets, approvals, invoices and dashboards count is never hidden by deleting what holds it.
let now = new Date('2026-03-10T09:00:00Z');
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let f: ReturnType<typeof fixtures>;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
  f = fixtures(t);
});

const add = (as: TestUser, body: Record<string, unknown>) => t.call('POST', '/time', { as, body });
const submit = (u: TestUser, week: string) => t.call('POST', `/timesheets/${u.id}${week}/approval`, { as: u, body: {} });
const listed = async (u: TestUser) =>
  (await t.call<{ id: number; time: number }[]>('GET', `/users/${u.id}/time?from=2026-03-01&to=2026-03-31`, { as: r.admin })).body;
/** The seconds the user's timesheets of March count. */
const weekTotal = async (u: TestUser) => {
  const weeks = (await t.call('GET', `/users/${u.id}/timesheets?from=2026-03-01&to=2026-03-31`, { as: r.admin })).body as {
    dailyTime: { time: number }[];
  }[];
  return weeks.flatMap((w) => w.dailyTime).reduce((n, d) => n + d.time, 0);
};

async function taskWithTime(u: TestUser, date = '2026-03-02') {
  const p = await f.project(r.team.id, { users: [u.id] });
  const task = `ev:${(await f.task(r.team.id, p.id, { name: 'Holds time' })).id}`;
  const rec = (await add(u, { time: 3600, date, task })).body;
  return { project: `ev:${p.id}`, task, rec };
}

describe('deleting a task', () => {
  it('is refused to a supervisor while the team’s automatic lock holds its time, allowed once an admin opens the week; admins are not bound', async () => {
    const tm = await t.team();
    const [admin, sup, u] = [await t.user(tm.id, 'admin'), await t.user(tm.id, 'supervisor'), await t.user(tm.id, 'member', { name: 'Lou Locked' })];
    const holds = async () => {
      const p = await f.project(tm.id, { users: [u.id] });
      const task = `ev:${(await f.task(tm.id, p.id, { name: 'Holds locked time' })).id}`;
      expect((await add(u, { time: 3600, date: '2026-03-02', task })).status).toBe(201);
      return task;
    };
    const [task, other] = [await holds(), await holds()];
    const lock = await t.call('PUT', '/team/auto-lock', { as: admin, body: { afterDays: 3, before: null, weeklyOn: null } });
    expect(lock.status).toBe(200);
    const refused = await t.call('DELETE', `/tasks/${task}`, { as: sup });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^This task holds time that is locked, so it cannot be deleted \(Lou Locked, 2026-03-02: Locked after 3 days/);
    expect((await t.call('GET', `/tasks/${task}`, { as: sup })).status).toBe(200);
    // An admin is not bound by the automatic lock.
    expect((await t.call('DELETE', `/tasks/${other}`, { as: admin })).status).toBe(204);
    // Opened again by an admin (with a reason), the week's time may go with its task.
    const opened = await t.call('POST', `/timesheets/${u.id}2610/unlock`, { as: admin, body: { reason: 'Task cleanup' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await t.call('DELETE', `/tasks/${task}`, { as: sup })).status).toBe(204);
  });

  it('is refused (422, naming why) while it holds time of an approved or pending week, and allowed once the week is reopened', async () => {
    const u = await t.user(r.team.id, 'member', { name: 'Ada Approved' });
    const { task, rec } = await taskWithTime(u);
    expect((await submit(u, '2610')).status).toBe(200);
    const pending = await t.call('DELETE', `/tasks/${task}`, { as: r.admin });
    expect(pending.status).toBe(422);
    expect(pending.body.message).toMatch(
      /^This task holds time that is approved, pending approval or invoiced, so it cannot be deleted \(Ada Approved, 2026-03-02: Week 2610 is pending approval\)$/,
    );
    expect(pending.body.errors).toEqual({ time: ['Ada Approved, 2026-03-02: Week 2610 is pending approval'] });
    const approved = await t.call('PUT', `/timesheets/${u.id}2610/approval`, { as: r.admin, body: { status: 'approved' } });
    expect(approved.status).toBe(200);
    const refused = await t.call('DELETE', `/tasks/${task}`, { as: r.supervisor });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.time[0]).toMatch(/^Ada Approved, 2026-03-02: Approved on /);
    // Nothing moved: the task is there, and its time listed as the timesheet counts it.
    expect((await t.call('GET', `/tasks/${task}`, { as: r.admin })).status).toBe(200);
    expect((await listed(u)).map((x) => x.id)).toEqual([rec.id]);
    expect(await weekTotal(u)).toBe(3600);
    // Reopened, the time is no longer locked and the task may go.
    expect(
      (await t.call('PUT', `/timesheets/${u.id}2610/approval`, { as: r.admin, body: { status: 'rejected', comment: 'Redo' } })).status,
    ).toBe(200);
    expect((await t.call('DELETE', `/tasks/${task}`, { as: r.admin })).status).toBe(204);
  });

  it('is refused while it holds invoiced time', async () => {
    const u = await t.user(r.team.id, 'member', { name: 'Ivo Invoiced' });
    const { task, rec } = await taskWithTime(u, '2026-03-16');
    await t.db.update(timeRecords).set({ isInvoiced: true }).where(eq(timeRecords.id, rec.id));
    const res = await t.call('DELETE', `/tasks/${task}`, { as: r.admin });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ time: ['Ivo Invoiced, 2026-03-16: The time is invoiced'] });
  });

  it('stops a timer running on it first, its seconds saved on the task as a stop would', async () => {
    const u = await t.user(r.team.id, 'member');
    const p = await f.project(r.team.id, { users: [u.id] });
    const task = `ev:${(await f.task(r.team.id, p.id)).id}`;
    now = new Date('2026-03-11T09:00:00Z');
    expect((await t.call('POST', '/timers', { as: u, body: { task } })).status).toBe(200);
    now = new Date('2026-03-11T09:25:00Z');
    expect((await t.call('DELETE', `/tasks/${task}`, { as: r.supervisor })).status).toBe(204);
    expect((await t.call('GET', '/timers/current', { as: u })).body).toEqual({ status: 'stopped' });
    const booked = await t.db
      .select({ taskId: timeRecords.taskId, time: timeRecords.time })
      .from(timeRecords)
      .where(and(eq(timeRecords.userId, u.id), eq(timeRecords.date, '2026-03-11')));
    expect(booked).toEqual([{ taskId: Number(task.slice(3)), time: 1500 }]);
    // Recovering the task brings its time back into the lists.
    expect((await t.call('POST', `/tasks/${task}/recover`, { as: r.admin })).status).toBe(200);
    expect((await listed(u)).map((x) => x.time)).toEqual([1500]);
  });
});

describe('deleting a project', () => {
  it('is refused while a timer runs on one of its tasks, as it is once it has time', async () => {
    const u = await t.user(r.team.id, 'member', { name: 'Tim Timer' });
    const p = await f.project(r.team.id, { users: [u.id] });
    const task = `ev:${(await f.task(r.team.id, p.id)).id}`;
    expect((await t.call('POST', '/timers', { as: u, body: { task } })).status).toBe(200);
    const res = await t.call('DELETE', `/projects/ev:${p.id}`, { as: r.admin });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Tim Timer's timer is running on a task of this project; archive the project instead of deleting it");
    expect((await t.call('GET', '/timers/current', { as: u })).body.task.id).toBe(task);
    expect((await t.call('DELETE', '/timers/current', { as: u })).status).toBe(200);
  });
});

describe('deleting a section', () => {
  it('keeps its tasks and their locked time listed', async () => {
    const u = await t.user(r.team.id, 'member');
    const { project, task, rec } = await taskWithTime(u, '2026-03-23');
    const section = (await t.call('POST', `/projects/${project}/sections`, { as: r.admin, body: { name: 'Doomed' } })).body.id;
    expect((await t.call('PUT', `/tasks/${task}`, { as: r.admin, body: { section } })).status).toBe(200);
    expect((await submit(u, '2613')).status).toBe(200);
    expect((await t.call('DELETE', `/sections/${section}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('GET', `/tasks/${task}`, { as: r.admin })).body).toMatchObject({ id: task, section: null });
    expect((await listed(u)).map((x) => x.id)).toEqual([rec.id]);
  });
});
