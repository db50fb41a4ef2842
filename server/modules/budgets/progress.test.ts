import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expenseCategories, expenses, projects, teams, timeRecords, type StoredBilling, type StoredRate } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { budget, fixtures } from '../../test/time-fixtures.ts';
import { budgetPeriod, budgetUsage, percentOf } from './progress.ts';

let now = new Date('2026-03-18T12:00:00Z'); // a Wednesday
let t: TestContext;
let f: ReturnType<typeof fixtures>;
let teamId: number;
let admin: TestUser;
let u1: TestUser;
let u2: TestUser;
let projectA: number;
let projectB: number;
let clientC: number;

const hourly = (rate: Partial<StoredRate>): { billing: StoredBilling; rate: StoredRate } => ({
  billing: { type: 'hourly', fee: null },
  rate: { type: 'project_rate', rate: null, userRateOverrides: {}, userCostOverrides: {}, ...rate },
});
const setProject = (id: number, v: { billing?: StoredBilling; rate?: StoredRate }) =>
  t.db.update(projects).set(v).where(eq(projects.id, id));
const usage = (kind: 'project' | 'client', id: number, b: Parameters<typeof budget>[0]) =>
  budgetUsage(t.scope(teamId), { kind, id }, budget(b), now);

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  f = fixtures(t);
  const team = await t.team();
  teamId = team.id;
  admin = await t.user(teamId, 'admin');
  u1 = await t.user(teamId, 'member', { rate: 10000, cost: 6000 });
  u2 = await t.user(teamId, 'member', { rate: 20000, cost: 8000 });
  clientC = (await f.client(teamId, 'Initech')).id;
  projectA = (await f.project(teamId, { name: 'A', clientId: clientC, ...hourly({ rate: 5000 }) })).id;
  projectB = (await f.project(teamId, { name: 'B', clientId: clientC, billing: { type: 'fixed_fee', fee: 40000 } })).id;
  const a = (await f.task(teamId, projectA)).id;
  const aUnbillable = (await f.task(teamId, projectA, { unbillable: true })).id;
  const b = (await f.task(teamId, projectB)).id;
  await t.scope(teamId).insertMany(timeRecords, [
    { userId: u1.id, taskId: a, date: '2026-03-18', time: 7200 },
    { userId: u2.id, taskId: a, date: '2026-03-16', time: 3600 },
    { userId: u1.id, taskId: a, date: '2026-03-02', time: 3600 },
    { userId: u1.id, taskId: a, date: '2026-02-20', time: 1800 },
    { userId: u2.id, taskId: aUnbillable, date: '2026-03-18', time: 3600 },
    { userId: u1.id, taskId: b, date: '2026-03-18', time: 3600 },
    { userId: u1.id, taskId: null, date: '2026-03-18', time: 9999 },
  ]);
});

