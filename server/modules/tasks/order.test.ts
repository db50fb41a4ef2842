import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let stranger: TestUser;
/** Non-private, the member and the limited member assigned. */
let shared: string;
/** Non-private, nobody assigned (members read it only). */
let open: string;

const events = (kind: string, resourceId: string) =>
  t.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.kind, kind), eq(webhookEvents.resourceId, resourceId)));

async function project(body: Record<string, unknown>) {
  const res = await t.call('POST', '/projects', { as: r.admin, body });
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
}
async function section(projectId: string, name: string) {
  const res = await t.call('POST', `/projects/${projectId}/sections`, { as: r.admin, body: { name } });
  expect(res.status).toBe(201);
  return (res.body as { id: number }).id;
}
async function task(projectId: string, name: string, sectionId: number | null) {
  const res = await t.call('POST', `/projects/${projectId}/tasks`, { as: r.admin, body: { name, section: sectionId } });
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
}
/** Task names per section id (`none` for tasks outside sections), in list order. */
async function layout(projectId: string) {
  const res = await t.call('GET', `/projects/${projectId}/tasks`, { as: r.admin });
  const groups: Record<string, string[]> = {};
  const list = [...(res.body as { name: string; section: number | null; position: number }[])].sort((a, b) => a.position - b.position);
  for (const x of list) (groups[x.section ?? 'none'] ??= []).push(x.name);
  return groups;
}
const sectionNames = async (projectId: string) =>
  ((await t.call('GET', `/projects/${projectId}/sections`, { as: r.admin })).body as { name: string }[]).map((s) => s.name);

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  stranger = await t.user((await t.team('Strangers')).id, 'admin');
  shared = await project({ name: 'Shared', users: [r.member.id, r.limited.id] });
  open = await project({ name: 'Open' });
});

describe('PUT /projects/{id}/sections-order', () => {
  it('reorders the sections, answers them in order, and records an event for each moved one', async () => {
    const p = await project({ name: 'Sections' });
    const [a, b, c] = [await section(p, 'A'), await section(p, 'B'), await section(p, 'C')];
    const res = await t.call('PUT', `/projects/${p}/sections-order`, { as: r.admin, body: { order: [c, a, String(b)] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: c, name: 'C', position: 0 }),
      expect.objectContaining({ id: a, name: 'A', position: 1 }),
      expect.objectContaining({ id: b, name: 'B', position: 2 }),
    ]);
    expect(await sectionNames(p)).toEqual(['C', 'A', 'B']);
    expect(await events('api:section:updated', String(c))).toHaveLength(1);
  });

  it('refuses a missing, duplicate or foreign section (422) and changes nothing', async () => {
    const p = await project({ name: 'Strict sections' });
    const [a, b] = [await section(p, 'A'), await section(p, 'B')];
    const other = await section(open, 'Elsewhere');
    for (const order of [[a], [a, b, b], [a, b, other], [b, a, 999_999]]) {
      const res = await t.call('PUT', `/projects/${p}/sections-order`, { as: r.admin, body: { order } });
      expect(res.status, JSON.stringify(order)).toBe(422);
      expect(res.body).toMatchObject({ code: 422, errors: { order: expect.any(Array) } });
    }
    expect((await t.call('PUT', `/projects/${p}/sections-order`, { as: r.admin, body: { order: 'a' } })).status).toBe(422);
    expect((await t.call('PUT', `/projects/${p}/sections-order`, { as: r.admin, body: {} })).status).toBe(400);
    expect(await sectionNames(p)).toEqual(['A', 'B']);
  });

  it('lets assigned members reorder; others by role get 403 or 404', async () => {
    const a = await section(shared, 'One');
    const b = await section(shared, 'Two');
    const ok = await t.call('PUT', `/projects/${shared}/sections-order`, { as: r.member, body: { order: [b, a] } });
    expect(ok.status).toBe(200);
    expect((await t.call('PUT', `/projects/${shared}/sections-order`, { as: r.limited, body: { order: [a, b] } })).status).toBe(403);
    const o = await section(open, 'Open one');
    const openOrder = (await t.call('GET', `/projects/${open}/sections`, { as: r.admin })).body.map((s: { id: number }) => s.id);
    expect(openOrder).toContain(o);
    expect((await t.call('PUT', `/projects/${open}/sections-order`, { as: r.member, body: { order: openOrder } })).status).toBe(403);
    expect((await t.call('PUT', `/projects/${shared}/sections-order`, { as: stranger, body: { order: [a, b] } })).status).toBe(404);
    expect((await t.call('PUT', `/projects/${shared}/sections-order`, { body: { order: [a, b] } })).status).toBe(401);
    expect(await sectionNames(shared)).toEqual(['Two', 'One']);
  });
});

