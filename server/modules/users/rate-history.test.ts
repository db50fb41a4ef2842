import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '../../../contract/users.ts';
import { clients, projects, timeOff } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { seedProject, seedTask, seedTime } from '../../test/dashboard-fixtures.ts';
import { budget } from '../../test/time-fixtures.ts';

/*
 * A member M billed at their own rate (project P: hourly, `user_rate`), 8000 an hour at a cost of 3000 from
 * the start, then 10000 at 5000 from 1 April 2026. Time: 1 h on 10 March, 2 h on 10 April. Approved time
 * off: Tue 31 March and Wed 1 April, 8 h each (capacity 40 h). Every amount below is worked out by hand.
 */
let t: TestContext;
let A: TestUser, M: TestUser, S: TestUser;
let acme: number, p: number, task: number;
let scope: ReturnType<TestContext['scope']>;
const range = 'date.gte=2026-03-01&date.lte=2026-04-30';

const put = (body: Record<string, unknown>, as = A, who = M) => t.call('PUT', `/team/users/${who.id}`, { as, body });
const teamUser = async (as = A) => (await t.call<Record<string, any>[]>('GET', '/team/users', { as })).body.find((u) => u.id === M.id)!;
const member = async () => (await t.call('GET', `/dashboards/users?${range}&memberId=${M.id}`, { as: A })).body[0];

beforeAll(async () => {
  t = await setupTestApp();
  const team = await t.team();
  A = await t.user(team.id, 'admin');
  M = await t.user(team.id, 'member', { rate: 8000, cost: 3000 });
  S = await t.user(team.id, 'supervisor');
  const s = (scope = t.scope(team.id));
  acme = (await s.insert(clients, { name: 'Acme' })).id;
  p = (await seedProject(s, { name: 'P', clientId: acme, billing: { type: 'hourly', fee: null }, rate: { type: 'user_rate' } })).id;
  await s.update(projects, { budget: budget({ type: 'money', budget: 1_000_000 }) }, eq(projects.id, p));
  task = (await seedTask(s, p)).id;
  await seedTime(s, { userId: M.id, taskId: task, date: '2026-03-10', time: 3600 });
  await seedTime(s, { userId: M.id, taskId: task, date: '2026-04-10', time: 7200 });
  await s.insert(timeOff, { userId: M.id, startDate: '2026-03-31', endDate: '2026-04-01', period: 'full-day', status: 'approved', days: 2, createdBy: A.id });
});

