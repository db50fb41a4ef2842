import { beforeAll, describe, expect, it } from 'vitest';
import { projects, tasks, timeRecords } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let now = new Date('2027-01-13T12:00:00Z');
let billableTask: number;
let internalTask: number;

const id = (u: TestUser, week: number) => `${u.id}${week}`;
const record = (u: TestUser, date: string, time: number, taskId: number | null) =>
  t.scope(u.teamId).insert(timeRecords, { userId: u.id, taskId, date, time });
const at = (iso: string) => {
  now = new Date(iso);
};
const submit = async (u: TestUser, week: number, body: object = {}) => {
  const res = await t.call('POST', `/timesheets/${id(u, week)}/approval`, { as: u, body });
  expect(res.status).toBe(200);
};
const review = async (by: TestUser, u: TestUser, week: number, body: object) => {
  const res = await t.call('PUT', `/timesheets/${id(u, week)}/approval`, { as: by, body });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
  const s = t.scope(r.team.id);
  const billed = await s.insert(projects, { name: 'Client site', billing: { type: 'hourly', fee: null } });
  const internal = await s.insert(projects, { name: 'Internal' });
  billableTask = (await s.insert(tasks, { projectId: billed.id, name: 'Build' })).id;
  internalTask = (await s.insert(tasks, { projectId: internal.id, name: 'Meetings' })).id;
});

