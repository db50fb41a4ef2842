import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgetThresholdCrossings, expenseCategories, expenses, type StoredBilling, type StoredRate } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { budget, fixtures } from '../../test/time-fixtures.ts';
import { budgetKey, recordThresholdCrossing } from './thresholds.ts';

let now = new Date('2026-03-18T12:00:00Z'); // a Wednesday
let t: TestContext;
let f: ReturnType<typeof fixtures>;
let teamId: number;
let admin: TestUser;
let member: TestUser;
let category: number;

const hourly = (rate: number): { billing: StoredBilling; rate: StoredRate } => ({
  billing: { type: 'hourly', fee: null },
  rate: { type: 'project_rate', rate, userRateOverrides: {}, userCostOverrides: {} },
});

type ExpenseInput = { project?: number | null; amount: number; type?: 'billable' | 'separate' | 'cost'; date?: string };
const addExpense = (e: ExpenseInput) =>
  t.call('POST', '/expenses', {
    as: admin,
    body: {
      category,
      date: e.date ?? '2026-03-18',
      amount: e.amount,
      type: e.type ?? 'billable',
      project: e.project == null ? null : `ev:${e.project}`,
    },
  });
const editExpense = (id: number, body: Record<string, unknown>) => t.call('PUT', `/expenses/${id}`, { as: admin, body });
const expensesOf = async (projectId: number) =>
  (await t.db.select({ n: count() }).from(expenses).where(eq(expenses.projectId, projectId)))[0]!.n;
const crossings = (kind: 'client' | 'project', id: number) =>
  t.db
    .select()
    .from(budgetThresholdCrossings)
    .where(and(eq(budgetThresholdCrossings.ownerKind, kind), eq(budgetThresholdCrossings.ownerId, id)));
const projectBudget = async (id: number) => (await t.call('GET', `/projects/${encodeURIComponent(`ev:${id}`)}`, { as: admin })).body.budget;
const clientBudget = async (id: number) => (await t.call('GET', `/clients/${id}`, { as: admin })).body.budget;
const addTime = (task: string, time: number, date = '2026-03-18') => t.call('POST', '/time', { as: member, body: { time, date, task } });

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  f = fixtures(t);
  teamId = (await t.team()).id;
  admin = await t.user(teamId, 'admin');
  member = await t.user(teamId, 'member', { rate: 10000, cost: 5000 });
  category = (await t.scope(teamId).insert(expenseCategories, { name: 'Travel', color: '#336699' })).id;
});

