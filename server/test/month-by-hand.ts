import { clients, expenseCategories, expenses, timeOff, timeOffTypes } from '../db/schema/index.ts';
import type { TestContext, TestUser } from './harness.ts';
import { seedProject, seedTask, seedTime } from './dashboard-fixtures.ts';

/*
 * One seeded month (April 2026) with every figure worked out by hand below. Rates and costs are cents
 * per hour. Users: A (admin, rate 10000, cost 4000), M (member, rate 8000, cost 3000),
 * S (supervisor, rate 12000, cost 5000).
 *
 * P1 hourly, project_rate 15000, client Acme    P2 hourly, user_rate, M rate 9000 / cost 3500, client Acme
 * P3 fixed fee 500000, client Beta               P4 non-billable, client Beta
 * P5 hourly, user_cost, S cost 6000, no client
 */
export const range = 'date.gte=2026-04-01&date.lte=2026-04-30';

/** The month's people (admin, member, supervisor, limited member), clients and projects. */
export interface Month {
  A: TestUser;
  M: TestUser;
  S: TestUser;
  L: TestUser;
  acme: number;
  beta: number;
  P: Record<string, number>;
}

/** Seeds the month in a new team of `t`. */
export async function seedMonth(t: TestContext): Promise<Month> {
  const P: Record<string, number> = {};
  const team = await t.team();
  const A = await t.user(team.id, 'admin', { rate: 10000, cost: 4000 });
  const M = await t.user(team.id, 'member', { rate: 8000, cost: 3000 });
  const S = await t.user(team.id, 'supervisor', { rate: 12000, cost: 5000 });
  const L = await t.user(team.id, 'member_limited', { rate: 1, cost: 1 });
  const s = t.scope(team.id);
  const acme = (await s.insert(clients, { name: 'Acme' })).id;
  const beta = (await s.insert(clients, { name: 'Beta' })).id;
  P.p1 = (
    await seedProject(s, {
      name: 'P1',
      clientId: acme,
      billing: { type: 'hourly', fee: null },
      rate: { type: 'project_rate', rate: 15000 },
    })
  ).id;
  P.p2 = (
    await seedProject(s, {
      name: 'P2',
      clientId: acme,
      billing: { type: 'hourly', fee: null },
      rate: { type: 'user_rate', userRateOverrides: { [M.id]: 9000 }, userCostOverrides: { [M.id]: 3500 } },
    })
  ).id;
  P.p3 = (await seedProject(s, { name: 'P3', clientId: beta, billing: { type: 'fixed_fee', fee: 500000 } })).id;
  P.p4 = (await seedProject(s, { name: 'P4', clientId: beta })).id;
  P.p5 = (
    await seedProject(s, {
      name: 'P5',
      billing: { type: 'hourly', fee: null },
      rate: { type: 'user_cost', userCostOverrides: { [S.id]: 6000 } },
    })
  ).id;
  const T1 = (await seedTask(s, P.p1)).id;
  const T1u = (await seedTask(s, P.p1, { unbillable: true })).id;
  const T2 = (await seedTask(s, P.p2)).id;
  const T3 = (await seedTask(s, P.p3)).id;
  const T3u = (await seedTask(s, P.p3, { unbillable: true })).id;
  const T4 = (await seedTask(s, P.p4)).id;
  const T5 = (await seedTask(s, P.p5)).id;
  const time = [
    { userId: M.id, taskId: T1, date: '2026-04-01', time: 3600, timer: 1800 },
    { userId: A.id, taskId: T1, date: '2026-04-02', time: 5400, invoiced: true },
    { userId: M.id, taskId: T1u, date: '2026-04-03', time: 1800 },
    { userId: M.id, taskId: T2, date: '2026-04-06', time: 7200, timer: 7200 },
    { userId: S.id, taskId: T2, date: '2026-04-07', time: 1000 },
    { userId: M.id, taskId: T3, date: '2026-04-08', time: 3000 },
    { userId: S.id, taskId: T3, date: '2026-04-09', time: 1000 },
    { userId: A.id, taskId: T3u, date: '2026-04-10', time: 1000 },
    { userId: M.id, taskId: T4, date: '2026-04-13', time: 3600 },
    { userId: S.id, taskId: T5, date: '2026-04-14', time: 1234, timer: 600 },
    { userId: M.id, taskId: null, date: '2026-04-15', time: 600 },
    // Outside the month.
    { userId: M.id, taskId: T1, date: '2026-05-01', time: 3600 },
    { userId: A.id, taskId: T3, date: '2026-03-31', time: 3600 },
  ];
  for (const r of time) await seedTime(s, r);
  const cat = await s.insert(expenseCategories, { name: 'Misc', color: '#123456' });
  const exp = (
    userId: number,
    project: number | null,
    type: 'billable' | 'separate' | 'cost',
    amount: number,
    date = '2026-04-20',
    isInvoiced = false,
  ) => ({
    userId,
    categoryId: cat.id,
    projectId: project,
    type,
    amount,
    date,
    isInvoiced,
    createdBy: userId,
  });
  await s.insertMany(expenses, [
    exp(M.id, P.p1!, 'billable', 2500),
    exp(A.id, P.p1!, 'cost', 1000),
    exp(A.id, P.p1!, 'billable', 1500, '2026-04-21', true),
    exp(M.id, P.p2!, 'separate', 999),
    exp(S.id, P.p3!, 'separate', 700),
    exp(M.id, P.p4!, 'cost', 300),
    exp(A.id, null, 'billable', 400),
    exp(M.id, P.p1!, 'billable', 10000, '2026-05-02'),
  ]);
  const unpaid = await s.insert(timeOffTypes, { name: 'Unpaid', color: '#000000', paid: false });
  await s.insertMany(timeOff, [
    // Thu 16 to Mon 20 April: 3 workdays.
    { userId: M.id, startDate: '2026-04-16', endDate: '2026-04-20', period: 'full-day', status: 'approved', days: 3, createdBy: A.id },
    { userId: M.id, startDate: '2026-04-22', endDate: '2026-04-22', period: 'full-day', status: 'pending', days: 1, createdBy: M.id },
    // Thu 30 April to Fri 1 May, half days: one half day inside the month.
    { userId: S.id, startDate: '2026-04-30', endDate: '2026-05-01', period: 'half-of-day', status: 'approved', days: 1, createdBy: A.id },
    {
      userId: A.id,
      typeId: unpaid.id,
      startDate: '2026-04-21',
      endDate: '2026-04-21',
      period: 'full-day',
      status: 'approved',
      days: 1,
      createdBy: A.id,
    },
  ]);
  return { A, M, S, L, acme, beta, P };
}

