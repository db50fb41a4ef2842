import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects, projectUsers, tasks, timeRecords, webhookEvents } from '../../db/schema/index.ts';
import type { TestContext, TestUser } from '../../test/harness.ts';
import { projectSuite } from '../../test/project-suite.ts';

const suite = projectSuite();
const { events, newProject } = suite;
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let stranger: TestUser;
beforeAll(() => void ({ t, r, stranger } = suite));

const enc = (id: string) => encodeURIComponent(id);
const projectCount = async (teamId: number) => (await t.db.select({ n: count() }).from(projects).where(eq(projects.teamId, teamId)))[0]!.n;

describe('POST /projects', () => {
  it('creates a project with assigned users and a client (201)', async () => {
    const client = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'Acme' } })).body;
    const res = await t.call('POST', '/projects', {
      as: r.admin,
      body: { name: 'Website', type: 'board', users: [r.member.id, r.limited.id], client: client.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^ev:\d+$/),
      name: 'Website',
      platform: 'ev',
      type: 'board',
      users: [r.member.id, r.limited.id].sort((a, b) => a - b),
      client: client.id,
      workspaceId: `ev:${r.team.id}`,
      workspaceName: r.team.name,
      favorite: false,
      status: 'open',
      privacy: false,
      changeProtected: false,
      billing: { type: 'non_billable', fee: null },
      rate: { type: 'project_rate', rate: null, userRateOverrides: {}, userCostOverrides: {} },
    });
    expect(res.body.budget).toBeUndefined();
    const c = await t.call('GET', `/clients/${client.id}`, { as: r.admin });
    expect(c.body.projects).toEqual([res.body.id]);
  });

  it('defaults type to list and users to none; supervisors may create', async () => {
    const res = await t.call('POST', '/projects', { as: r.supervisor, body: { name: 'Sup' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'list', users: [], client: null });
    expect(res.body.rate).toBeUndefined();
  });

  it('refuses members, limited members and anonymous callers', async () => {
    const before = await projectCount(r.team.id);
    expect((await t.call('POST', '/projects', { as: r.member, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('POST', '/projects', { as: r.limited, body: { name: 'x' } })).status).toBe(403);
    const anon = await t.call('POST', '/projects', { body: { name: 'x' } });
    expect(anon.status).toBe(401);
    expect(anon.headers.get('www-authenticate')).toContain('resource_metadata');
    expect(await projectCount(r.team.id)).toBe(before);
  });

  it('validates the body (422 per field, 400 for malformed JSON) and writes nothing', async () => {
    const before = await projectCount(r.team.id);
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'x', type: 'grid' }, 'type'],
      [{ name: 'x', users: ['one'] }, 'users.0'],
      [{ name: 'x', users: [-1] }, 'users.0'],
      [{ name: 'x', client: 'acme' }, 'client'],
      [{ name: 'x', privacy: 'yes' }, 'privacy'],
      [{ name: 'a\u0000b' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/projects', { as: r.admin, body });
      // a missing required field is 400, an invalid one 422, a NUL character 400
      const status = 'name' in (body as object) && !JSON.stringify(body).includes('\\u0000') ? 422 : 400;
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ code: status, message: expect.any(String) });
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    const malformed = await t.call('POST', '/projects', { as: r.admin, raw: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: 400, message: expect.any(String) });
    expect(await projectCount(r.team.id)).toBe(before);
  });

  it('refuses users and clients of another team (422) and writes nothing', async () => {
    const foreignClient = (await t.call('POST', '/clients', { as: stranger, body: { name: 'Theirs' } })).body;
    const before = await projectCount(r.team.id);
    const badUsers = await t.call('POST', '/projects', { as: r.admin, body: { name: 'x', users: [r.member.id, stranger.id, 999999] } });
    expect(badUsers.status).toBe(422);
    expect(badUsers.body.errors.users).toHaveLength(2);
    const outOfRange = await t.call('POST', '/projects', { as: r.admin, body: { name: 'x', users: [r.member.id, 2147483648] } });
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.errors['users.1']).toBeDefined();
    const badClient = await t.call('POST', '/projects', { as: r.admin, body: { name: 'x', client: foreignClient.id } });
    expect(badClient.status).toBe(422);
    expect(badClient.body.errors.client).toBeDefined();
    expect(await projectCount(r.team.id)).toBe(before);
    expect(await events('api:project:created')).not.toContainEqual(
      expect.objectContaining({ teamId: r.team.id, payload: expect.stringContaining('"name":"x"') }),
    );
  });
});