describe('disallowOverbudget refuses expenses', () => {
  it('refuses POST and PUT /expenses past a project money budget, naming it; nothing is written', async () => {
    const p = (
      await f.project(teamId, {
        name: 'Capped',
        ...hourly(10000),
        budget: budget({ type: 'money', budget: 100000, disallowOverbudget: true }),
      })
    ).id;
    const first = await addExpense({ project: p, amount: 60000 });
    expect(first.status).toBe(201);
    const over = await addExpense({ project: p, amount: 50000 });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('money budget of project "Capped"');
    expect(over.body.errors.budget).toEqual([over.body.message]);
    expect(await expensesOf(p)).toBe(1);
    // separate expenses count too; exactly 100 % is allowed
    expect((await addExpense({ project: p, amount: 40001, type: 'separate' })).status).toBe(422);
    const fill = await addExpense({ project: p, amount: 40000, type: 'separate' });
    expect(fill.status).toBe(201);
    expect((await projectBudget(p)).progress).toBe(100);
    // cost expenses are not part of a money budget
    expect((await addExpense({ project: p, amount: 99999, type: 'cost' })).status).toBe(201);
    // raising by PUT is refused and leaves the expense as it was
    const raise = await editExpense(first.body.id, { amount: 60001 });
    expect(raise.status).toBe(422);
    expect(raise.body.message).toContain('project "Capped"');
    expect((await t.db.select().from(expenses).where(eq(expenses.id, first.body.id)))[0]!.amount).toBe(60000);
    // turning a cost expense into a billable one counts it
    const cost = await addExpense({ project: p, amount: 1, type: 'cost' });
    expect((await editExpense(cost.body.id, { type: 'billable' })).status).toBe(422);
    // moving an expense onto the capped project is refused
    const loose = await addExpense({ project: null, amount: 500 });
    expect(loose.status).toBe(201);
    const move = await editExpense(loose.body.id, { project: `ev:${p}` });
    expect(move.status).toBe(422);
    expect(move.body.message).toContain('project "Capped"');
  });

  it('always allows lowering an expense of an over-budget project', async () => {
    const p = (await f.project(teamId, { name: 'Overrun', ...hourly(10000) })).id;
    const a = await addExpense({ project: p, amount: 80000 });
    const b = await addExpense({ project: p, amount: 40000 });
    expect([a.status, b.status]).toEqual([201, 201]);
    await t.call('PUT', `/projects/${encodeURIComponent(`ev:${p}`)}/billing`, {
      as: admin,
      body: { budget: { type: 'money', budget: 100000, disallowOverbudget: true } },
    });
    expect((await projectBudget(p)).progress).toBe(120);
    const lower = await editExpense(b.body.id, { amount: 30000 });
    expect(lower.status).toBe(200);
    expect(lower.body.amount).toBe(30000);
    expect((await projectBudget(p)).progress).toBe(110);
    expect((await editExpense(b.body.id, { amount: 30001 })).status).toBe(422);
    // an unchanged amount (still over) may be edited otherwise
    expect((await editExpense(b.body.id, { details: 'taxi' })).status).toBe(200);
    expect((await t.call('DELETE', `/expenses/${a.body.id}`, { as: admin })).status).toBe(204);
  });

  it("refuses an expense past its client's costs budget, naming the client", async () => {
    const c = await f.client(teamId, 'Globex', budget({ type: 'costs', budget: 20000, period: 'monthly', disallowOverbudget: true }));
    const p = (await f.project(teamId, { name: 'Under Globex', clientId: c.id })).id;
    expect((await addExpense({ project: p, amount: 15000, type: 'cost' })).status).toBe(201);
    const over = await addExpense({ project: p, amount: 6000, type: 'cost' });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain('client "Globex"');
    expect(await expensesOf(p)).toBe(1);
    // last month's expense is outside the monthly period
    expect((await addExpense({ project: p, amount: 6000, type: 'cost', date: '2026-02-27' })).status).toBe(201);
    expect((await clientBudget(c.id)).progress).toBe(75);
  });

  it('allows expenses when the budget excludes them, and on time budgets', async () => {
    const p = (
      await f.project(teamId, {
        name: 'No expenses',
        ...hourly(10000),
        budget: budget({ type: 'money', budget: 10000, disallowOverbudget: true, excludeExpenses: true }),
      })
    ).id;
    expect((await addExpense({ project: p, amount: 50000 })).status).toBe(201);
    expect(await projectBudget(p)).toMatchObject({ progress: 0, expenseProgress: 0 });
    const c = await f.client(teamId, 'Hours only', budget({ type: 'time', budget: 60, disallowOverbudget: true }));
    const q = (await f.project(teamId, { name: 'Timed', clientId: c.id })).id;
    expect((await addExpense({ project: q, amount: 50000, type: 'cost' })).status).toBe(201);
  });

  it('gives the exact amount used beside the rounded percent', async () => {
    const p = (await f.project(teamId, { name: 'Thirds', ...hourly(10000), budget: budget({ type: 'money', budget: 300000 }) })).id;
    const task = `ev:${(await f.task(teamId, p)).id}`;
    expect((await addTime(task, 3600)).status).toBe(201);
    expect((await addExpense({ project: p, amount: 333 })).status).toBe(201);
    // 10,333 of 300,000 cents: 3.44 % rounds, the amount does not.
    expect(await projectBudget(p)).toMatchObject({ progress: 3.44, used: 10333 });
    const c = await f.client(teamId, 'Thirds client', budget({ type: 'time', budget: 7 * 3600 }));
    const q = (await f.project(teamId, { name: 'Thirds timed', clientId: c.id })).id;
    expect((await addTime(`ev:${(await f.task(teamId, q)).id}`, 1000)).status).toBe(201);
    expect(await clientBudget(c.id)).toMatchObject({ progress: 3.97, used: 1000 });
  });
});