export const NO_COSTS = ['costs', 'costsTime', 'costsExpenses', 'profit', 'profitCosts', 'costsTimeOff'];
export const MONEY = [
  'billableAmount',
  'roundedBillableAmount',
  'roundedBillableAmountTime',
  'billableAmountTime',
  'billableAmountExpenses',
  'uninvoicedAmount',
  'expenses',
  'billableExpenses',
  'separateExpenses',
];
export const without = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

const projectsByHand = ({ P, acme, beta }: Month) => ({
  [P.p1!]: {
    projectName: 'P1',
    clientId: acme,
    clientName: 'Acme',
    billingType: 'hourly',
    time: 10800,
    billableTime: 9000,
    nonBillableTime: 1800,
    timerTimePc: 17, // 1800/10800 = 16.7 %
    billableAmountTime: 37500, // 3600 s and 5400 s at 15000/h
    billableAmountExpenses: 4000,
    billableExpenses: 4000,
    separateExpenses: 0,
    costsExpenses: 1000,
    expenses: 5000,
    billableAmount: 41500,
    uninvoicedAmount: 17500, // M's 15000 (A's record is invoiced) + the 2500 expense (the 1500 one is invoiced)
    costsTime: 10500, // M 3600 s and 1800 s at 3000/h, A 5400 s at 4000/h
    costs: 11500,
    profit: 30000,
    profitCosts: 261,
  },
  [P.p2!]: {
    projectName: 'P2',
    clientId: acme,
    clientName: 'Acme',
    billingType: 'hourly',
    time: 8200,
    billableTime: 8200,
    nonBillableTime: 0,
    timerTimePc: 88, // 7200/8200 = 87.8 %
    billableAmountTime: 21333, // M 7200 s at override 9000 = 18000; S 1000 s at 12000 = 3333.33
    billableAmountExpenses: 0,
    billableExpenses: 0,
    separateExpenses: 999,
    costsExpenses: 0,
    expenses: 999,
    billableAmount: 21333,
    uninvoicedAmount: 21333,
    costsTime: 8389, // M 7200 s at cost override 3500 = 7000; S 1000 s at 5000 = 1388.89
    costs: 8389,
    profit: 12944,
    profitCosts: 154,
  },
  [P.p3!]: {
    projectName: 'P3',
    clientId: beta,
    clientName: 'Beta',
    billingType: 'fixed_fee',
    time: 5000,
    billableTime: 4000,
    nonBillableTime: 1000,
    timerTimePc: 0,
    billableAmountTime: 500000, // the fee, once
    billableAmountExpenses: 0,
    billableExpenses: 0,
    separateExpenses: 700,
    costsExpenses: 0,
    expenses: 700,
    billableAmount: 500000,
    uninvoicedAmount: 500000,
    costsTime: 5000, // M 3000 s at 3000 = 2500; S 1000 s at 5000 = 1388.89; A 1000 s at 4000 = 1111.11
    costs: 5000,
    profit: 495000,
    profitCosts: 9900,
  },
  [P.p4!]: {
    projectName: 'P4',
    clientId: beta,
    clientName: 'Beta',
    billingType: 'non_billable',
    time: 3600,
    billableTime: 0,
    nonBillableTime: 3600,
    timerTimePc: 0,
    billableAmountTime: 0,
    billableAmountExpenses: 0,
    billableExpenses: 0,
    separateExpenses: 0,
    costsExpenses: 300,
    expenses: 300,
    billableAmount: 0,
    uninvoicedAmount: 0,
    costsTime: 3000,
    costs: 3300,
    profit: -3300,
    profitCosts: -100,
  },
  [P.p5!]: {
    projectName: 'P5',
    clientId: null,
    clientName: null,
    billingType: 'hourly',
    time: 1234,
    billableTime: 1234,
    nonBillableTime: 0,
    timerTimePc: 49, // 600/1234 = 48.6 %
    billableAmountTime: 2057, // 1234 s at S's cost override 6000 = 2056.67
    billableAmountExpenses: 0,
    billableExpenses: 0,
    separateExpenses: 0,
    costsExpenses: 0,
    expenses: 0,
    billableAmount: 2057,
    uninvoicedAmount: 2057,
    costsTime: 2057,
    costs: 2057,
    profit: 0,
    profitCosts: 0,
  },
});

