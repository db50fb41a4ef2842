import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { createProject, createSection, createTask } from '../../test/task-helpers.ts';

/* GET /tasks/search and /projects/{id}/tasks/search: ranking, filters, visibility, validation. */
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let stranger: TestUser;

const enc = (id: string) => encodeURIComponent(id);
const project = (body: Record<string, unknown>) => createProject(t, r.admin, body);
const task = (projectId: string, body: Record<string, unknown>) => createTask(t, r.admin, projectId, body);
const section = (projectId: string, name: string) => createSection(t, r.admin, projectId, name);

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  stranger = await t.user((await t.team('Strangers')).id, 'admin');
});

describe('task search', () => {
  let p: { id: string };
  let q: { id: string };
  beforeAll(async () => {
    p = await project({ name: 'Search A', users: [r.member.id] });
    q = await project({ name: 'Search B', privacy: true });
    await task(p.id, { name: 'Redesign the Quokka page' });
    await task(p.id, { name: 'alpha quokka review' });
    await task(p.id, { name: 'Quokka design' });
    await task(p.id, { name: 'Archive quokka', status: 'closed' });
    await task(p.id, { name: 'Beta (quokka) notes' });
    await task(q.id, { name: 'Quokka in private project' });
    const s = await section(p.id, 'Planned');
    await task(p.id, { name: 'Planned quokka', section: s.id });
  });
  const names = (res: { body: { name: string }[] }) => res.body.map((x) => x.name);

  it('ranks prefix matches first, then word starts, then other matches, case-insensitively', async () => {
    const res = await t.call('GET', `/projects/${enc(p.id)}/tasks/search?query=QUOKKA`, { as: r.admin });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual([
      'Quokka design',
      'alpha quokka review',
      'Beta (quokka) notes',
      'Planned quokka',
      'Redesign the Quokka page',
    ]);
    const mid = await t.call('GET', `/projects/${p.id}/tasks/search?query=okk`, { as: r.admin });
    expect(names(mid)).toHaveLength(5);
    const words = await t.call('GET', `/projects/${p.id}/tasks/search?query=review%20alpha`, { as: r.admin });
    expect(names(words)).toEqual(['alpha quokka review']);
    const esc = await t.call('GET', `/projects/${p.id}/tasks/search?query=%25`, { as: r.admin });
    expect(esc.body).toEqual([]);
    const regex = await t.call('GET', `/projects/${p.id}/tasks/search?query=(quokka)`, { as: r.admin });
    expect(names(regex)).toEqual(['Beta (quokka) notes']);
  });

  it('includes closed tasks only with searchInClosed, and honours limit (default 10 in a project)', async () => {
    const closed = await t.call('GET', `/projects/${p.id}/tasks/search?query=quokka&searchInClosed=true`, { as: r.admin });
    expect(names(closed)).toContain('Archive quokka');
    expect(names(closed)[0]).toBe('Quokka design');
    const limited = await t.call('GET', `/projects/${p.id}/tasks/search?query=quokka&limit=2`, { as: r.admin });
    expect(names(limited)).toEqual(['Quokka design', 'alpha quokka review']);
    for (let i = 0; i < 11; i++) await task(q.id, { name: `Bulk wombat ${i}` });
    expect((await t.call('GET', `/projects/${q.id}/tasks/search?query=wombat`, { as: r.admin })).body).toHaveLength(10);
    expect((await t.call('GET', `/tasks/search?query=wombat`, { as: r.admin })).body).toHaveLength(11);
    expect((await t.call('GET', `/tasks/search?query=wombat&limit=3`, { as: r.admin })).body).toHaveLength(3);
  });

  it('finds unscheduled tasks without a query', async () => {
    const res = await t.call('GET', `/projects/${p.id}/tasks/search?unscheduled=true`, { as: r.admin });
    expect(res.status).toBe(200);
    expect(names(res)).not.toContain('Planned quokka');
    expect(names(res)).toContain('Quokka design');
    expect(names(res)).not.toContain('Archive quokka');
    const withQuery = await t.call('GET', `/projects/${p.id}/tasks/search?unscheduled=true&query=alpha`, { as: r.admin });
    expect(names(withQuery)).toEqual(['alpha quokka review']);
    const all = await t.call('GET', `/tasks/search?unscheduled=1&query=planned`, { as: r.admin });
    expect(all.body).toEqual([]);
  });

  it("puts the caller's own projects first when many share a task name, so the limit keeps them", async () => {
    for (let i = 0; i < 3; i++) {
      const other = await project({ name: `Koala other ${i}` });
      await task(other.id, { name: 'Koala review' });
    }
    const own = await project({ name: 'Koala mine', users: [r.member.id] });
    const mine = await task(own.id, { name: 'Koala review' });
    const first = await t.call('GET', '/tasks/search?query=koala&limit=2', { as: r.member });
    expect(first.body.map((x: { id: string }) => x.id)[0]).toBe(mine.id);
    expect(first.body).toHaveLength(2);
    // How well the name matches still comes first: the others' names starting with the text lead the own
    // task whose name only has a word starting with it.
    const weaker = await task(own.id, { name: 'Review the koala' });
    const ranked = (await t.call('GET', '/tasks/search?query=koala', { as: r.member })).body.map((x: { id: string }) => x.id);
    expect(ranked).toHaveLength(5);
    expect(ranked[0]).toBe(mine.id);
    expect(ranked[4]).toBe(weaker.id);
  });

  it('covers only projects the caller may see across the team', async () => {
    const admin = names(await t.call('GET', '/tasks/search?query=quokka', { as: r.admin }));
    expect(admin).toContain('Quokka in private project');
    const member = names(await t.call('GET', '/tasks/search?query=quokka', { as: r.member }));
    expect(member).not.toContain('Quokka in private project');
    expect(member).toContain('Quokka design');
    expect(names(await t.call('GET', '/tasks/search?query=quokka', { as: r.limited }))).toEqual([]);
    expect((await t.call('GET', '/tasks/search?query=quokka', { as: stranger })).body).toEqual([]);
    expect((await t.call('GET', `/projects/${q.id}/tasks/search?query=quokka`, { as: r.member })).status).toBe(404);
  });

  it('validates the query string', async () => {
    for (const path of ['/tasks/search', `/projects/${p.id}/tasks/search`]) {
      const missing = await t.call('GET', path, { as: r.admin });
      expect(missing.status, path).toBe(400);
      expect(missing.body).toEqual({ code: 400, message: expect.any(String), errors: { query: [expect.any(String)] } });
      expect((await t.call('GET', `${path}?query=%20%20`, { as: r.admin })).status).toBe(422); // present, with no word
      expect((await t.call('GET', `${path}?query=a%00b`, { as: r.admin })).status).toBe(400);
      for (const qs of ['limit=0', 'limit=101', 'limit=ten', 'searchInClosed=yes', 'unscheduled=2']) {
        const res = await t.call('GET', `${path}?query=quokka&${qs}`, { as: r.admin });
        expect(res.status, `${path} ${qs}`).toBe(422);
        expect(res.body.code).toBe(422);
      }
      expect((await t.call('GET', `${path}?query=quokka`)).status).toBe(401);
    }
    expect((await t.call('GET', `/tasks/search?query=quokka&limit=100`, { as: r.admin })).status).toBe(200);
  });
});