describe('threshold crossings', () => {
  it('records the crossing once per period, from time and expenses, shown on GET /projects/{id}', async () => {
    now = new Date('2026-03-18T12:00:00Z');
    const p = (
      await f.project(teamId, {
        name: 'Watched',
        ...hourly(10000),
        budget: budget({ type: 'money', budget: 100000, period: 'monthly', threshold: 80 }),
      })
    ).id;
    const task = `ev:${(await f.task(teamId, p)).id}`;
    expect(await projectBudget(p)).toMatchObject({ threshold: 80, thresholdReachedAt: null });
    expect((await addTime(task, 3600)).status).toBe(201); // 10 %
    expect((await addExpense({ project: p, amount: 69000 })).status).toBe(201); // 79 %
    expect(await crossings('project', p)).toHaveLength(0);
    expect((await projectBudget(p)).thresholdReachedAt).toBeNull();

    now = new Date('2026-03-18T12:34:56Z');
    expect((await addExpense({ project: p, amount: 1000 })).status).toBe(201); // 80 %
    expect(await projectBudget(p)).toMatchObject({ progress: 80, thresholdReachedAt: '2026-03-18 12:34:56' });
    const [first] = await crossings('project', p);
    expect(first).toMatchObject({ teamId, threshold: 80, usage: 80, periodStart: '2026-03-01' });

    now = new Date('2026-03-19T09:00:00Z');
    expect((await addTime(task, 3600, '2026-03-19')).status).toBe(201); // 90 %
    expect((await addExpense({ project: p, amount: 5000 })).status).toBe(201); // 95 %
    expect(await crossings('project', p)).toHaveLength(1);
    expect((await projectBudget(p)).thresholdReachedAt).toBe('2026-03-18 12:34:56');

    // April: a new period, nothing reached yet; crossing again records again
    now = new Date('2026-04-02T10:00:00Z');
    expect(await projectBudget(p)).toMatchObject({ progress: 0, thresholdReachedAt: null });
    expect((await addTime(task, 7 * 3600, '2026-04-02')).status).toBe(201); // 70 %
    expect((await projectBudget(p)).thresholdReachedAt).toBeNull();
    now = new Date('2026-04-02T11:00:00Z');
    expect((await addTime(task, 3 * 3600, '2026-04-02')).status).toBe(201); // 100 %
    expect((await projectBudget(p)).thresholdReachedAt).toBe('2026-04-02 11:00:00');
    const all = await crossings('project', p);
    expect(all.map((c) => c.periodStart).sort()).toEqual(['2026-03-01', '2026-04-01']);
    expect(all.find((c) => c.periodStart === '2026-04-01')).toMatchObject({ usage: 100 });
    now = new Date('2026-03-18T12:00:00Z');
  });

  it('records a client crossing from a timer stop and a time edit, shown on GET /clients/{id}; replacing the budget resets it', async () => {
    now = new Date('2026-03-18T08:00:00Z');
    const c = await f.client(teamId, 'Hooli', budget({ type: 'time', budget: 36000, period: 'weekly', threshold: 50 }));
    const p = (await f.project(teamId, { name: 'Hooli app', clientId: c.id })).id;
    const task = `ev:${(await f.task(teamId, p)).id}`;
    const rec = await addTime(task, 3 * 3600); // 30 %
    expect(rec.status).toBe(201);
    expect((await clientBudget(c.id)).thresholdReachedAt).toBeNull();
    expect((await t.call('POST', '/timers', { as: member, body: { task, userDate: '2026-03-18' } })).status).toBe(200);
    now = new Date('2026-03-18T10:00:00Z');
    expect((await t.call('DELETE', '/timers/current', { as: member })).status).toBe(200); // 50 %
    expect(await clientBudget(c.id)).toMatchObject({ progress: 50, thresholdReachedAt: '2026-03-18 10:00:00' });
    expect(await crossings('client', c.id)).toHaveLength(1);

    // a replaced budget starts without a crossing; an edit that crosses the new threshold records it
    const replaced = await t.call('PUT', `/clients/${c.id}/budget`, {
      as: admin,
      body: { type: 'time', budget: 36000, period: 'weekly', threshold: 70 },
    });
    expect(replaced.body.budget).toMatchObject({ threshold: 70, thresholdReachedAt: null });
    now = new Date('2026-03-18T11:00:00Z');
    // the timer added its 2 h to the same day's record (now 5 h)
    expect((await t.call('GET', `/time/${rec.body.id}`, { as: member })).body.time).toBe(5 * 3600);
    expect((await t.call('PUT', `/time/${rec.body.id}`, { as: member, body: { time: 6 * 3600 } })).status).toBe(200); // 60 %
    expect((await clientBudget(c.id)).thresholdReachedAt).toBeNull();
    now = new Date('2026-03-18T11:30:00Z');
    expect((await t.call('PUT', `/time/${rec.body.id}`, { as: member, body: { time: 7 * 3600 } })).status).toBe(200); // 70 %
    expect(await clientBudget(c.id)).toMatchObject({ progress: 70, thresholdReachedAt: '2026-03-18 11:30:00' });
    // going down and up again in the same week does not record again
    expect((await t.call('PUT', `/time/${rec.body.id}`, { as: member, body: { time: 3600 } })).status).toBe(200);
    expect((await t.call('PUT', `/time/${rec.body.id}`, { as: member, body: { time: 8 * 3600 } })).status).toBe(200);
    expect(await crossings('client', c.id)).toHaveLength(2);
    expect((await clientBudget(c.id)).thresholdReachedAt).toBe('2026-03-18 11:30:00');
    // next week is a new period
    now = new Date('2026-03-23T09:00:00Z');
    expect((await clientBudget(c.id)).thresholdReachedAt).toBeNull();
    now = new Date('2026-03-18T12:00:00Z');
  });

  it('records nothing when the change is refused', async () => {
    now = new Date('2026-03-18T12:00:00Z');
    const p = (
      await f.project(teamId, {
        name: 'Strict',
        ...hourly(10000),
        budget: budget({ type: 'money', budget: 100000, threshold: 50, disallowOverbudget: true }),
      })
    ).id;
    const task = `ev:${(await f.task(teamId, p)).id}`;
    expect((await addExpense({ project: p, amount: 40000 })).status).toBe(201); // 40 %
    expect((await addExpense({ project: p, amount: 70000 })).status).toBe(422); // would be 110 %
    expect((await addTime(task, 8 * 3600)).status).toBe(422); // would be 120 %
    expect(await crossings('project', p)).toHaveLength(0);
    expect((await projectBudget(p)).thresholdReachedAt).toBeNull();
    expect((await addTime(task, 3600)).status).toBe(201); // 50 %
    expect(await crossings('project', p)).toHaveLength(1);
    expect((await projectBudget(p)).thresholdReachedAt).toBe('2026-03-18 12:00:00');
  });

  it('records nothing without a threshold, and an expense does not cross a time budget', async () => {
    const p = (await f.project(teamId, { name: 'Plain', ...hourly(10000), budget: budget({ type: 'money', budget: 10000 }) })).id;
    expect((await addExpense({ project: p, amount: 20000 })).status).toBe(201);
    expect(await crossings('project', p)).toHaveLength(0);
    expect(await projectBudget(p)).toMatchObject({ progress: 200, thresholdReachedAt: null });
    const q = (await f.project(teamId, { name: 'Hours', budget: budget({ type: 'time', budget: 3600, threshold: 10 }) })).id;
    expect((await addExpense({ project: q, amount: 20000 })).status).toBe(201);
    expect(await crossings('project', q)).toHaveLength(0);
  });
});

describe('the crossing record', () => {
  it('keeps one row per owner, budget and period, also for an open general period', async () => {
    const b = budget({ type: 'time', budget: 3600, threshold: 50 });
    const key = { owner: { kind: 'client' as const, id: 999_001 }, budgetKey: budgetKey(b), periodStart: null };
    const s = t.scope(teamId);
    await recordThresholdCrossing(s, key, 50, 50, new Date('2026-03-18T12:00:00Z'));
    await recordThresholdCrossing(s, key, 50, 75, new Date('2026-03-18T13:00:00Z'));
    await recordThresholdCrossing(s, { ...key, periodStart: '2026-03-01' }, 50, 60, new Date('2026-03-18T14:00:00Z'));
    await recordThresholdCrossing(s, { ...key, budgetKey: budgetKey({ ...b, threshold: 60 }) }, 60, 60, new Date('2026-03-18T15:00:00Z'));
    const rows = await crossings('client', 999_001);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.periodStart === null && r.threshold === 50)).toMatchObject({ usage: 50 });
  });
});