describe('rates and costs with the date they take effect', () => {
  it('values all time at the one rate until a change is dated', async () => {
    expect(await teamUser()).toMatchObject({ rate: 8000, cost: 3000, costHistory: [] });
    expect(await member()).toMatchObject({ billableAmountTime: 24000, costsTime: 9000, costsTimeOff: 48000 });
  });

  it('records a change from a date: later time at the new rate, earlier time keeps the old one', async () => {
    const res = await put({ rate: 10000, cost: 5000, effectiveFrom: '2026-04-01' });
    expect(res.status).toBe(200);
    expect(userSchema.strict().safeParse(res.body).success).toBe(true);
    const history = [
      { effectiveFrom: null, rate: 8000, cost: 3000 },
      { effectiveFrom: '2026-04-01', rate: 10000, cost: 5000 },
    ];
    expect(res.body).toMatchObject({ rate: 10000, cost: 5000, costHistory: history });
    expect(await teamUser()).toMatchObject({ rate: 10000, cost: 5000, costHistory: history });

    // 1 h × 8000 + 2 h × 10000; costs 1 h × 3000 + 2 h × 5000; time off 8 h × 3000 + 8 h × 5000.
    expect(await member()).toMatchObject({ billableAmountTime: 28000, costsTime: 13000, costsTimeOff: 64000 });
    const clients_ = (await t.call('GET', `/dashboards/clients?${range}`, { as: A })).body;
    expect(clients_.find((c: { clientId: number }) => c.clientId === acme)).toMatchObject({ billableAmountTime: 28000, costsTime: 13000 });
    // The project's money budget counts the same amounts.
    expect((await t.call('GET', `/projects/ev:${p}`, { as: A })).body.budget.progress).toBe(2.8);
  });

  it('keeps the value not given from the rate in force on that date, and replaces a change of the same date', async () => {
    await seedTime(scope, { userId: M.id, taskId: task, date: '2026-04-25', time: 3600 });
    const res = await put({ rate: 11000, effectiveFrom: '2026-04-20' });
    expect(res.body.costHistory.at(-1)).toEqual({ effectiveFrom: '2026-04-20', rate: 11000, cost: 5000 });
    const again = await put({ rate: 12000, effectiveFrom: '2026-04-20' });
    expect(again.body.costHistory).toEqual([
      { effectiveFrom: null, rate: 8000, cost: 3000 },
      { effectiveFrom: '2026-04-01', rate: 10000, cost: 5000 },
      { effectiveFrom: '2026-04-20', rate: 12000, cost: 5000 },
    ]);
    expect(again.body).toMatchObject({ rate: 12000, cost: 5000 });
    // + 1 h × 12000 on 25 April.
    expect(await member()).toMatchObject({ billableAmountTime: 40000, costsTime: 18000 });
    // A change dated before the latest one leaves the rate in force today as it is.
    const earlier = await put({ cost: 4000, effectiveFrom: '2026-03-15' });
    expect(earlier.body).toMatchObject({ rate: 12000, cost: 5000 });
    expect(earlier.body.costHistory[1]).toEqual({ effectiveFrom: '2026-03-15', rate: 8000, cost: 4000 });
  });

  it('prices an invoice line at the rate of each record’s date', async () => {
    const res = await t.call('POST', `/clients/${acme}/invoices`, { as: A, body: { limitDateFrom: '2026-03-01', limitDateTill: '2026-04-30' } });
    expect(res.status).toBe(201);
    // 8000 + 2 × 10000 + 12000.
    expect(res.body.invoiceItems.map((i: { name: string; listAmount: number }) => [i.name, i.listAmount])).toEqual([['P', 40000]]);
  });

  it('applies a rate given without a date to all time, through every dated period', async () => {
    const res = await put({ cost: 6000 });
    expect(res.body.costHistory.map((h: { cost: number }) => h.cost)).toEqual([6000, 6000, 6000, 6000]);
    expect(res.body.costHistory.map((h: { rate: number }) => h.rate)).toEqual([8000, 8000, 10000, 12000]);
    // 4 h at 6000; rates unchanged.
    expect(await member()).toMatchObject({ billableAmountTime: 40000, costsTime: 24000 });
  });

  it('refuses a date without a rate or cost, a date in the future, and a bad date, with the field named', async () => {
    const alone = await put({ effectiveFrom: '2026-04-01' });
    expect(alone.status).toBe(422);
    expect(alone.body.errors.effectiveFrom).toEqual(['Give a rate or a cost to take effect from this date']);
    const future = await put({ rate: 1, effectiveFrom: '2999-01-01' });
    expect(future.status).toBe(422);
    expect(future.body.errors.effectiveFrom).toEqual(['Must be today or earlier']);
    const bad = await put({ rate: 1, effectiveFrom: '2026-02-30' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('effectiveFrom');
    expect((await teamUser()).rate).toBe(12000);
  });

  it('shows the history to admins only, and lets only admins change it', async () => {
    const sup = await teamUser(S);
    expect(sup).not.toHaveProperty('costHistory');
    expect(sup).not.toHaveProperty('rate');
    expect((await put({ rate: 1, effectiveFrom: '2026-04-02' }, S)).status).toBe(403);
    expect((await put({ rate: 1, effectiveFrom: '2026-04-02' }, M)).status).toBe(403);
  });

  it('keeps each team’s history to itself', async () => {
    const other = await t.team();
    const admin = await t.user(other.id, 'admin');
    expect((await put({ rate: 1, effectiveFrom: '2026-04-02' }, admin)).status).toBe(404);
    const theirs = (await t.call<Record<string, any>[]>('GET', '/team/users', { as: admin })).body;
    expect(theirs.every((u) => Array.isArray(u.costHistory) && u.costHistory.length === 0)).toBe(true);
  });
});
