import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks, timeRecords, webhookEvents } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { createProject, createSection, createTask } from '../../test/task-helpers.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let stranger: TestUser;
/** A non-private project the member and the limited member are assigned to. */
let shared: { id: string };
/** A non-private project nobody is assigned to (members read it, cannot write). */
let open: { id: string };
/** A private project with no assignees (invisible to members). */
let hidden: { id: string };

const enc = (id: string) => encodeURIComponent(id);
const num = (id: string) => Number(id.slice(3));
const events = (kind: string, resourceId: string) =>
  t.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.kind, kind), eq(webhookEvents.resourceId, resourceId)));
const taskCount = async () => (await t.db.select({ n: count() }).from(tasks).where(eq(tasks.teamId, r.team.id)))[0]!.n;

const project = (body: Record<string, unknown>) => createProject(t, r.admin, body);
const task = (projectId: string, body: Record<string, unknown>, as: TestUser = r.admin) => createTask(t, as, projectId, body);
const section = (projectId: string, name: string) => createSection(t, r.admin, projectId, name);

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  stranger = await t.user((await t.team('Strangers')).id, 'admin');
  shared = await project({ name: 'Shared', users: [r.member.id, r.limited.id] });
  open = await project({ name: 'Open' });
  hidden = await project({ name: 'Hidden', privacy: true });
});