const clientsByHand = ({ acme, beta }: Month) => ({
  [acme]: {
    clientName: 'Acme',
    time: 19000,
    billableTime: 17200,
    nonBillableTime: 1800,
    timerTimePc: 47, // 9000/19000 = 47.4 %
    billableAmountTime: 58833, // 37500 + 21333.33, rounded once
    billableAmountExpenses: 4000,
    billableExpenses: 4000,
    separateExpenses: 999,
    costsExpenses: 1000,
    expenses: 5999,
    billableAmount: 62833,
    uninvoicedAmount: 38833, // 15000 + 21333.33 → 36333, + 2500
    costsTime: 18889, // 10500 + 8388.89
    costs: 19889,
    profit: 42944,
    profitCosts: 216,
  },
  [beta]: {
    clientName: 'Beta',
    time: 8600,
    billableTime: 4000,
    nonBillableTime: 4600,
    timerTimePc: 0,
    billableAmountTime: 500000,
    billableAmountExpenses: 0,
    billableExpenses: 0,
    separateExpenses: 700,
    costsExpenses: 300,
    expenses: 1000,
    billableAmount: 500000,
    uninvoicedAmount: 500000,
    costsTime: 8000,
    costs: 8300,
    profit: 491700,
    profitCosts: 5924,
  },
});

