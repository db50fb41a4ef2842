import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sections, webhookEvents } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let stranger: TestUser;
let shared: { id: string };
let open: { id: string };
let hidden: { id: string };

const enc = (id: string) => encodeURIComponent(id);
const events = (kind: string, id: number) =>
  t.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.kind, kind), eq(webhookEvents.resourceId, String(id))));
const sectionCount = async () => (await t.db.select({ n: count() }).from(sections).where(eq(sections.teamId, r.team.id)))[0]!.n;

async function project(body: Record<string, unknown>) {
  const res = await t.call('POST', '/projects', { as: r.admin, body });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}
async function section(projectId: string, body: Record<string, unknown>, as: TestUser = r.admin) {
  const res = await t.call('POST', `/projects/${projectId}/sections`, { as, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; project: string; position: number; status: string };
}

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  stranger = await t.user((await t.team('Strangers')).id, 'admin');
  shared = await project({ name: 'Shared', users: [r.member.id, r.limited.id] });
  open = await project({ name: 'Open' });
  hidden = await project({ name: 'Hidden', privacy: true });
});

describe('sections', () => {
  it('creates (201), lists in position order and gets, with an event', async () => {
    const p = await project({ name: 'Sectioned' });
    const res = await t.call('POST', `/projects/${enc(p.id)}/sections`, { as: r.admin, body: { name: 'Backlog' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Backlog', project: p.id, position: 0, status: 'open' });
    const second = await section(p.id, { name: 'Done', status: 'archived' });
    expect(second).toMatchObject({ position: 1, status: 'archived' });
    const first = await section(p.id, { name: 'Inbox', position: 0 });
    const list = await t.call('GET', `/projects/${enc(p.id)}/sections`, { as: r.admin });
    expect(list.status).toBe(200);
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['Backlog', 'Inbox', 'Done']);
    expect((await t.call('GET', `/sections/${first.id}`, { as: r.admin })).body).toEqual(first);
    const [ev] = await events('api:section:created', res.body.id);
    expect(ev).toMatchObject({ teamId: r.team.id, projectId: Number(p.id.slice(3)), attributesProjects: [p.id], actorId: r.admin.id });
    expect(JSON.parse(ev!.payload)).toEqual(res.body);
  });

  it('updates only the supplied fields (an archived section stays archived)', async () => {
    const s = await section(shared.id, { name: 'Old', status: 'archived', position: 4 });
    const res = await t.call('PUT', `/sections/${s.id}`, { as: r.member, body: { name: 'New' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...s, name: 'New' });
    const reopened = await t.call('PUT', `/sections/${s.id}`, { as: r.supervisor, body: { status: 'open', position: 2 } });
    expect(reopened.body).toEqual({ ...s, name: 'New', status: 'open', position: 2 });
    expect(await events('api:section:updated', s.id)).toHaveLength(2);
  });

  it('validates bodies (422) and writes nothing', async () => {
    const s = await section(shared.id, { name: 'Valid' });
    const before = await sectionCount();
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x', status: 'closed' }, 'status'],
      [{ name: 'x', position: -1 }, 'position'],
      [{ name: 'x', position: 'first' }, 'position'],
    ] as const) {
      const res = await t.call('POST', `/projects/${shared.id}/sections`, { as: r.admin, body });
      expect(res.status, JSON.stringify(body)).toBe('name' in body ? 422 : 400); // missing: 400, invalid: 422
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    const bad = await t.call('PUT', `/sections/${s.id}`, { as: r.admin, body: { status: 'deleted' } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 422, errors: { status: expect.any(Array) } });
    expect((await t.call('POST', `/projects/${shared.id}/sections`, { as: r.admin, raw: '{' })).status).toBe(400);
    expect(await sectionCount()).toBe(before);
    expect((await t.call('GET', `/sections/${s.id}`, { as: r.admin })).body).toEqual(s);
    expect(await events('api:section:updated', s.id)).toHaveLength(0);
  });

  it('applies the role table', async () => {
    const s = await section(shared.id, { name: 'Roles' });
    const o = await section(open.id, { name: 'Open roles' });
    const h = await section(hidden.id, { name: 'Hidden roles' });
    expect((await t.call('POST', `/projects/${shared.id}/sections`, { as: r.supervisor, body: { name: 'sup' } })).status).toBe(201);
    expect((await t.call('POST', `/projects/${shared.id}/sections`, { as: r.member, body: { name: 'mem' } })).status).toBe(201);
    const before = await sectionCount();
    expect((await t.call('POST', `/projects/${shared.id}/sections`, { as: r.limited, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('POST', `/projects/${open.id}/sections`, { as: r.member, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('POST', `/projects/${hidden.id}/sections`, { as: r.member, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('POST', `/projects/${shared.id}/sections`, { body: { name: 'x' } })).status).toBe(401);
    expect(await sectionCount()).toBe(before);
    expect((await t.call('GET', `/sections/${s.id}`, { as: r.limited })).status).toBe(200);
    expect((await t.call('GET', `/projects/${shared.id}/sections`, { as: r.limited })).status).toBe(200);
    expect((await t.call('GET', `/sections/${o.id}`, { as: r.member })).status).toBe(200);
    expect((await t.call('GET', `/sections/${o.id}`, { as: r.limited })).status).toBe(404);
    expect((await t.call('GET', `/sections/${h.id}`, { as: r.member })).status).toBe(404);
    expect((await t.call('GET', `/projects/${hidden.id}/sections`, { as: r.member })).status).toBe(404);
    expect((await t.call('PUT', `/sections/${s.id}`, { as: r.limited, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', `/sections/${o.id}`, { as: r.member, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('DELETE', `/sections/${s.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('DELETE', `/sections/${s.id}`, { as: r.limited })).status).toBe(403);
    expect((await t.call('GET', `/sections/${s.id}`, { as: r.admin })).body).toEqual(s);
  });

  it('answers 404 across teams and for malformed or unknown ids; 401 without credentials', async () => {
    const s = await section(shared.id, { name: 'Mine' });
    for (const [method, body] of [['GET'], ['PUT', { name: 'x' }], ['DELETE'], ['POST']] as const) {
      const path = method === 'POST' ? `/sections/${s.id}/recover` : `/sections/${s.id}`;
      expect((await t.call(method, path, { as: stranger, body })).status, method).toBe(404);
      expect((await t.call(method, path, { body })).status, method).toBe(401);
    }
    for (const id of ['abc', '0', '99999999999', 'ev:1', '-1'])
      expect((await t.call('GET', `/sections/${id}`, { as: r.admin })).status, id).toBe(404);
    expect((await t.call('GET', `/projects/${shared.id}/sections`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', `/projects/${shared.id}/sections`)).status).toBe(401);
    expect((await t.call('GET', '/projects/ev:999999/sections', { as: r.admin })).status).toBe(404);
  });

  it('deletes softly: hidden everywhere, tasks become unscheduled; recover restores', async () => {
    const p = await project({ name: 'Soft', users: [r.member.id] });
    const s = await section(p.id, { name: 'Sprint' });
    const task = (await t.call('POST', `/projects/${p.id}/tasks`, { as: r.admin, body: { name: 'Numbat task', section: s.id } })).body;
    expect(task.section).toBe(s.id);
    const unscheduled = async () =>
      (await t.call('GET', `/projects/${p.id}/tasks/search?unscheduled=true`, { as: r.admin })).body.map((x: { id: string }) => x.id);
    expect(await unscheduled()).toEqual([]);

    const del = await t.call('DELETE', `/sections/${s.id}`, { as: r.supervisor });
    expect(del.status).toBe(204);
    expect((await t.call('GET', `/sections/${s.id}`, { as: r.admin })).status).toBe(404);
    expect((await t.call('PUT', `/sections/${s.id}`, { as: r.admin, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('DELETE', `/sections/${s.id}`, { as: r.admin })).status).toBe(404);
    expect((await t.call('GET', `/projects/${p.id}/sections`, { as: r.admin })).body).toEqual([]);
    expect((await t.call('GET', `/tasks/${task.id}`, { as: r.admin })).body.section).toBeNull();
    expect(await unscheduled()).toEqual([task.id]);
    const refused = await t.call('POST', `/projects/${p.id}/tasks`, { as: r.admin, body: { name: 'x', section: s.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.section).toBeDefined();
    expect(await events('api:section:removed', s.id)).toHaveLength(1);

    expect((await t.call('POST', `/sections/${s.id}/recover`, { as: r.member })).status).toBe(403);
    const rec = await t.call('POST', `/sections/${s.id}/recover`, { as: r.admin });
    expect(rec.status).toBe(200);
    expect(rec.body).toEqual(s);
    expect((await t.call('GET', `/tasks/${task.id}`, { as: r.admin })).body.section).toBe(s.id);
    expect(await unscheduled()).toEqual([]);
    expect(await events('api:section:recovered', s.id)).toHaveLength(1);
    expect((await t.call('POST', `/sections/${s.id}/recover`, { as: r.admin })).status).toBe(200);
    expect(await events('api:section:recovered', s.id)).toHaveLength(1);
  });
});
