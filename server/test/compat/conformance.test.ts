import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../../contract/index.ts';
import { projects, tasks } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let taskId: string;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => new Date('2027-01-06T12:00:00Z') } });
  r = await t.roles();
  const s = t.scope(r.team.id);
  const p = await s.insert(projects, { name: 'Website' });
  taskId = `ev:${(await s.insert(tasks, { projectId: p.id, name: 'Design' })).id}`;
});

const allDays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

describe('spec conformance', () => {
  it('a week with no time (a week off, or of time off only) can be submitted by its owner', async () => {
    const u = await t.user(r.team.id, 'member');
    const off = await t.call('POST', `/timesheets/${u.id}2650/approval`, { as: u, body: {} });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'pending', weekId: 2650, totalTime: 0 });
    expect(off.body.history[0]).toMatchObject({ action: 'submitted', days: allDays });
    expect((await t.call('POST', '/resource-planner/assignments/time-off', { as: u, body: { startDate: '2026-12-14', endDate: '2026-12-18' } })).status).toBe(201);
    const holiday = await t.call('POST', `/timesheets/${u.id}2651/approval`, { as: u, body: { comment: 'Holiday' } });
    expect(holiday.status).toBe(200);
    expect(holiday.body.status).toBe('pending');
    // still only its owner
    expect((await t.call('POST', `/timesheets/${u.id}2649/approval`, { as: r.admin, body: {} })).status).toBe(403);
  });

  it('a missing required body field answers 400, a present but invalid one 422, both with errors per field', async () => {
    const missing = await t.call('POST', '/time', { as: r.member, body: { date: '2027-01-04' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 400, message: expect.any(String), errors: { time: ['Required'] } });
    const invalid = await t.call('POST', '/time', { as: r.member, body: { time: -1, date: '2027-01-04' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ code: 422, errors: { time: expect.arrayContaining([expect.any(String)]) } });
    const both = await t.call('POST', '/clients', { as: r.admin, body: {} });
    expect(both.status).toBe(400);
    expect(both.body.errors.name).toEqual(['Required']);
    const empty = await t.call('POST', '/hooks', { as: r.member, raw: '' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['events', 'targetUrl']);
    expect((await t.call('POST', '/time', { as: r.member, raw: '{"time":' })).status).toBe(400);
  });

  it('PUT /time/{id} answers every field of the spec, website included (null: not known)', async () => {
    const rec = (await t.call('POST', '/time', { as: r.member, body: { time: 600, date: '2027-01-04', task: taskId } })).body;
    const res = await t.call('PUT', `/time/${rec.id}`, { as: r.member, body: { time: 900, comment: 'Review' } });
    expect(res.status).toBe(200);
    for (const field of ['id', 'time', 'user', 'date', 'task', 'isLocked', 'isInvoiced', 'comment', 'history', 'createdAt', 'lockReasons', 'website'])
      expect(res.body, field).toHaveProperty(field);
    expect(res.body.website).toBeNull();
    // the list keeps the eight fields the spec names for it
    const list = (await t.call('GET', `/users/${r.member.id}/time`, { as: r.member })).body;
    expect(Object.keys(list[0]).sort()).toEqual(['comment', 'date', 'id', 'isInvoiced', 'isLocked', 'task', 'time', 'user']);
  });

  it('PUT /hooks/{id} with another targetUrl answers 422 naming the field', async () => {
    const hook = (await t.call('POST', '/hooks', { as: r.member, headers: { 'X-Skip-Handshake': 'true' }, body: { targetUrl: 'http://127.0.0.1:9/a', events: ['api:time:updated'] } })).body;
    const res = await t.call('PUT', `/hooks/${hook.id}`, { as: r.member, headers: { 'X-Skip-Handshake': 'true' }, body: { targetUrl: 'http://127.0.0.1:9/b', events: ['api:time:updated'] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.targetUrl).toBeDefined();
    expect((await t.call('GET', `/hooks/${hook.id}`, { as: r.member })).body.targetUrl).toBe('http://127.0.0.1:9/a');
  });

  it('the OpenAPI document lists every status an operation can answer', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).sort();
    expect(statuses('/hooks', 'post')).toEqual(expect.arrayContaining(['200', '201', '400', '401', '403', '409', '413', '422', '429', '503']));
    expect(doc.paths['/hooks'].post.responses['200'].content['application/json'].schema).toEqual(doc.paths['/hooks'].post.responses['201'].content['application/json'].schema);
    expect(statuses('/oauth/token', 'post')).toEqual(['200', '400', '401', '503']);
    expect(doc.paths['/oauth/token'].post.responses['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/OAuthError');
    expect(statuses('/tasks/{task_id}/time', 'delete')).toEqual(expect.arrayContaining(['204', '400', '404', '422']));
    expect(doc.paths['/tasks/{task_id}/time'].delete.requestBody.required).toBe(false);
    for (const route of allRoutes()) expect(doc.paths[route.path][route.method].responses, `${route.method} ${route.path}`).toHaveProperty('503');
  });
});