const usersByHand = ({ A, M, S }: Month) => ({
  [M.id]: {
    time: 19800,
    billableTime: 13800,
    nonBillableTime: 6000,
    timerTimePc: 45, // 9000/19800 = 45.45 %
    billableAmountTime: 333000, // P1 15000 + P2 18000 + 3000/5000 of P3's fee 300000
    billableAmountExpenses: 2500,
    billableExpenses: 2500,
    separateExpenses: 999,
    costsExpenses: 300,
    expenses: 3799,
    billableAmount: 335500,
    uninvoicedAmount: 335500,
    costsTime: 17500, // 3000 + 1500 + 7000 + 2500 + 3000 + 500 (600 s without a task)
    costs: 17800,
    profit: 317700,
    profitCosts: 1785,
    timeOffDays: 3,
    timeOffTime: 86400,
    costsTimeOff: 72000, // 3 days of 8 h (40 h week) at 3000/h
  },
  [A.id]: {
    time: 6400,
    billableTime: 5400,
    nonBillableTime: 1000,
    timerTimePc: 0,
    billableAmountTime: 122500, // 22500 + 1000/5000 of the fee
    billableAmountExpenses: 1900,
    billableExpenses: 1900,
    separateExpenses: 0,
    costsExpenses: 1000,
    expenses: 2900,
    billableAmount: 124400,
    uninvoicedAmount: 100400, // the fee share and the 400 expense; the rest is invoiced
    costsTime: 7111, // 6000 + 1111.11
    costs: 8111,
    profit: 116289,
    profitCosts: 1434,
    timeOffDays: 1,
    timeOffTime: 28800,
    costsTimeOff: 0, // unpaid type
  },
  [S.id]: {
    time: 3234,
    billableTime: 3234,
    nonBillableTime: 0,
    timerTimePc: 19, // 600/3234 = 18.6 %
    billableAmountTime: 105390, // 3333.33 + 100000 + 2056.67
    billableAmountExpenses: 0,
    billableExpenses: 0,
    separateExpenses: 700,
    costsExpenses: 0,
    expenses: 700,
    billableAmount: 105390,
    uninvoicedAmount: 105390,
    costsTime: 4834, // 1388.89 + 1388.89 + 2056.67
    costs: 4834,
    profit: 100556,
    profitCosts: 2080,
    timeOffDays: 0.5,
    timeOffTime: 14400,
    costsTimeOff: 20000,
  },
});

type Row = Record<string, unknown> & { time: number; billableTime: number; nonBillableTime: number; billableAmountTime?: number; billableAmount?: number };
/** Without a rounding rule, every rounded figure equals the recorded one. */
const unrounded = (rows: Record<number, Row>) =>
  Object.fromEntries(
    Object.entries(rows).map(([k, v]) => [
      k,
      {
        ...v,
        roundedTime: v.time,
        roundedBillableTime: v.billableTime,
        roundedNonBillableTime: v.nonBillableTime,
        ...(v.billableAmount !== undefined ? { roundedBillableAmount: v.billableAmount, roundedBillableAmountTime: v.billableAmountTime } : {}),
      },
    ]),
  ) as Record<number, Record<string, unknown>>;
export const expectedProjects = (m: Month) => unrounded(projectsByHand(m));
export const expectedClients = (m: Month) => unrounded(clientsByHand(m));
export const expectedUsers = (m: Month) => unrounded(usersByHand(m));
