import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/harness.ts';

// The cases found answering a fault or a status the spec's table does not give; the walk over every route
// (contract-walk.test.ts) covers the rule on all of them.

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let client: number;
let project: string;
let expense: number;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  client = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'Statuses' } })).body.id;
  project = (await t.call('POST', '/projects', { as: r.admin, body: { name: 'Statuses', client, users: [r.member.id] } })).body.id;
  const category = (await t.call('POST', '/expenses/categories', { as: r.admin, body: { name: 'Travel' } })).body.id;
  expense = (await t.call('POST', '/expenses', { as: r.admin, body: { category, date: '2026-03-02', amount: 100 } })).body.id;
});

describe('ids beyond the database integer', () => {
  it('answers 422 in a query where the database refused them', async () => {
    const paths = ['/expenses?category=2147483648', '/expenses?user=2147483648', '/expenses?project=ev:2147483648'];
    for (const report of ['clients', 'projects', 'users', 'trend'])
      for (const filter of ['clientId', 'memberId']) paths.push(`/dashboards/${report}?${filter}=2147483648`);
    for (const path of paths) {
      const res = await t.call('GET', path, { as: r.admin });
      expect([path, res.status, res.body.code]).toEqual([path, 422, 422]);
    }
    expect((await t.call('GET', '/expenses?category=2147483647', { as: r.admin })).status).toBe(200);
  });

  it('answers 404 in a path and 422 in a body', async () => {
    expect((await t.call('GET', '/projects/ev:2147483648', { as: r.admin })).status).toBe(404);
    expect((await t.call('PUT', `/timesheets/21474836482610/approval`, { as: r.admin, body: { status: 'approved' } })).status).toBe(404);
    const res = await t.call('POST', '/clients', { as: r.admin, body: { name: 'Big', projects: ['ev:2147483648'] } });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([422, ['projects.0']]);
  });
});

describe('NUL characters', () => {
  it('answers 400 in a path, a query, a JSON string and an OAuth form field', async () => {
    expect((await t.call('DELETE', '/users/me/apps/%00', { as: r.admin })).status).toBe(400);
    expect((await t.call('GET', '/clients?query=a%00', { as: r.admin })).status).toBe(400);
    expect((await t.call('POST', '/clients', { as: r.admin, body: { name: 'a\u0000' } })).status).toBe(400);
    const token = await t.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&client_id=%00&code=x',
    });
    expect([token.status, ((await token.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
    const authorize = await t.app.request('/oauth/authorize?client_id=%00&response_type=code');
    expect(authorize.status).toBe(400);
  });
});

describe('missing (400) and invalid (422) fields', () => {
  it('answers 400 when a required field is left out', async () => {
    const cases: [string, string, string | undefined][] = [
      ['PUT', `/clients/${client}/budget`, '{"budget":60}'],
      ['PUT', `/timesheets/${r.member.id}2610/approval`, ''],
      ['PUT', `/timesheets/${r.member.id}2610/approval`, '{}'],
      ['POST', '/resource-planner/time-off/review', '{"ids":[46]}'],
      ['POST', `/projects/${project}/fields`, '{"name":"Colour"}'],
    ];
    for (const [method, path, raw] of cases) {
      const res = await t.call(method, path, { as: r.admin, raw });
      expect([path, raw, res.status]).toEqual([path, raw, 400]);
    }
  });

  it('answers 422 when every field is there but one holds a wrong value, inside it too', async () => {
    const emptyName = await t.call('POST', `/expenses/${expense}/attachments`, { as: r.admin, body: { name: '', content: 'aGVsbG8=' } });
    expect([emptyName.status, Object.keys(emptyName.body.errors)]).toEqual([422, ['name']]);
    const mixed = await t.call('POST', `/projects/${project}/fields`, {
      as: r.admin,
      body: { name: 'Colour', type: 'select', options: [{ name: 'Red' }, 'Blue', {}, 7] },
    });
    expect(mixed.status).toBe(422);
    const nested = await t.call('PUT', `/projects/${project}/billing`, { as: r.admin, body: { budget: { period: 'monthly' } } });
    expect(nested.status).toBe(422);
  });
});