describe('GET /projects and /projects/{id}', () => {
  let open: any, secret: any, assigned: any;
  beforeAll(async () => {
    open = await newProject({ name: 'Zeta open' });
    secret = await newProject({ name: 'Zeta secret', privacy: true });
    assigned = await newProject({ name: 'Zeta assigned', privacy: true, users: [r.member.id, r.limited.id] });
  });

  it('gets a project by ev:<id>, also percent-encoded', async () => {
    const plain = await t.call('GET', `/projects/${open.id}`, { as: r.admin });
    expect(plain.status).toBe(200);
    expect(plain.body.id).toBe(open.id);
    const encoded = await t.call('GET', `/projects/${enc(open.id)}`, { as: r.admin });
    expect(encoded.status).toBe(200);
    expect(encoded.body).toEqual(plain.body);
    expect(enc(open.id)).toContain('%3A');
  });

  it('answers 404 for malformed, unknown, huge and other-team ids', async () => {
    for (const id of ['abc', 'ev:abc', '12', 'ev:999999', 'ev:99999999999', 'as%3A1']) {
      const res = await t.call('GET', `/projects/${id}`, { as: r.admin });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 404, message: expect.any(String) });
    }
    expect((await t.call('GET', `/projects/${open.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', `/projects/${open.id}`)).status).toBe(401);
  });

  it('lists what each role may see', async () => {
    const ids = async (u: TestUser) => ((await t.call('GET', '/projects?query=zeta', { as: u })).body as { id: string }[]).map((p) => p.id);
    expect(await ids(r.admin)).toEqual([assigned.id, open.id, secret.id]);
    expect(await ids(r.supervisor)).toEqual([assigned.id, open.id, secret.id]);
    expect(await ids(r.member)).toEqual([assigned.id, open.id]);
    expect(await ids(r.limited)).toEqual([assigned.id]);
    expect(await ids(stranger)).toEqual([]);
    expect((await t.call('GET', `/projects/${secret.id}`, { as: r.member })).status).toBe(404);
    expect((await t.call('GET', `/projects/${open.id}`, { as: r.limited })).status).toBe(404);
    expect((await t.call('GET', `/projects/${assigned.id}`, { as: r.limited })).status).toBe(200);
    expect((await t.call('GET', '/projects', { as: null })).status).toBe(401);
  });

  it('searches by words and pages with limit and page', async () => {
    const bySearch = (await t.call('GET', '/projects?query=SECRET%20zeta', { as: r.admin })).body;
    expect(bySearch.map((p: any) => p.id)).toEqual([secret.id]);
    const page1 = (await t.call('GET', '/projects?query=zeta&limit=2', { as: r.admin })).body;
    const page2 = (await t.call('GET', '/projects?query=zeta&limit=2&page=2', { as: r.admin })).body;
    expect(page1.map((p: any) => p.id)).toEqual([assigned.id, open.id]);
    expect(page2.map((p: any) => p.id)).toEqual([secret.id]);
    expect((await t.call('GET', '/projects?platform=as', { as: r.admin })).body).toEqual([]);
    for (const q of ['limit=0', 'limit=abc', 'page=0', 'query=a%00b']) {
      const res = await t.call('GET', `/projects?${q}`, { as: r.admin });
      const status = q.includes('%00') ? 400 : 422;
      expect(res.status, q).toBe(status);
      expect(res.body.code).toBe(status);
    }
  });

  it('shows rates to admins only', async () => {
    expect((await t.call('GET', `/projects/${open.id}`, { as: r.admin })).body.rate).toBeDefined();
    for (const u of [r.supervisor, r.member]) expect((await t.call('GET', `/projects/${open.id}`, { as: u })).body.rate).toBeUndefined();
  });
});

describe('PUT /projects/{id}', () => {
  it('changes only the supplied fields and records an event', async () => {
    const p = await newProject({ name: 'Before', users: [r.member.id] });
    const res = await t.call('PUT', `/projects/${enc(p.id)}`, {
      as: r.admin,
      body: { name: 'After', color: '#AA00ff', icon: 'rocket', privacy: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      name: 'After',
      color: '#AA00ff',
      icon: 'rocket',
      privacy: true,
      users: [r.member.id],
      type: 'list',
    });
    const [ev] = await events('api:project:updated', p.id);
    expect(ev).toMatchObject({ teamId: r.team.id, actorId: r.admin.id, attributesProjects: [p.id], attributesUsers: [r.member.id] });
    const payload = JSON.parse(ev!.payload);
    expect(payload).toMatchObject({ id: p.id, name: 'After' });
    expect(payload.rate).toBeUndefined();
  });

  it('replaces assigned users and keeps the client link consistent', async () => {
    const c1 = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'C1' } })).body;
    const c2 = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'C2' } })).body;
    const p = await newProject({ users: [r.member.id], client: c1.id });
    const moved = await t.call('PUT', `/projects/${p.id}`, {
      as: r.supervisor,
      body: { users: [r.limited.id, r.supervisor.id], client: c2.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.users).toEqual([r.supervisor.id, r.limited.id].sort((a, b) => a - b));
    expect(moved.body.client).toBe(c2.id);
    expect((await t.call('GET', `/clients/${c1.id}`, { as: r.admin })).body.projects).toEqual([]);
    expect((await t.call('GET', `/clients/${c2.id}`, { as: r.admin })).body.projects).toEqual([p.id]);
    const unlinked = await t.call('PUT', `/projects/${p.id}`, { as: r.admin, body: { client: null } });
    expect(unlinked.body.client).toBeNull();
    expect((await t.call('GET', `/clients/${c2.id}`, { as: r.admin })).body.projects).toEqual([]);
  });

  it('validates the body, writes nothing and records no event', async () => {
    const p = await newProject({ name: 'Valid' });
    const before = (await events('api:project:updated', p.id)).length;
    const cases: [unknown, string, number][] = [
      [{ color: 'red' }, 'color', 422],
      [{ type: 'kanban' }, 'type', 422],
      [{ name: '' }, 'name', 422],
      [{ users: [stranger.id] }, 'users', 422],
      [{ client: 99999 }, 'client', 422],
      [{ changeProtected: 'no' }, 'changeProtected', 422],
    ];
    for (const [body, field, status] of cases) {
      const res = await t.call('PUT', `/projects/${p.id}`, { as: r.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await t.call('GET', `/projects/${p.id}`, { as: r.admin })).body).toMatchObject({ name: 'Valid', color: null, users: [] });
    expect((await events('api:project:updated', p.id)).length).toBe(before);
  });

  it('applies the role table: supervisors unless change-protected, never members', async () => {
    const p = await newProject({ name: 'Guarded', users: [r.member.id, r.limited.id] });
    expect((await t.call('PUT', `/projects/${p.id}`, { as: r.member, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', `/projects/${p.id}`, { as: r.limited, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', `/projects/${p.id}`, { as: r.supervisor, body: { changeProtected: true } })).status).toBe(200);
    const refused = await t.call('PUT', `/projects/${p.id}`, { as: r.supervisor, body: { name: 'x' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, message: expect.any(String) });
    expect((await t.call('DELETE', `/projects/${p.id}`, { as: r.supervisor })).status).toBe(403);
    expect((await t.call('PUT', `/projects/${p.id}`, { as: r.admin, body: { name: 'Still guarded' } })).status).toBe(200);
    expect((await t.call('PUT', `/projects/${p.id}`, { as: stranger, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('PUT', `/projects/${p.id}`, { body: { name: 'x' } })).status).toBe(401);
    const hidden = await newProject({ privacy: true });
    expect((await t.call('PUT', `/projects/${hidden.id}`, { as: r.member, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('GET', `/projects/${p.id}`, { as: r.admin })).body.name).toBe('Still guarded');
  });
});

describe('DELETE /projects/{id}', () => {
  it('deletes (204), then 404, with a removed event', async () => {
    const p = await newProject({ name: 'Doomed', users: [r.member.id] });
    expect((await t.call('DELETE', `/projects/${p.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('DELETE', `/projects/${p.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('DELETE', `/projects/${p.id}`)).status).toBe(401);
    const res = await t.call('DELETE', `/projects/${enc(p.id)}`, { as: r.supervisor });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await t.call('GET', `/projects/${p.id}`, { as: r.admin })).status).toBe(404);
    expect((await t.call('DELETE', `/projects/${p.id}`, { as: r.admin })).status).toBe(404);
    const [ev] = await events('api:project:removed', p.id);
    expect(JSON.parse(ev!.payload)).toMatchObject({ id: p.id, name: 'Doomed' });
    expect(
      await t.db
        .select()
        .from(projectUsers)
        .where(eq(projectUsers.projectId, Number(p.id.slice(3)))),
    ).toEqual([]);
  });

  it('refuses to delete a project with recorded time (422)', async () => {
    const p = await newProject({ name: 'Tracked' });
    const task = (await t.call('POST', `/projects/${p.id}/tasks`, { as: r.admin, body: { name: 'Work' } })).body;
    await t.db
      .insert(timeRecords)
      .values({ teamId: r.team.id, userId: r.member.id, taskId: Number(task.id.slice(3)), date: '2026-01-05', time: 3600 });
    const res = await t.call('DELETE', `/projects/${p.id}`, { as: r.admin });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/archive/);
    expect((await t.call('GET', `/projects/${p.id}`, { as: r.admin })).status).toBe(200);
    expect(
      (
        await t.db
          .select()
          .from(tasks)
          .where(eq(tasks.id, Number(task.id.slice(3))))
      ).length,
    ).toBe(1);
  });
});

describe('webhook outbox', () => {
  it('writes api:project:created in the same transaction, and nothing on failure', async () => {
    const p = await newProject({ name: 'Hooked', users: [r.member.id] });
    const rows = await events('api:project:created', p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      teamId: r.team.id,
      projectId: Number(p.id.slice(3)),
      actorId: r.admin.id,
      attributesProjects: [p.id],
      attributesUsers: [r.member.id],
    });
    const { rate: _rate, ...withoutRate } = p;
    expect(JSON.parse(rows[0]!.payload)).toEqual(withoutRate);

    const total = (await t.db.select({ n: count() }).from(webhookEvents))[0]!.n;
    expect((await t.call('POST', '/projects', { as: r.admin, body: { name: 'Nope', users: [stranger.id] } })).status).toBe(422);
    expect((await t.call('POST', '/projects', { as: r.member, body: { name: 'Nope' } })).status).toBe(403);
    expect((await t.db.select({ n: count() }).from(webhookEvents))[0]!.n).toBe(total);
  });
});
