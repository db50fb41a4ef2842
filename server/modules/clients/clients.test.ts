import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
});

describe('clients', () => {
  it('creates, lists, searches, updates and deletes', async () => {
    const created = await t.call('POST', '/clients', { as: r.admin, body: { name: 'Acme Corp', businessDetails: 'VAT 1' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Acme Corp', projects: [], businessDetails: 'VAT 1' });
    expect(created.body.budget).toBeUndefined();
    const dup = await t.call('POST', '/clients', { as: r.admin, body: { name: 'Acme Corp' } });
    expect(dup.status).toBe(201);
    expect(dup.body.id).not.toBe(created.body.id);

    const search = await t.call('GET', '/clients?query=acme', { as: r.admin });
    expect(search.body.map((c: { id: number }) => c.id).sort()).toEqual([created.body.id, dup.body.id].sort());
    expect((await t.call('GET', '/clients?query=zzz', { as: r.admin })).body).toEqual([]);

    const upd = await t.call('PUT', `/clients/${created.body.id}`, { as: r.admin, body: { name: 'Acme Inc' } });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ name: 'Acme Inc', businessDetails: 'VAT 1' });

    expect((await t.call('DELETE', `/clients/${dup.body.id}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('GET', `/clients/${dup.body.id}`, { as: r.admin })).status).toBe(404);
  });

  it('two concurrent creates of the same name both succeed', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => t.call('POST', '/clients', { as: r.admin, body: { name: 'Twin Peaks Ltd' } })));
    expect([a!.status, b!.status]).toEqual([201, 201]);
    expect(a!.body.id).not.toBe(b!.body.id);
    const listed = (await t.call('GET', '/clients?query=twin peaks', { as: r.admin })).body;
    expect(listed.map((c: { id: number }) => c.id).sort()).toEqual([a!.body.id, b!.body.id].sort());
  });

  it('sets and removes a budget; concurrent replacements leave one', async () => {
    const c = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'Budgeted' } })).body;
    const budgets = [1, 2, 3, 4, 5].map((n) => ({ type: 'money', budget: n * 1000, period: 'monthly' }));
    const results = await Promise.all(budgets.map((b) => t.call('PUT', `/clients/${c.id}/budget`, { as: r.admin, body: b })));
    expect(results.every((x) => x.status === 200)).toBe(true);
    const got = (await t.call('GET', `/clients/${c.id}`, { as: r.admin })).body;
    expect(got.budget).toMatchObject({ type: 'money', period: 'monthly', progress: 0 });
    expect(budgets.map((b) => b.budget)).toContain(got.budget.budget);
    const removed = await t.call('DELETE', `/clients/${c.id}/budget`, { as: r.admin });
    expect(removed.status).toBe(200);
    expect(removed.body.budget).toBeUndefined();
    expect(removed.body.name).toBe('Budgeted');
  });

  it('validates input with the error body', async () => {
    const neg = await t.call('POST', '/clients/1/budget', { as: r.admin, body: {} });
    expect(neg.status).toBe(404);
    const c = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'V' } })).body;
    const bad = await t.call('PUT', `/clients/${c.id}/budget`, { as: r.admin, body: { type: 'money', budget: -5, period: 'yearly' } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 422, errors: { budget: expect.any(Array), period: expect.any(Array) } });
    const malformed = await t.call('POST', '/clients', { as: r.admin, raw: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: 400, message: expect.any(String) });
    const empty = await t.call('POST', '/clients', { as: r.admin, body: { name: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toBeDefined();
    const huge = await t.call('POST', '/clients', { as: r.admin, raw: JSON.stringify({ name: 'x', businessDetails: 'y'.repeat(10 * 1024 * 1024) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(413);
    expect((await t.call('GET', '/clients/abc', { as: r.admin })).status).toBe(404);
  });

  it('applies the role table', async () => {
    const c = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'Roles', businessDetails: 'secret' } })).body;
    expect((await t.call('POST', '/clients', { as: r.supervisor, body: { name: 'no' } })).status).toBe(403);
    expect((await t.call('POST', '/clients', { as: r.member, body: { name: 'no' } })).status).toBe(403);
    const sup = await t.call('GET', `/clients/${c.id}`, { as: r.supervisor });
    expect(sup.body.businessDetails).toBe('secret');
    const mem = await t.call('GET', `/clients/${c.id}`, { as: r.member });
    expect(mem.status).toBe(200);
    expect(mem.body.businessDetails).toBeUndefined();
    expect((await t.call('GET', `/clients/${c.id}`, { as: r.limited })).status).toBe(403);
    expect((await t.call('GET', '/clients', { as: null })).status).toBe(401);
  });

  it('hides other teams (404)', async () => {
    const other = await t.team();
    const stranger = await t.user(other.id, 'admin');
    const c = (await t.call('POST', '/clients', { as: r.admin, body: { name: 'Mine' } })).body;
    expect((await t.call('GET', `/clients/${c.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('PUT', `/clients/${c.id}`, { as: stranger, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('DELETE', `/clients/${c.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('PUT', `/clients/${c.id}/budget`, { as: stranger, body: { type: 'time', budget: 1 } })).status).toBe(404);
    expect((await t.call('GET', '/clients', { as: stranger })).body).toEqual([]);
  });
});

describe('text input', () => {
  it('refuses NUL characters in bodies and queries with 400, writing nothing', async () => {
    const before = (await t.call('GET', '/clients', { as: r.admin })).body.length;
    const res = await t.call('POST', '/clients', { as: r.admin, body: { name: 'a\u0000b' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect((await t.call('GET', '/clients?query=%00', { as: r.admin })).status).toBe(400);
    expect((await t.call('GET', '/clients', { as: r.admin })).body.length).toBe(before);
  });
});