describe('POST /projects/{id}/tasks', () => {
  it('creates a task with the full shape (201) and an event', async () => {
    const s = await section(shared.id, 'Backlog');
    const res = await t.call('POST', `/projects/${enc(shared.id)}/tasks`, {
      as: r.admin,
      body: {
        name: 'Write spec',
        section: s.id,
        labels: ['docs'],
        description: 'Long text',
        dueOn: '2026-03-31',
        status: 'open',
        unbillable: true,
        attributes: { jira: 'TK-1' },
        metrics: { points: 3 },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^ev:\d+$/),
      name: 'Write spec',
      type: 'task',
      projects: [shared.id],
      section: s.id,
      labels: ['docs'],
      position: 0,
      description: 'Long text',
      dueAt: '2026-03-31 00:00:00',
      status: 'open',
      time: { total: 0, users: {} },
      estimate: null,
      attributes: { jira: 'TK-1' },
      metrics: { points: 3 },
      unbillable: true,
      createdAt: expect.any(String),
    });
    const [ev] = await events('api:task:created', res.body.id);
    expect(ev).toMatchObject({ teamId: r.team.id, projectId: num(shared.id), actorId: r.admin.id, attributesProjects: [shared.id] });
    expect(ev!.attributesUsers.sort()).toEqual([r.member.id, r.limited.id].sort());
    expect(JSON.parse(ev!.payload)).toEqual(res.body);
    const next = await task(shared.id, { name: 'Second' });
    expect(next).toMatchObject({ position: 1, section: null, labels: [], description: '', dueAt: null, status: 'open', unbillable: false });
  });

  it('lets admins, supervisors and assigned members create; refuses others', async () => {
    expect((await t.call('POST', `/projects/${shared.id}/tasks`, { as: r.supervisor, body: { name: 'sup' } })).status).toBe(201);
    expect((await t.call('POST', `/projects/${shared.id}/tasks`, { as: r.member, body: { name: 'mem' } })).status).toBe(201);
    const before = await taskCount();
    expect((await t.call('POST', `/projects/${shared.id}/tasks`, { as: r.limited, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('POST', `/projects/${open.id}/tasks`, { as: r.member, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('POST', `/projects/${hidden.id}/tasks`, { as: r.member, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('POST', `/projects/${shared.id}/tasks`, { as: stranger, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('POST', `/projects/${shared.id}/tasks`, { body: { name: 'x' } })).status).toBe(401);
    expect((await t.call('POST', '/projects/ev:0/tasks', { as: r.admin, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('POST', '/projects/nope/tasks', { as: r.admin, body: { name: 'x' } })).status).toBe(404);
    expect(await taskCount()).toBe(before);
  });

  it('validates the body (422) and writes nothing', async () => {
    const otherSection = await section(open.id, 'Elsewhere');
    const foreignProject = (await t.call('POST', '/projects', { as: stranger, body: { name: 'Foreign' } })).body;
    const foreignSection = (await t.call('POST', `/projects/${foreignProject.id}/sections`, { as: stranger, body: { name: 'S' } })).body;
    const before = await taskCount();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: 5 }, 'name'],
      [{ name: 'x', status: 'done' }, 'status'],
      [{ name: 'x', dueOn: '2026-02-30' }, 'dueOn'],
      [{ name: 'x', dueOn: '31/03/2026' }, 'dueOn'],
      [{ name: 'x', labels: 'a,b' }, 'labels'],
      [{ name: 'x', position: -1 }, 'position'],
      [{ name: 'x', section: 'one' }, 'section'],
      [{ name: 'x', section: otherSection.id }, 'section'],
      [{ name: 'x', section: foreignSection.id }, 'section'],
      [{ name: 'x', section: 2147483648 }, 'section'],
      [{ name: 'x', metrics: { points: 'three' } }, 'metrics.points'],
      [{ name: 'x', attributes: { a: 'b\u0000' } }, 'attributes.a'],
      [{ name: 'x', description: 'nul \u0000' }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', `/projects/${shared.id}/tasks`, { as: r.admin, body });
      // a missing required field is 400, an invalid one 422, a NUL character 400
      const status = 'name' in (body as object) && !JSON.stringify(body).includes('\\u0000') ? 422 : 400;
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ code: status, message: expect.any(String) });
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await t.call('POST', `/projects/${shared.id}/tasks`, { as: r.admin, raw: '[' })).status).toBe(400);
    expect(await taskCount()).toBe(before);
  });
});

describe('GET, PUT, DELETE and recover /tasks/{id}', () => {
  it('gets a task by id, also percent-encoded; 404 elsewhere', async () => {
    const a = await task(shared.id, { name: 'Readable' });
    expect((await t.call('GET', `/tasks/${a.id}`, { as: r.limited })).body).toEqual(a);
    expect((await t.call('GET', `/tasks/${enc(a.id)}`, { as: r.member })).body).toEqual(a);
    const h = await task(hidden.id, { name: 'Secret' });
    expect((await t.call('GET', `/tasks/${h.id}`, { as: r.member })).status).toBe(404);
    expect((await t.call('GET', `/tasks/${h.id}`, { as: r.supervisor })).status).toBe(200);
    expect((await t.call('GET', `/tasks/${a.id}`, { as: stranger })).status).toBe(404);
    for (const id of ['ev:0', 'ev:99999999999', 'abc', '12'])
      expect((await t.call('GET', `/tasks/${id}`, { as: r.admin })).status, id).toBe(404);
    expect((await t.call('GET', `/tasks/${a.id}`)).status).toBe(401);
  });

  it('updates only the supplied fields; dueOn becomes dueAt; an event is recorded', async () => {
    const s = await section(shared.id, 'Doing');
    const a = await task(shared.id, { name: 'Old', labels: ['x'], dueOn: '2026-01-01' });
    const res = await t.call('PUT', `/tasks/${a.id}`, {
      as: r.member,
      body: { name: 'New', section: s.id, status: 'closed', dueOn: '2026-12-24' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, name: 'New', section: s.id, status: 'closed', dueAt: '2026-12-24 00:00:00', labels: ['x'] });
    const cleared = await t.call('PUT', `/tasks/${a.id}`, { as: r.supervisor, body: { dueOn: null, section: null } });
    expect(cleared.body).toMatchObject({ dueAt: null, section: null, name: 'New' });
    expect(await events('api:task:updated', a.id)).toHaveLength(2);
  });

  it('refuses bad updates (422), other roles (403) and other teams (404) without writing', async () => {
    const a = await task(shared.id, { name: 'Stable' });
    const b = await task(open.id, { name: 'Open task' });
    const foreignSection = await section(open.id, 'Not here');
    for (const [body, field] of [
      [{ status: 'archived' }, 'status'],
      [{ name: '' }, 'name'],
      [{ section: foreignSection.id }, 'section'],
      [{ unbillable: 'yes' }, 'unbillable'],
    ] as const) {
      const res = await t.call('PUT', `/tasks/${a.id}`, { as: r.admin, body });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await t.call('PUT', `/tasks/${a.id}`, { as: r.limited, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', `/tasks/${b.id}`, { as: r.member, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', `/tasks/${a.id}`, { as: stranger, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('PUT', `/tasks/${a.id}`, { body: { name: 'x' } })).status).toBe(401);
    expect((await t.call('GET', `/tasks/${a.id}`, { as: r.admin })).body).toEqual(a);
    expect((await t.call('GET', `/tasks/${b.id}`, { as: r.admin })).body.name).toBe('Open task');
    expect(await events('api:task:updated', a.id)).toHaveLength(0);
  });

  it('deletes softly (hidden everywhere, 404) and recovers, with events', async () => {
    const a = await task(shared.id, { name: 'Zyzzyva removable' });
    expect((await t.call('DELETE', `/tasks/${a.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('DELETE', `/tasks/${a.id}`, { as: r.limited })).status).toBe(403);
    expect((await t.call('DELETE', `/tasks/${a.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('DELETE', `/tasks/${a.id}`)).status).toBe(401);
    const del = await t.call('DELETE', `/tasks/${enc(a.id)}`, { as: r.supervisor });
    expect(del.status).toBe(204);
    expect((await t.call('GET', `/tasks/${a.id}`, { as: r.admin })).status).toBe(404);
    expect((await t.call('PUT', `/tasks/${a.id}`, { as: r.admin, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('PUT', `/tasks/${a.id}/estimate`, { as: r.admin, body: { total: 1 } })).status).toBe(404);
    expect((await t.call('DELETE', `/tasks/${a.id}`, { as: r.admin })).status).toBe(404);
    expect((await t.call('GET', `/tasks/search?query=zyzzyva`, { as: r.admin })).body).toEqual([]);
    expect((await t.call('GET', `/projects/${shared.id}/tasks?query=zyzzyva`, { as: r.admin })).body).toEqual([]);
    expect(await events('api:task:removed', a.id)).toHaveLength(1);
    expect(
      (
        await t.db
          .select()
          .from(tasks)
          .where(eq(tasks.id, num(a.id)))
      )[0]!.deletedAt,
    ).not.toBeNull();

    expect((await t.call('POST', `/tasks/${a.id}/recover`, { as: r.member })).status).toBe(403);
    expect((await t.call('POST', `/tasks/${a.id}/recover`, { as: stranger })).status).toBe(404);
    const rec = await t.call('POST', `/tasks/${a.id}/recover`, { as: r.admin });
    expect(rec.status).toBe(200);
    expect(rec.body).toEqual(a);
    expect((await t.call('GET', `/tasks/${a.id}`, { as: r.admin })).status).toBe(200);
    expect((await t.call('GET', `/tasks/search?query=zyzzyva`, { as: r.admin })).body.map((x: any) => x.id)).toEqual([a.id]);
    expect(await events('api:task:recovered', a.id)).toHaveLength(1);
    const again = await t.call('POST', `/tasks/${a.id}/recover`, { as: r.admin });
    expect(again.status).toBe(200);
    expect(await events('api:task:recovered', a.id)).toHaveLength(1);
    expect((await t.call('POST', '/tasks/ev:0/recover', { as: r.admin })).status).toBe(404);
  });
});

describe('estimates', () => {
  it('sets an overall and a per-user estimate, then removes it, with events', async () => {
    const a = await task(shared.id, { name: 'Estimated' });
    const overall = await t.call('PUT', `/tasks/${enc(a.id)}/estimate`, { as: r.admin, body: { total: 7200, type: 'overall' } });
    expect(overall.status).toBe(200);
    expect(overall.body.estimate).toEqual({ total: 7200, type: 'overall', users: {} });
    const perUser = await t.call('PUT', `/tasks/${a.id}/estimate`, {
      as: r.member,
      body: { type: 'users', users: { [r.member.id]: 3600, [r.supervisor.id]: 1800 } },
    });
    expect(perUser.status).toBe(200);
    expect(perUser.body.estimate).toEqual({ total: 5400, type: 'users', users: { [r.member.id]: 3600, [r.supervisor.id]: 1800 } });
    expect((await t.call('GET', `/tasks/${a.id}`, { as: r.limited })).body.estimate.total).toBe(5400);
    const removed = await t.call('DELETE', `/tasks/${a.id}/estimate`, { as: r.supervisor });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: a.id, estimate: null });
    const evs = await events('api:estimate:updated', a.id);
    expect(evs).toHaveLength(3);
    expect(JSON.parse(evs.at(-1)!.payload).estimate).toBeNull();
  });

  it('validates (422) and applies roles, writing nothing', async () => {
    const a = await task(shared.id, { name: 'Guarded estimate' });
    const b = await task(open.id, { name: 'Open estimate' });
    for (const [body, field] of [
      [{ total: -1 }, 'total'],
      [{ total: 1.5 }, 'total'],
      [{ total: 10, type: 'team' }, 'type'],
      [{ type: 'users', users: {} }, 'users'],
      [{ type: 'users', users: { [r.member.id]: -5 } }, `users.${r.member.id}`],
      [{ type: 'users', users: { [stranger.id]: 60 } }, 'users'],
      [{ type: 'users', users: { '99999999999': 60 } }, 'users.99999999999'],
    ] as const) {
      const res = await t.call('PUT', `/tasks/${a.id}/estimate`, { as: r.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    // An overall estimate without its total leaves out a field the estimate requires.
    const noTotal = await t.call('PUT', `/tasks/${a.id}/estimate`, { as: r.admin, body: { type: 'overall' } });
    expect([noTotal.status, Object.keys(noTotal.body.errors)]).toEqual([400, ['total']]);
    expect((await t.call('PUT', `/tasks/${a.id}/estimate`, { as: r.limited, body: { total: 60 } })).status).toBe(403);
    expect((await t.call('DELETE', `/tasks/${a.id}/estimate`, { as: r.limited })).status).toBe(403);
    expect((await t.call('PUT', `/tasks/${b.id}/estimate`, { as: r.member, body: { total: 60 } })).status).toBe(403);
    expect((await t.call('PUT', `/tasks/${a.id}/estimate`, { as: stranger, body: { total: 60 } })).status).toBe(404);
    expect((await t.call('DELETE', `/tasks/${a.id}/estimate`, { as: stranger })).status).toBe(404);
    expect((await t.call('PUT', `/tasks/${a.id}/estimate`, { body: { total: 60 } })).status).toBe(401);
    expect((await t.call('DELETE', `/tasks/${a.id}/estimate`)).status).toBe(401);
    expect((await t.call('GET', `/tasks/${a.id}`, { as: r.admin })).body.estimate).toBeNull();
    expect(await events('api:estimate:updated', a.id)).toHaveLength(0);
  });
});

describe('task time', () => {
  it('sums recorded time per user in SQL; members see only their own share', async () => {
    const a = await task(shared.id, { name: 'Timed' });
    await t.db.insert(timeRecords).values([
      { teamId: r.team.id, userId: r.member.id, taskId: num(a.id), date: '2026-01-05', time: 3600 },
      { teamId: r.team.id, userId: r.member.id, taskId: num(a.id), date: '2026-01-06', time: 1800 },
      { teamId: r.team.id, userId: r.supervisor.id, taskId: num(a.id), date: '2026-01-06', time: 600 },
    ]);
    const admin = (await t.call('GET', `/tasks/${a.id}`, { as: r.admin })).body;
    expect(admin.time).toEqual({ total: 6000, users: { [r.member.id]: 5400, [r.supervisor.id]: 600 } });
    const member = (await t.call('GET', `/tasks/${a.id}`, { as: r.member })).body;
    expect(member.time).toEqual({ total: 6000, users: { [r.member.id]: 5400 } });
    const limited = (await t.call('GET', `/tasks/${a.id}`, { as: r.limited })).body;
    expect(limited.time).toEqual({ total: 6000, users: {} });
    const listed = (await t.call('GET', `/projects/${shared.id}/tasks?query=timed`, { as: r.supervisor })).body;
    expect(listed[0].time.total).toBe(6000);
  });
});

describe('GET /projects/{id}/tasks', () => {
  let p: { id: string };
  beforeAll(async () => {
    p = await project({ name: 'Listing', users: [r.limited.id] });
    for (let i = 0; i < 5; i++) await task(p.id, { name: `Item ${i}`, status: i % 2 ? 'closed' : 'open' });
  });

  it('lists in position order with limit, page, query and exclude-closed', async () => {
    const names = async (qs: string, as: TestUser = r.admin) =>
      ((await t.call('GET', `/projects/${enc(p.id)}/tasks${qs}`, { as })).body as { name: string }[]).map((x) => x.name);
    expect(await names('')).toEqual(['Item 0', 'Item 1', 'Item 2', 'Item 3', 'Item 4']);
    expect(await names('?limit=2&page=2')).toEqual(['Item 2', 'Item 3']);
    expect(await names('?exclude-closed=true')).toEqual(['Item 0', 'Item 2', 'Item 4']);
    expect(await names('?query=ITEM%203')).toEqual(['Item 3']);
    expect(await names('', r.limited)).toHaveLength(5);
  });

  it('validates the query and hides the project from others', async () => {
    for (const qs of ['limit=0', 'page=0', 'page=101', 'exclude-closed=maybe', 'query=%00']) {
      const res = await t.call('GET', `/projects/${p.id}/tasks?${qs}`, { as: r.admin });
      const status = qs.includes('%00') ? 400 : 422;
      expect(res.status, qs).toBe(status);
      expect(res.body.code).toBe(status);
    }
    expect((await t.call('GET', `/projects/${p.id}/tasks?limit=250`, { as: r.admin })).status).toBe(200);
    expect((await t.call('GET', `/projects/${p.id}/tasks?limit=251`, { as: r.admin })).status).toBe(200); // clamped to 250
    expect((await t.call('GET', `/projects/${hidden.id}/tasks`, { as: r.member })).status).toBe(404);
    expect((await t.call('GET', `/projects/${p.id}/tasks`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', `/projects/${p.id}/tasks`)).status).toBe(401);
  });
});