describe('approvals inbox', () => {
  let ann: TestUser;
  let ben: TestUser;

  beforeAll(async () => {
    ann = await t.user(r.team.id, 'member', { name: 'Ann' });
    ben = await t.user(r.team.id, 'member', { name: 'Ben' });
    // Week 2701: 2027-01-04 .. 2027-01-10. Week 2702: 2027-01-11 .. 2027-01-17.
    await record(ann, '2027-01-04', 3600, billableTask);
    await record(ann, '2027-01-05', 1800, internalTask);
    await record(ann, '2027-01-06', 900, null);
    await record(ann, '2027-01-11', 7200, billableTask);
    await record(ben, '2027-01-04', 5400, billableTask);
    await record(ben, '2027-01-05', 3600, billableTask);
    await record(ben, '2027-01-12', 1200, internalTask);

    at('2027-01-11T09:00:00Z');
    await submit(ann, 2701, { comment: 'Monday was for the client', reviewer: r.supervisor.id, days: { monday: true, tuesday: true } });
    at('2027-01-11T10:00:00Z');
    await submit(ben, 2701, { comment: 'all done' });
    at('2027-01-12T08:00:00Z');
    await submit(ann, 2702);
    at('2027-01-12T09:00:00Z');
    await review(r.admin, ben, 2701, { status: 'approved', days: { monday: true }, comment: 'Tuesday next time' });
  });

  it('lists pending weeks first, longest waiting first, then the decided ones, with totals and the request', async () => {
    const res = await t.call('GET', '/approvals', { as: r.admin });
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: number }) => x.id)).toEqual([Number(id(ann, 2701)), Number(id(ann, 2702)), Number(id(ben, 2701))]);
    const [first, , decided] = res.body;
    expect(first).toEqual({
      id: Number(id(ann, 2701)),
      user: { id: ann.id, name: 'Ann' },
      weekId: 2701,
      week: { from: '2027-01-04', to: '2027-01-10' },
      status: 'pending',
      totalTime: 6300,
      billableTime: 3600,
      submittedTime: 5400,
      submittedDays: { monday: true, tuesday: true, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false },
      approvedDays: { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false },
      submittedAt: '2027-01-11 09:00:00',
      comment: 'Monday was for the client',
      reviewer: { id: r.supervisor.id, name: expect.any(String) },
      decision: null,
    });
    expect(decided).toMatchObject({
      status: 'partial_approved',
      totalTime: 9000,
      billableTime: 9000,
      comment: 'all done',
      reviewer: null,
      approvedDays: { monday: true, tuesday: false },
      decision: {
        action: 'approved',
        by: { id: r.admin.id },
        comment: 'Tuesday next time',
        at: '2027-01-12 09:00:00',
        days: { monday: true, tuesday: false },
      },
    });
  });

  it('filters by status, week and person, and limits', async () => {
    const ids = async (q: string) => (await t.call('GET', `/approvals?${q}`, { as: r.supervisor })).body.map((x: { id: number }) => x.id);
    expect(await ids('status=pending')).toEqual([Number(id(ann, 2701)), Number(id(ann, 2702))]);
    expect(await ids('status=partial_approved')).toEqual([Number(id(ben, 2701))]);
    expect(await ids('weekId=2701')).toEqual([Number(id(ann, 2701)), Number(id(ben, 2701))]);
    expect(await ids(`user=${ben.id}`)).toEqual([Number(id(ben, 2701))]);
    expect(await ids(`user=${ann.id}&weekId=2702`)).toEqual([Number(id(ann, 2702))]);
    expect(await ids('limit=1')).toEqual([Number(id(ann, 2701))]);
    expect(await ids('status=discarded')).toEqual([]);
  });

  it('leaves withdrawn weeks out unless asked for, and shows who withdrew', async () => {
    const cy = await t.user(r.team.id, 'member', { name: 'Cy' });
    await record(cy, '2027-01-04', 600, internalTask);
    await submit(cy, 2701);
    expect((await t.call('PUT', `/timesheets/${id(cy, 2701)}/discard-approval`, { as: cy, body: { comment: 'wrong week' } })).status).toBe(
      200,
    );
    const all = await t.call('GET', `/approvals?user=${cy.id}`, { as: r.admin });
    expect(all.body).toEqual([]);
    const withdrawn = await t.call('GET', `/approvals?status=discarded`, { as: r.admin });
    expect(withdrawn.body).toHaveLength(1);
    expect(withdrawn.body[0].decision).toMatchObject({ action: 'discarded', by: { id: cy.id, name: 'Cy' }, comment: 'wrong week' });
  });

  it('counts what waits, and what waits for the caller', async () => {
    expect((await t.call('GET', '/approvals/summary', { as: r.supervisor })).body).toEqual({ pending: 2, pendingForMe: 1 });
    expect((await t.call('GET', '/approvals/summary', { as: r.admin })).body).toEqual({ pending: 2, pendingForMe: 0 });
  });

  it('shows a new request and clears the old decision when a rejected week is submitted again', async () => {
    at('2027-01-13T08:00:00Z');
    await review(r.admin, ann, 2702, { status: 'rejected', comment: 'Missing Friday' });
    let item = (await t.call('GET', `/approvals?user=${ann.id}&weekId=2702`, { as: r.admin })).body[0];
    expect(item).toMatchObject({ status: 'rejected', decision: { action: 'rejected', comment: 'Missing Friday' } });
    at('2027-01-13T09:00:00Z');
    await submit(ann, 2702, { comment: 'Added Friday' });
    item = (await t.call('GET', `/approvals?user=${ann.id}&weekId=2702`, { as: r.admin })).body[0];
    expect(item).toMatchObject({ status: 'pending', comment: 'Added Friday', submittedAt: '2027-01-13 09:00:00', decision: null });
  });

  it('is for admins and supervisors of the team only, and refuses bad filters', async () => {
    for (const who of [r.member, r.limited]) {
      expect((await t.call('GET', '/approvals', { as: who })).status).toBe(403);
      expect((await t.call('GET', '/approvals/summary', { as: who })).status).toBe(403);
    }
    expect((await t.call('GET', '/approvals')).status).toBe(401);
    const other = await t.roles();
    expect((await t.call('GET', '/approvals', { as: other.admin })).body).toEqual([]);
    expect((await t.call('GET', '/approvals/summary', { as: other.admin })).body).toEqual({ pending: 0, pendingForMe: 0 });
    for (const q of ['status=waiting', 'weekId=2599', 'weekId=abc', 'user=0', 'user=x', 'limit=0', 'limit=501']) {
      const res = await t.call('GET', `/approvals?${q}`, { as: r.admin });
      expect(res.status, q).toBe(422);
      expect(res.body.code).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).length, q).toBeGreaterThan(0);
    }
  });
});
