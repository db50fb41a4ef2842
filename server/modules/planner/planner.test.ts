import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, projects, tasks, users } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let web: string;
let app: string;
let design: string;
let clientId: number;

const H = 3600;
const plan = (as: TestUser, body: Record<string, unknown>) => t.call('POST', '/resource-planner/assignments', { as, body: { type: 'project', ...body } });

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  const s = t.scope(r.team.id);
  clientId = (await s.insert(clients, { name: 'Globex' })).id;
  const p1 = await s.insert(projects, { name: 'Website', clientId });
  const p2 = await s.insert(projects, { name: 'App' });
  web = `ev:${p1.id}`;
  app = `ev:${p2.id}`;
  design = `ev:${(await s.insert(tasks, { projectId: p1.id, name: 'Design' })).id}`;
  // 40 h a week: 8 h on each workday
  await t.db.update(users).set({ capacity: 40 * H }).where(eq(users.teamId, r.team.id));
});

describe('schedule: project assignments', () => {
  it('plans a person on a project (and task) per workday and lists it with time off, by start date', async () => {
    const u = await t.user(r.team.id, 'member');
    const a = await plan(r.admin, { user: u.id, project: web, task: design, startDate: '2026-03-02', endDate: '2026-03-08', time: 4 * H, note: 'Redesign' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ type: 'project', user: u.id, project: web, task: design, startDate: '2026-03-02', endDate: '2026-03-08', time: 4 * H, days: 5, note: 'Redesign', createdBy: r.admin.id });
    const off = await t.call('POST', '/resource-planner/assignments', { as: r.admin, body: { type: 'time-off', user: u.id, startDate: '2026-03-01', endDate: '2026-03-01', status: 'approved' } });
    expect(off.status).toBe(201);
    expect(off.body).toMatchObject({ type: 'time-off', user: u.id, status: 'approved' });
    expect(off.body.id).not.toBe(a.body.id);

    const all = (await t.call('GET', `/resource-planner/assignments?user=${u.id}`, { as: r.supervisor })).body;
    expect(all.map((x: { type: string }) => x.type)).toEqual(['time-off', 'project']);
    const only = async (qs: string) => (await t.call('GET', `/resource-planner/assignments?user=${u.id}&${qs}`, { as: r.admin })).body.map((x: { id: number }) => x.id);
    expect(await only('type=project')).toEqual([a.body.id]);
    expect(await only('type=assignment')).toEqual([a.body.id]);
    expect(await only('type=time-off')).toEqual([off.body.id]);
    expect(await only(`project=${web}`)).toEqual([a.body.id]);
    expect(await only(`project=${app}`)).toEqual([]);
    expect(await only(`task=${design}`)).toEqual([a.body.id]);
    expect(await only(`client=${clientId}`)).toEqual([a.body.id]);
    expect(await only('from=2026-03-09')).toEqual([]);
    expect(await only('from=2026-03-08&to=2026-03-20')).toEqual([a.body.id]);
    // a member reads their own plan, not others'
    expect((await t.call('GET', '/resource-planner/assignments', { as: u })).body).toHaveLength(2);
    expect((await t.call('GET', `/resource-planner/assignments?user=${u.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', '/resource-planner/assignments', { as: r.member })).body).toEqual([]);
  });

  it('refuses a plan past capacity (capacity minus time off minus other assignments) with 422 naming the days, unless forced', async () => {
    const u = await t.user(r.team.id, 'member');
    // Tuesday 2026-03-03: half a day off; Wednesday 2026-03-04: 6 h on another project
    expect((await t.call('POST', '/resource-planner/assignments/time-off', { as: r.admin, body: { user: u.id, startDate: '2026-03-03', endDate: '2026-03-03', timeOffPeriod: 'half-of-day', status: 'approved' } })).status).toBe(201);
    expect((await plan(r.admin, { user: u.id, project: app, startDate: '2026-03-04', endDate: '2026-03-04', time: 6 * H })).status).toBe(201);
    const over = await plan(r.admin, { user: u.id, project: web, startDate: '2026-03-02', endDate: '2026-03-06', time: 5 * H });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('2026-03-03');
    expect(over.body.message).toContain('2026-03-04');
    expect(over.body.message).not.toContain('2026-03-02');
    expect(over.body.errors.days).toEqual(['2026-03-03', '2026-03-04']);
    // 4 h fits on the half day off, not next to 6 h planned
    const partly = await plan(r.admin, { user: u.id, project: web, startDate: '2026-03-02', endDate: '2026-03-06', time: 4 * H });
    expect(partly.body.errors.days).toEqual(['2026-03-04']);
    // weekends are not planned; 2 h fits every workday
    const fits = await plan(r.admin, { user: u.id, project: web, startDate: '2026-03-02', endDate: '2026-03-08', time: 2 * H });
    expect(fits.status).toBe(201);
    const forced = await plan(r.admin, { user: u.id, project: web, startDate: '2026-03-02', endDate: '2026-03-06', time: 8 * H, forceOverride: true });
    expect(forced.status).toBe(201);
    // moving the 6 h day is checked against the rest, leaving itself out
    const sixId = (await t.call('GET', `/resource-planner/assignments?user=${u.id}&project=${app}`, { as: r.admin })).body[0].id;
    expect((await t.call('PUT', `/resource-planner/assignments/${sixId}`, { as: r.admin, body: { time: 7 * H } })).status).toBe(422);
  });

  it('updates and deletes through /resource-planner/assignments/{id}, refusing fields of the other kind', async () => {
    const u = await t.user(r.team.id, 'member');
    const a = (await plan(r.supervisor, { user: u.id, project: web, startDate: '2026-04-06', endDate: '2026-04-10', time: H })).body;
    const moved = await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: r.admin, body: { project: app, endDate: '2026-04-17', time: 2 * H, note: 'App launch' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: a.id, type: 'project', project: app, task: null, endDate: '2026-04-17', time: 2 * H, days: 10, note: 'App launch' });
    const wrong = await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: r.admin, body: { timeOffPeriod: 'half-of-day' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.timeOffPeriod).toBeDefined();
    expect((await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: r.admin, body: { task: design } })).body.errors.task).toBeDefined();
    const off = (await t.call('POST', '/resource-planner/assignments/time-off', { as: u, body: { startDate: '2026-05-04', endDate: '2026-05-04' } })).body;
    const offWrong = await t.call('PUT', `/resource-planner/assignments/${off.id}`, { as: r.admin, body: { project: web } });
    expect(offWrong.status).toBe(422);
    expect(offWrong.body.errors.project).toBeDefined();
    const approved = await t.call('PUT', `/resource-planner/assignments/${off.id}`, { as: r.admin, body: { status: 'approved' } });
    expect(approved.body).toMatchObject({ type: 'time-off', status: 'approved' });
    expect((await t.call('DELETE', `/resource-planner/assignments/${a.id}`, { as: u })).status).toBe(403);
    expect((await t.call('DELETE', `/resource-planner/assignments/${a.id}`, { as: r.supervisor })).status).toBe(204);
    expect((await t.call('DELETE', `/resource-planner/assignments/${a.id}`, { as: r.supervisor })).status).toBe(404);
    expect((await t.call('DELETE', `/resource-planner/assignments/${off.id}`, { as: r.admin })).status).toBe(204);
  });

  it('applies roles and validates input', async () => {
    expect((await plan(r.member, { project: web, startDate: '2026-06-01', endDate: '2026-06-01', time: H })).status).toBe(403);
    const missing = await plan(r.admin, { startDate: '2026-06-01', endDate: '2026-06-01' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['project', 'time']);
    const noType = await t.call('POST', '/resource-planner/assignments', { as: r.admin, body: { project: web, startDate: '2026-06-01', endDate: '2026-06-01', time: H } });
    expect(noType.status).toBe(400);
    expect(noType.body.errors.type).toBeDefined();
    for (const [body, field] of [
      [{ project: web, startDate: '2026-06-02', endDate: '2026-06-01', time: H }, 'endDate'],
      [{ project: web, startDate: '2026-06-01', endDate: '2026-06-01', time: 0 }, 'time'],
      [{ project: 'ev:99999999', startDate: '2026-06-01', endDate: '2026-06-01', time: H }, 'project'],
      [{ project: app, task: design, startDate: '2026-06-01', endDate: '2026-06-01', time: H }, 'task'],
      [{ project: web, user: 99999999, startDate: '2026-06-01', endDate: '2026-06-01', time: H }, 'user'],
      [{ project: web, startDate: '2026-06-01', endDate: '2029-06-01', time: H }, 'endDate'],
    ] as const) {
      const res = await plan(r.admin, body);
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field], field).toBeDefined();
    }
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await plan(stranger, { project: web, startDate: '2026-06-01', endDate: '2026-06-01', time: H })).status).toBe(422);
    const mine = (await plan(r.admin, { project: web, startDate: '2026-06-01', endDate: '2026-06-01', time: H })).body;
    expect((await t.call('PUT', `/resource-planner/assignments/${mine.id}`, { as: stranger, body: { time: 60 } })).status).toBe(404);
  });
});
