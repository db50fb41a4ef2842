import { beforeAll, describe, expect, it } from 'vitest';
import { expenseCategories, expenses, projectUsers, timeRecords } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { budget, fixtures } from '../../test/time-fixtures.ts';

const now = new Date('2026-03-18T12:00:00Z');
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let f: ReturnType<typeof fixtures>;
let monthly: number;
let general: number;
let hidden: number;
let none: number;

const path = (id: number) => `/projects/ev:${id}/budget/usage`;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  f = fixtures(t);
  r = await t.roles();
  const teamId = r.team.id;
  const s = t.scope(teamId);
  const hourly = {
    billing: { type: 'hourly' as const, fee: null },
    rate: { type: 'project_rate' as const, rate: 6000, userRateOverrides: {}, userCostOverrides: {} },
  };
  monthly = (await f.project(teamId, { name: 'Monthly', ...hourly, budget: budget({ type: 'money', budget: 100000, period: 'monthly' }) }))
    .id;
  general = (
    await f.project(teamId, {
      name: 'General',
      budget: { ...budget({ type: 'time', budget: 36000, appliedFrom: '2026-03-10' }), showToUsers: true },
    })
  ).id;
  hidden = (await f.project(teamId, { name: 'Hidden', budget: budget({ type: 'time', budget: 36000 }) })).id;
  none = (await f.project(teamId, { name: 'None' })).id;
  await s.insert(projectUsers, { projectId: general, userId: r.member.id });
  const m = (await f.task(teamId, monthly)).id;
  const g = (await f.task(teamId, general)).id;
  const gUnbillable = (await f.task(teamId, general, { unbillable: true })).id;
  await s.insertMany(timeRecords, [
    { userId: r.member.id, taskId: m, date: '2026-02-27', time: 3600 }, // last month: not counted
    { userId: r.member.id, taskId: m, date: '2026-03-02', time: 3600 },
    { userId: r.supervisor.id, taskId: m, date: '2026-03-02', time: 1800 },
    { userId: r.member.id, taskId: m, date: '2026-03-16', time: 7200 },
    { userId: r.member.id, taskId: g, date: '2026-03-09', time: 3600 }, // before appliedFrom
    { userId: r.member.id, taskId: g, date: '2026-03-10', time: 3600 },
    { userId: r.member.id, taskId: gUnbillable, date: '2026-03-12', time: 1800 },
  ]);
  const cat = await s.insert(expenseCategories, { name: 'Travel', color: '#336699' });
  await s.insertMany(expenses, [
    {
      userId: r.member.id,
      categoryId: cat.id,
      projectId: monthly,
      createdBy: r.member.id,
      date: '2026-03-16',
      amount: 2500,
      type: 'billable',
    },
    { userId: r.member.id, categoryId: cat.id, projectId: monthly, createdBy: r.member.id, date: '2026-03-17', amount: 900, type: 'cost' },
  ]);
});

describe('GET /projects/{id}/budget/usage', () => {
  it('gives a money budget its use by day in the current month, time valued at the rate plus billed expenses', async () => {
    const res = await t.call('GET', path(monthly), { as: r.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: 'money',
      budget: 100000,
      period: 'monthly',
      from: '2026-03-01',
      to: '2026-03-31',
      today: '2026-03-18',
      fees: 0,
      days: [
        { date: '2026-03-02', used: 9000 },
        { date: '2026-03-16', used: 14500 },
      ],
    });
    // The days add up to the progress the project reports.
    const project = (await t.call('GET', `/projects/ev:${monthly}`, { as: r.admin })).body;
    expect(project.budget.progress).toBe(23.5);
  });

  it('starts a general budget at its start date and leaves it open-ended', async () => {
    const res = await t.call('GET', path(general), { as: r.supervisor });
    expect(res.body).toMatchObject({
      from: '2026-03-10',
      to: null,
      days: [
        { date: '2026-03-10', used: 3600 },
        { date: '2026-03-12', used: 1800 },
      ],
    });
  });

  it('answers members for a budget shown to users, and 404 otherwise', async () => {
    expect((await t.call('GET', path(general), { as: r.member })).status).toBe(200);
    expect((await t.call('GET', path(hidden), { as: r.member })).status).toBe(404);
    expect((await t.call('GET', path(none), { as: r.admin })).status).toBe(404);
    expect((await t.call('GET', '/projects/ev:99999999/budget/usage', { as: r.admin })).status).toBe(404);
    expect((await t.call('GET', path(monthly), { as: null })).status).toBe(401);
  });

  it('counts fixed fees once and starts an open general budget at its first use', async () => {
    const teamId = r.team.id;
    const p = (
      await f.project(teamId, { name: 'Fee', billing: { type: 'fixed_fee', fee: 50000 }, budget: budget({ type: 'money', budget: 80000 }) })
    ).id;
    const task = (await f.task(teamId, p)).id;
    await t.scope(teamId).insert(timeRecords, { userId: r.member.id, taskId: task, date: '2026-01-05', time: 3600 });
    const res = await t.call('GET', path(p), { as: r.admin });
    expect(res.body).toMatchObject({ from: '2026-01-05', to: null, fees: 50000, days: [{ date: '2026-01-05', used: 0 }] });
  });
});
