import { beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let project: string;
let category: number;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png-body')]);

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  project = `ev:${(await t.scope(r.team.id).insert(projects, { name: 'Website' })).id}`;
  category = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'Travel', color: '#00aa00' } })).body.id;
});

describe('numeric ids sent as numeric strings in request bodies', () => {
  it('takes "section": "2" on a task, and answers the number', async () => {
    const section = (await t.call('POST', `/projects/${project}/sections`, { as: r.admin, body: { name: 'Backlog' } })).body;
    const created = await t.call('POST', `/projects/${project}/tasks`, { as: r.admin, body: { name: 'Draft', section: String(section.id) } });
    expect(created.status).toBe(201);
    expect(created.body.section).toBe(section.id);
    const moved = await t.call('PUT', `/tasks/${created.body.id}`, { as: r.admin, body: { section: null } });
    expect(moved.body.section).toBeNull();
    const back = await t.call('PUT', `/tasks/${created.body.id}`, { as: r.admin, body: { section: `${section.id}` } });
    expect(back.body.section).toBe(section.id);
  });

  it('takes string ids for users, categories, reviewers and project members', async () => {
    const time = await t.call('POST', '/time', { as: r.admin, body: { time: 60, date: '2026-03-02', user: String(r.member.id) } });
    expect(time.status).toBe(201);
    expect(time.body.user).toBe(r.member.id);
    const expense = await t.call('POST', '/expenses', { as: r.member, body: { category: String(category), date: '2026-03-02', amount: 500 } });
    expect(expense.status).toBe(201);
    expect(expense.body.category).toBe(category);
    const p = await t.call('PUT', `/projects/${project}`, { as: r.admin, body: { users: [String(r.member.id)] } });
    expect(p.body.users).toEqual([r.member.id]);
    const off = await t.call('POST', '/resource-planner/assignments/time-off', {
      as: r.admin,
      body: { startDate: '2026-04-01', endDate: '2026-04-01', user: String(r.member.id), status: 'approved' },
    });
    expect(off.status).toBe(201);
    expect(off.body.user).toBe(r.member.id);
  });

  it('still refuses what is not a numeric id, naming the field', async () => {
    for (const section of ['two', '2.5', '-2', '', '0', '99999999999']) {
      const res = await t.call('POST', `/projects/${project}/tasks`, { as: r.admin, body: { name: 'X', section } });
      expect(res.status, section).toBe(422);
      expect(res.body.errors.section, section).toBeDefined();
    }
    const res = await t.call('POST', '/time', { as: r.admin, body: { time: 60, date: '2026-03-02', user: '1e3' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.user).toBeDefined();
  });
});

describe('POST /expenses/{id}/attachments', () => {
  it('takes the file itself as {name, content} (base64), as well as {attachment: id}', async () => {
    const e = (await t.call('POST', '/expenses', { as: r.member, body: { category, date: '2026-03-03', amount: 900 } })).body;
    const direct = await t.call('POST', `/expenses/${e.id}/attachments`, { as: r.member, body: { name: 'receipt.png', content: PNG.toString('base64') } });
    expect(direct.status).toBe(200);
    expect(direct.body.attachments).toEqual([{ id: expect.any(Number), name: 'receipt.png', token: expect.any(String) }]);
    const download = await t.app.request(`/attachments/${direct.body.attachments[0].token}/download`, { headers: { 'X-Api-Key': r.member.key } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    const uploaded = (await t.call('POST', '/attachments', { as: r.member, body: { name: 'second.png', content: PNG.toString('base64') } })).body;
    const byId = await t.call('POST', `/expenses/${e.id}/attachments`, { as: r.member, body: { attachment: String(uploaded.id) } });
    expect(byId.status).toBe(200);
    expect(byId.body.attachments.map((a: { name: string }) => a.name).sort()).toEqual(['receipt.png', 'second.png']);
  });

  it('refuses a bad file or a half-given one with the field named, and attaches nothing', async () => {
    const e = (await t.call('POST', '/expenses', { as: r.member, body: { category, date: '2026-03-04', amount: 100 } })).body;
    const cases: [unknown, string, number][] = [
      [{ name: 'x.png', content: '***' }, 'content', 422],
      [{ name: 'x.exe', content: Buffer.from('MZ-not-an-image').toString('base64') }, 'content', 422],
      [{ name: 'x.png' }, 'content', 400],
      [{ content: PNG.toString('base64') }, 'name', 400],
      [{}, 'attachment', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await t.call('POST', `/expenses/${e.id}/attachments`, { as: r.member, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errors[field], JSON.stringify(body)).toBeDefined();
    }
    expect((await t.call('GET', `/expenses`, { as: r.member })).body.find((x: { id: number }) => x.id === e.id).attachments).toEqual([]);
  });
});
