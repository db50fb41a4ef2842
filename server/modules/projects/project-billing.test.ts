import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext, TestUser } from '../../test/harness.ts';
import { projectSuite } from '../../test/project-suite.ts';

const suite = projectSuite();
const { events, newProject } = suite;
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let stranger: TestUser;
beforeAll(() => void ({ t, r, stranger } = suite));

const enc = (id: string) => encodeURIComponent(id);

describe('PUT /projects/{id}/billing', () => {
  const budget = { type: 'money', budget: 500000, period: 'monthly', threshold: 80, showToUsers: false };

  it('sets billing, rate and budget (admin) and returns the project', async () => {
    const p = await newProject({ name: 'Billed' });
    const res = await t.call('PUT', `/projects/${enc(p.id)}/billing`, {
      as: r.admin,
      body: {
        billing: { type: 'fixed_fee', fee: 100000 },
        rate: { type: 'user_rate', rate: 5000, userRateOverrides: { [r.member.id]: 7000 }, userCostOverrides: { [r.member.id]: 3000 } },
        budget,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      billing: { type: 'fixed_fee', fee: 100000 },
      rate: { type: 'user_rate', rate: null, userRateOverrides: { [r.member.id]: 7000 }, userCostOverrides: { [r.member.id]: 3000 } },
      budget: {
        type: 'money',
        budget: 500000,
        period: 'monthly',
        threshold: 80,
        showToUsers: false,
        progress: expect.any(Number),
        timeProgress: expect.any(Number),
        expenseProgress: expect.any(Number),
        appliedFrom: null,
      },
    });
    const partial = await t.call('PUT', `/projects/${p.id}/billing`, { as: r.admin, body: { rate: { type: 'project_rate', rate: 9000 } } });
    expect(partial.body).toMatchObject({
      billing: { type: 'fixed_fee', fee: 100000 },
      rate: { type: 'project_rate', rate: 9000, userRateOverrides: {} },
      budget: { budget: 500000 },
    });
    const hourly = await t.call('PUT', `/projects/${p.id}/billing`, { as: r.admin, body: { billing: { type: 'hourly', fee: 5 } } });
    expect(hourly.body.billing).toEqual({ type: 'hourly', fee: null });
    const removed = await t.call('PUT', `/projects/${p.id}/billing`, { as: r.admin, body: { budget: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.budget).toBeUndefined();
    expect(removed.body.rate.rate).toBe(9000);
    expect((await events('api:project:updated', p.id)).length).toBe(4);
  });

  it('shows budgets to supervisors, and to members only when shown to users', async () => {
    const p = await newProject({ name: 'Budget view', users: [r.member.id] });
    await t.call('PUT', `/projects/${p.id}/billing`, { as: r.admin, body: { budget, billing: { type: 'fixed_fee', fee: 100 } } });
    const sup = (await t.call('GET', `/projects/${p.id}`, { as: r.supervisor })).body;
    expect(sup.budget).toMatchObject({ budget: 500000 });
    expect(sup.billing.fee).toBe(100);
    const mem = (await t.call('GET', `/projects/${p.id}`, { as: r.member })).body;
    expect(mem.budget).toBeUndefined();
    expect(mem.billing).toEqual({ type: 'fixed_fee', fee: null });
    await t.call('PUT', `/projects/${p.id}/billing`, { as: r.admin, body: { budget: { ...budget, showToUsers: true } } });
    expect((await t.call('GET', `/projects/${p.id}`, { as: r.member })).body.budget).toMatchObject({ budget: 500000, showToUsers: true });
  });

  it('validates the body and writes nothing', async () => {
    const p = await newProject({ name: 'Billing validation' });
    const before = (await events('api:project:updated', p.id)).length;
    const cases: [unknown, string][] = [
      [{ billing: { type: 'fixed_fee', fee: -1 } }, 'billing.fee'],
      [{ billing: { type: 'fixed_fee' } }, 'billing.fee'],
      [{ billing: { type: 'retainer' } }, 'billing.type'],
      [{ rate: { type: 'project_rate', rate: -5 } }, 'rate.rate'],
      [{ rate: { type: 'project_rate' } }, 'rate.rate'],
      [{ rate: { type: 'hourly', rate: 5 } }, 'rate.type'],
      [{ rate: { type: 'user_rate', userRateOverrides: { [r.member.id]: -1 } } }, `rate.userRateOverrides.${r.member.id}`],
      [{ rate: { type: 'user_rate', userRateOverrides: { [stranger.id]: 100 } } }, 'rate.userRateOverrides'],
      [{ rate: { type: 'user_rate', userCostOverrides: { '99999999999': 100 } } }, 'rate.userCostOverrides.99999999999'],
      [{ budget: { type: 'money', budget: -1 } }, 'budget.budget'],
      [{ budget: { type: 'euros', budget: 1 } }, 'budget.type'],
      [{ budget: { type: 'time', budget: 1, threshold: 101 } }, 'budget.threshold'],
      [{ budget: { type: 'time', budget: 1, period: 'yearly' } }, 'budget.period'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('PUT', `/projects/${p.id}/billing`, { as: r.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const after = (await t.call('GET', `/projects/${p.id}`, { as: r.admin })).body;
    expect(after).toMatchObject({
      billing: { type: 'non_billable', fee: null },
      rate: { type: 'project_rate', rate: null, userRateOverrides: {}, userCostOverrides: {} },
    });
    expect(after.budget).toBeUndefined();
    expect((await events('api:project:updated', p.id)).length).toBe(before);
  });

  it('is for admins only', async () => {
    const p = await newProject({ name: 'Admin billing', users: [r.member.id] });
    const body = { billing: { type: 'hourly' } };
    expect((await t.call('PUT', `/projects/${p.id}/billing`, { as: r.supervisor, body })).status).toBe(403);
    expect((await t.call('PUT', `/projects/${p.id}/billing`, { as: r.member, body })).status).toBe(403);
    expect((await t.call('PUT', `/projects/${p.id}/billing`, { as: r.limited, body })).status).toBe(404);
    expect((await t.call('PUT', `/projects/${p.id}/billing`, { as: stranger, body })).status).toBe(404);
    expect((await t.call('PUT', `/projects/${p.id}/billing`, { body })).status).toBe(401);
    expect((await t.call('PUT', '/projects/ev:0/billing', { as: r.admin, body })).status).toBe(404);
    expect((await t.call('GET', `/projects/${p.id}`, { as: r.admin })).body.billing.type).toBe('non_billable');
  });
});