describe('PUT /projects/{id}/tasks-order', () => {
  it('moves a task into another section at a place, and reorders within one', async () => {
    const p = await project({ name: 'Tasks' });
    const [todo, done] = [await section(p, 'To do'), await section(p, 'Done')];
    const [t1, t2, t3] = [await task(p, 'One', todo), await task(p, 'Two', todo), await task(p, 'Three', todo)];
    const d1 = await task(p, 'Shipped', done);
    const loose = await task(p, 'Loose', null);
    // Two moves to Done, before Shipped.
    const res = await t.call('PUT', `/projects/${p}/tasks-order`, { as: r.admin, body: { section: done, order: [t2, d1] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([t2, d1]);
    expect(await layout(p)).toEqual({ [todo]: ['One', 'Three'], [done]: ['Two', 'Shipped'], none: ['Loose'] });
    // Within a section; the old positions of the others need not be listed.
    const within = await t.call('PUT', `/projects/${p}/tasks-order`, { as: r.admin, body: { section: String(todo), order: [t3, t1] } });
    expect(within.status).toBe(200);
    expect(await layout(p)).toEqual({ [todo]: ['Three', 'One'], [done]: ['Two', 'Shipped'], none: ['Loose'] });
    // Out of every section.
    const out = await t.call('PUT', `/projects/${p}/tasks-order`, { as: r.admin, body: { section: null, order: [t1, loose] } });
    expect(out.status).toBe(200);
    expect(await layout(p)).toEqual({ [todo]: ['Three'], [done]: ['Two', 'Shipped'], none: ['One', 'Loose'] });
    const moved = await t.call('GET', `/tasks/${t2}`, { as: r.admin });
    expect(moved.body).toMatchObject({ section: done, position: 0 });
    expect(await events('api:task:updated', t2)).toHaveLength(1);
  });

  it('refuses a missing, duplicate or foreign task, or a foreign section (422), and changes nothing', async () => {
    const p = await project({ name: 'Strict tasks' });
    const s = await section(p, 'Only');
    const [a, b] = [await task(p, 'A', s), await task(p, 'B', s)];
    const foreign = await task(open, 'Foreign', null);
    const otherSection = await section(open, 'Other');
    const cases: [unknown, string][] = [
      [{ section: s, order: [a] }, 'order'],
      [{ section: s, order: [a, b, a] }, 'order'],
      [{ section: s, order: [a, b, foreign] }, 'order'],
      [{ section: s, order: [a, b, 'ev:999999'] }, 'order'],
      [{ section: otherSection, order: [a] }, 'section'],
      [{ section: s, order: [1] }, 'order.0'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('PUT', `/projects/${p}/tasks-order`, { as: r.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ code: 422, errors: { [field]: expect.any(Array) } });
    }
    expect((await t.call('PUT', `/projects/${p}/tasks-order`, { as: r.admin, body: { order: [a, b] } })).status).toBe(400);
    expect(await layout(p)).toEqual({ [s]: ['A', 'B'] });
  });

  it('lets assigned members move tasks; limited members, unassigned members and other teams cannot', async () => {
    const s = await section(shared, 'Member section');
    const [a, b] = [await task(shared, 'First', s), await task(shared, 'Second', s)];
    expect((await t.call('PUT', `/projects/${shared}/tasks-order`, { as: r.member, body: { section: s, order: [b, a] } })).status).toBe(200);
    expect((await t.call('PUT', `/projects/${shared}/tasks-order`, { as: r.limited, body: { section: s, order: [a, b] } })).status).toBe(403);
    expect((await t.call('PUT', `/projects/${shared}/tasks-order`, { as: stranger, body: { section: s, order: [a, b] } })).status).toBe(404);
    const o = await task(open, 'Open task', null);
    const loose = (await t.call('GET', `/projects/${open}/tasks`, { as: r.admin })).body
      .filter((x: { section: number | null }) => x.section === null)
      .map((x: { id: string }) => x.id);
    expect(loose).toContain(o);
    expect((await t.call('PUT', `/projects/${open}/tasks-order`, { as: r.member, body: { section: null, order: loose } })).status).toBe(403);
    expect((await layout(shared))[s]).toEqual(['Second', 'First']);
  });
});