describe('budget periods', () => {
  it('computes the current period', () => {
    expect(budgetPeriod({ period: 'general', appliedFrom: null }, now, 1)).toEqual({ from: null, to: null });
    expect(budgetPeriod({ period: 'general', appliedFrom: '2026-01-05' }, now, 1)).toEqual({ from: '2026-01-05', to: null });
    expect(budgetPeriod({ period: 'monthly', appliedFrom: null }, now, 1)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(budgetPeriod({ period: 'monthly', appliedFrom: null }, new Date('2028-02-10T00:00:00Z'), 1)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(budgetPeriod({ period: 'weekly', appliedFrom: null }, now, 1)).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(budgetPeriod({ period: 'weekly', appliedFrom: null }, now, 0)).toEqual({ from: '2026-03-15', to: '2026-03-21' });
    expect(budgetPeriod({ period: 'weekly', appliedFrom: null }, now, 3)).toEqual({ from: '2026-03-18', to: '2026-03-24' });
    expect(budgetPeriod({ period: 'weekly', appliedFrom: null }, now, 4)).toEqual({ from: '2026-03-12', to: '2026-03-18' });
    expect(budgetPeriod({ period: 'daily', appliedFrom: null }, now, 1)).toEqual({ from: '2026-03-18', to: '2026-03-18' });
  });

  it('rounds percent to 2 decimals and may exceed 100', () => {
    expect(percentOf(10000, 30000)).toBe(33.33);
    expect(percentOf(19800, 10000)).toBe(198);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('budget usage (hand-computed)', () => {
  it('time budgets per period', async () => {
    expect((await usage('project', projectA, { type: 'time', budget: 36000 })).progress).toBe(55); // 19800 s
    expect((await usage('project', projectA, { type: 'time', budget: 36000, appliedFrom: '2026-03-01' })).progress).toBe(50);
    expect((await usage('project', projectA, { type: 'time', budget: 36000, period: 'monthly' })).progress).toBe(50);
    expect((await usage('project', projectA, { type: 'time', budget: 36000, period: 'weekly' })).progress).toBe(40); // Mon 16th..
    expect((await usage('project', projectA, { type: 'time', budget: 36000, period: 'daily' })).progress).toBe(30);
    expect((await usage('project', projectA, { type: 'time', budget: 36000, excludeUnbillableTime: true })).progress).toBe(45);
    expect((await usage('project', projectA, { type: 'time', budget: 10000 })).progress).toBe(198);
    const u = await usage('project', projectA, { type: 'time', budget: 30000, period: 'daily' });
    expect(u).toEqual({ used: 10800, progress: 36, timeProgress: 36, expenseProgress: 0 });
    await t.db.update(teams).set({ weekStart: 3 }).where(eq(teams.id, teamId));
    expect((await usage('project', projectA, { type: 'time', budget: 36000, period: 'weekly' })).progress).toBe(30); // Wed 18th..
    await t.db.update(teams).set({ weekStart: 1 }).where(eq(teams.id, teamId));
  });

  it('money budgets at the billing rate in force', async () => {
    const money = { type: 'money' as const, budget: 100000 };
    await setProject(projectA, hourly({ type: 'project_rate', rate: 5000 }));
    expect((await usage('project', projectA, money)).used).toBe(27500); // 19800 s × 50.00/h
    expect((await usage('project', projectA, money)).progress).toBe(27.5);
    await setProject(projectA, hourly({ type: 'user_rate', userRateOverrides: { [u2.id]: 30000 } }));
    expect((await usage('project', projectA, money)).progress).toBe(95); // u1 12600 s × 100 + u2 7200 s × 300
    await setProject(projectA, hourly({ type: 'user_cost', userCostOverrides: { [u1.id]: 9000 } }));
    expect((await usage('project', projectA, money)).progress).toBe(47.5); // u1 12600 × 90 + u2 7200 × 80
    await setProject(projectA, { billing: { type: 'non_billable', fee: null } });
    expect((await usage('project', projectA, money)).progress).toBe(0);
    await setProject(projectA, { billing: { type: 'fixed_fee', fee: 40000 } });
    expect((await usage('project', projectA, money)).progress).toBe(40);
    expect((await usage('project', projectA, { ...money, period: 'daily' })).progress).toBe(40);
    await setProject(projectA, hourly({ type: 'user_rate' }));
    expect((await usage('project', projectA, { ...money, excludeUnbillableTime: true })).used).toBe(35000 + 20000); // u2 unbillable hour skipped
  });

  it('costs budgets at user cost with overrides', async () => {
    await setProject(projectA, hourly({ type: 'project_rate', rate: 5000, userCostOverrides: { [u1.id]: 9000 } }));
    expect((await usage('project', projectA, { type: 'costs', budget: 100000 })).progress).toBe(47.5);
    await setProject(projectA, hourly({ type: 'project_rate', rate: 5000 }));
    expect((await usage('project', projectA, { type: 'costs', budget: 100000 })).used).toBe(37000);
    expect((await usage('project', projectA, { type: 'costs', budget: 100000, period: 'monthly' })).used).toBe(21000 + 16000 - 3000); // February half hour out
  });

  it('client budgets sum their projects, fixed fees once; shown on GET /clients/{id}', async () => {
    await setProject(projectA, hourly({ type: 'project_rate', rate: 5000 }));
    expect((await usage('client', clientC, { type: 'money', budget: 100000 })).progress).toBe(67.5); // 27500 + fee 40000
    expect((await usage('client', clientC, { type: 'time', budget: 36000 })).progress).toBe(65); // 23400 s
    await t.call('PUT', `/clients/${clientC}/budget`, { as: admin, body: { type: 'time', budget: 36000, period: 'monthly' } });
    const got = await t.call('GET', `/clients/${clientC}`, { as: admin });
    expect(got.body.budget.progress).toBe(60); // March: 18000 + 3600
  });
});

describe('budget usage with expenses', () => {
  it('adds billable and separate expenses to money budgets, all to costs budgets, none to time; excludeExpenses', async () => {
    await setProject(projectA, hourly({ type: 'project_rate', rate: 5000 }));
    const s = t.scope(teamId);
    const cat = await s.insert(expenseCategories, { name: 'Travel', color: '#336699' });
    const e = { userId: u1.id, categoryId: cat.id, projectId: projectA, createdBy: u1.id };
    await s.insertMany(expenses, [
      { ...e, date: '2026-03-18', amount: 5000, type: 'billable' },
      { ...e, date: '2026-03-17', amount: 3000, type: 'separate' },
      { ...e, date: '2026-03-18', amount: 2000, type: 'cost' },
      { ...e, date: '2026-02-01', amount: 1000, type: 'billable' },
    ]);
    const money = { type: 'money' as const, budget: 100000 };
    expect(await usage('project', projectA, money)).toEqual({ used: 36500, progress: 36.5, timeProgress: 27.5, expenseProgress: 9 });
    expect(await usage('project', projectA, { ...money, period: 'monthly' })).toEqual({
      used: 33000,
      progress: 33,
      timeProgress: 25,
      expenseProgress: 8,
    });
    expect(await usage('project', projectA, { ...money, excludeExpenses: true })).toMatchObject({ progress: 27.5, expenseProgress: 0 });
    expect(await usage('project', projectA, { type: 'costs', budget: 100000 })).toMatchObject({
      used: 48000,
      progress: 48,
      expenseProgress: 11,
    });
    expect(await usage('project', projectA, { type: 'time', budget: 36000 })).toMatchObject({ progress: 55, expenseProgress: 0 });
    expect((await usage('client', clientC, money)).progress).toBe(76.5); // 27500 + fee 40000 + 9000
  });
});

describe('disallowOverbudget', () => {
  it('refuses POST, PUT and timer stop that push a project budget past 100 %, naming it', async () => {
    const d = await f.project(teamId, { name: 'Capped', budget: budget({ type: 'time', budget: 3600, disallowOverbudget: true }) });
    const task = `ev:${(await f.task(teamId, d.id)).id}`;
    const ok = await t.call('POST', '/time', { as: u1, body: { time: 3000, date: '2026-03-18', task } });
    expect(ok.status).toBe(201);
    const over = await t.call('POST', '/time', { as: u1, body: { time: 700, date: '2026-03-18', task } });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('project "Capped"');
    expect(over.body.errors.budget).toBeDefined();
    expect((await t.call('GET', `/time/${ok.body.id}`, { as: u1 })).body.time).toBe(3000);
    expect((await t.call('POST', '/time', { as: u1, body: { time: 600, date: '2026-03-18', task } })).status).toBe(201); // exactly 100 %
    expect((await t.call('PUT', `/time/${ok.body.id}`, { as: u1, body: { time: 3700 } })).status).toBe(422);
    expect((await t.call('PUT', `/time/${ok.body.id}`, { as: u1, body: { time: 3000 } })).status).toBe(200);
    // timer stop
    now = new Date('2026-03-18T12:00:00Z');
    await t.call('POST', '/timers', { as: u2, body: { task, userDate: '2026-03-18' } });
    now = new Date('2026-03-18T12:30:00Z');
    const stop = await t.call('DELETE', '/timers/current', { as: u2 });
    expect(stop.status).toBe(422);
    expect(stop.body.message).toContain('Capped');
    now = new Date('2026-03-18T12:00:00Z');
  });

  it('time outside the current period is not refused; the client budget is named', async () => {
    const client = await f.client(teamId, 'Umbrella', budget({ type: 'time', budget: 3600, period: 'monthly', disallowOverbudget: true }));
    const p = await f.project(teamId, { name: 'Sub', clientId: client.id });
    const task = `ev:${(await f.task(teamId, p.id)).id}`;
    expect((await t.call('POST', '/time', { as: u1, body: { time: 5000, date: '2026-02-10', task } })).status).toBe(201);
    const over = await t.call('POST', '/time', { as: u1, body: { time: 4000, date: '2026-03-10', task } });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('client "Umbrella"');
  });
});
