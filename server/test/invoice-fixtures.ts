import { clients, expenseCategories, expenses } from '../db/schema/index.ts';
import type { TestContext, TestUser } from './harness.ts';
import { seedProject, seedTask, seedTime } from './dashboard-fixtures.ts';

/**
 * One client (Acme) with May 2026 worked out by hand in docs/invoices.md ("Worked example"). Rates are
 * cents per hour. A admin (rate 10000), M member (rate 8000), S supervisor (rate 12000).
 * P1 hourly project_rate 15000; P2 hourly user_rate with M overridden to 9000; P3 fixed fee 500000;
 * P4 non-billable. Beta is another client with an hourly project.
 */
export async function seedAcme(t: TestContext) {
  const team = await t.team();
  const A = await t.user(team.id, 'admin', { rate: 10000, cost: 4000 });
  const M = await t.user(team.id, 'member', { rate: 8000, cost: 3000 });
  const S = await t.user(team.id, 'supervisor', { rate: 12000, cost: 5000 });
  const L = await t.user(team.id, 'member_limited');
  const s = t.scope(team.id);
  const acme = (await s.insert(clients, { name: 'Acme' })).id;
  const beta = (await s.insert(clients, { name: 'Beta' })).id;
  const hourly = { type: 'hourly' as const, fee: null };
  const p1 = (await seedProject(s, { name: 'P1', clientId: acme, billing: hourly, rate: { type: 'project_rate', rate: 15000 } })).id;
  const p2 = (
    await seedProject(s, { name: 'P2', clientId: acme, billing: hourly, rate: { type: 'user_rate', userRateOverrides: { [M.id]: 9000 } } })
  ).id;
  const p3 = (await seedProject(s, { name: 'P3', clientId: acme, billing: { type: 'fixed_fee', fee: 500000 } })).id;
  const p4 = (await seedProject(s, { name: 'P4', clientId: acme })).id;
  const pb = (await seedProject(s, { name: 'PB', clientId: beta, billing: hourly, rate: { type: 'project_rate', rate: 10000 } })).id;
  const [T1, T1u, T2, T3, T3u, T4, TB] = await Promise.all([
    seedTask(s, p1),
    seedTask(s, p1, { unbillable: true }),
    seedTask(s, p2),
    seedTask(s, p3),
    seedTask(s, p3, { unbillable: true }),
    seedTask(s, p4),
    seedTask(s, pb),
  ]).then((ts) => ts.map((x) => x.id));
  const rec = (userId: number, taskId: number, date: string, time: number) => seedTime(s, { userId, taskId, date, time });
  const records = {
    m1: await rec(M.id, T1!, '2026-05-04', 3600),
    a1: await rec(A.id, T1!, '2026-05-05', 5400),
    m1u: await rec(M.id, T1u!, '2026-05-05', 1800),
    m2: await rec(M.id, T2!, '2026-05-06', 7200),
    s2: await rec(S.id, T2!, '2026-05-07', 1000),
    m3: await rec(M.id, T3!, '2026-05-08', 3000),
    a3u: await rec(A.id, T3u!, '2026-05-08', 1000),
    m4: await rec(M.id, T4!, '2026-05-11', 3600),
    mb: await rec(M.id, TB!, '2026-05-11', 3600),
    june: await rec(M.id, T1!, '2026-06-01', 3600),
  };
  const travel = await s.insert(expenseCategories, { name: 'Travel', color: '#123456' });
  const mileage = await s.insert(expenseCategories, {
    name: 'Mileage',
    color: '#654321',
    unitBased: true,
    unitName: 'Miles',
    unitPrice: 55,
  });
  const exp = (userId: number, projectId: number, type: 'billable' | 'separate' | 'cost', amount: number, date: string) => ({
    userId,
    categoryId: travel.id,
    projectId,
    type,
    amount,
    date,
    createdBy: userId,
  });
  const spent = await s.insertMany(expenses, [
    exp(M.id, p1, 'billable', 2500, '2026-05-12'),
    exp(A.id, p1, 'billable', 1500, '2026-05-13'),
    exp(A.id, p1, 'cost', 1000, '2026-05-13'),
    exp(M.id, p2, 'separate', 999, '2026-05-13'),
    exp(M.id, pb, 'billable', 700, '2026-05-13'),
  ]);
  return {
    team,
    A,
    M,
    S,
    L,
    acme,
    beta,
    p: { p1, p2, p3, p4, pb },
    records,
    spent,
    categories: { travel: travel.id, mileage: mileage.id },
  };
}

/** The two unit-based expenses, logged through the API so the amount is computed as for everyone (120.5 × 55 = 6627.5 → 6628). */
export async function logMileage(t: TestContext, as: TestUser, category: number, p1: number, p2: number) {
  const a = await t.call('POST', '/expenses', { as, body: { category, date: '2026-05-14', quantity: 120.5, project: `ev:${p1}` } });
  const b = await t.call('POST', '/expenses', { as, body: { category, date: '2026-05-15', quantity: 10, project: `ev:${p2}` } });
  if (a.status !== 201 || b.status !== 201) throw new Error(`mileage: ${a.status} ${b.status} ${JSON.stringify(a.body)}`);
  return [a.body.id as number, b.body.id as number];
}
