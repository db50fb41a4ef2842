import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roundingModes, roundingSteps, roundSeconds, type RoundingRule } from '../../../contract/rounding.ts';
import { clients } from '../../db/schema/index.ts';
import { seedProject, seedTask, seedTime } from '../../test/dashboard-fixtures.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { roundedSql } from './rounding.ts';

/*
 * Billing rounding on March 2026 (daylight saving starts on the 8th in the US and the 29th in Europe;
 * records are dates, so neither shifts anything). Client C: PH hourly at a project rate of 6000/h (tasks
 * TH billable, THu unbillable), PU hourly at the users' rates (A 10000/h, M 8000/h), PN non-billable with
 * the override "none".
 */
let t: TestContext;
let A: TestUser, M: TestUser, S: TestUser, member: TestUser;
let client: number;
const P: Record<'PH' | 'PU' | 'PN', number> = { PH: 0, PU: 0, PN: 0 };
const RANGE = 'date.gte=2026-03-01&date.lte=2026-03-31';
const MARCH = { limitDateFrom: '2026-03-01', limitDateTill: '2026-03-31' };

interface Rec {
  user: 'A' | 'M';
  project: 'PH' | 'PU' | 'PN';
  billable: boolean;
  secs: number;
  rate: number;
}
const RECORDS: (Rec & { date: string; task: 'TH' | 'THu' | 'TU' | 'TN' })[] = [
  { user: 'M', project: 'PH', task: 'TH', billable: true, date: '2026-03-07', secs: 420, rate: 6000 },
  { user: 'M', project: 'PH', task: 'TH', billable: true, date: '2026-03-08', secs: 1320, rate: 6000 },
  { user: 'A', project: 'PH', task: 'TH', billable: true, date: '2026-03-29', secs: 3601, rate: 6000 },
  { user: 'M', project: 'PH', task: 'THu', billable: false, date: '2026-03-30', secs: 600, rate: 0 },
  { user: 'A', project: 'PU', task: 'TU', billable: true, date: '2026-03-28', secs: 1000, rate: 10000 },
  { user: 'M', project: 'PU', task: 'TU', billable: true, date: '2026-03-29', secs: 2000, rate: 8000 },
  { user: 'M', project: 'PN', task: 'TN', billable: false, date: '2026-03-31', secs: 700, rate: 0 },
];

/**
 * What a report row shows, worked out record by record in TypeScript: per entry each record rounded;
 * per total the row's seconds on one project (billable and not apart) rounded, the exact amount scaled alike.
 */
function expectedRows(key: (r: Rec) => string, rule: RoundingRule | null) {
  const rows = new Map<string, { roundedTime: number; roundedBillableTime: number; amount: number }>();
  const parts = new Map<string, Rec[]>();
  for (const r of RECORDS) {
    const k = `${key(r)}|${r.project}|${r.billable}`;
    parts.set(k, [...(parts.get(k) ?? []), r]);
  }
  for (const [k, recs] of parts) {
    const own = recs[0]!.project === 'PN' ? null : rule;
    let secs = 0;
    let amount = 0;
    if (own?.per === 'total') {
      const total = recs.reduce((s, r) => s + r.secs, 0);
      const exact = recs.reduce((s, r) => s + (r.secs * r.rate) / 3600, 0);
      secs = roundSeconds(total, own);
      amount = total > 0 ? (exact * secs) / total : 0;
    } else
      for (const r of recs) {
        const rounded = roundSeconds(r.secs, own);
        secs += rounded;
        amount += (rounded * r.rate) / 3600;
      }
    const row = rows.get(k.split('|')[0]!) ?? { roundedTime: 0, roundedBillableTime: 0, amount: 0 };
    row.roundedTime += secs;
    if (recs[0]!.billable) row.roundedBillableTime += secs;
    row.amount += amount;
    rows.set(k.split('|')[0]!, row);
  }
  return new Map(
    [...rows].map(([k, r]) => [
      k,
      {
        roundedTime: r.roundedTime,
        roundedBillableTime: r.roundedBillableTime,
        roundedNonBillableTime: r.roundedTime - r.roundedBillableTime,
        roundedBillableAmountTime: Math.round(r.amount),
      },
    ]),
  );
}

const setTeamRule = async (rounding: RoundingRule | null) => {
  const res = await t.call('PUT', '/team/rounding', { as: A, body: { rounding } });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ rounding });
};

beforeAll(async () => {
  t = await setupTestApp();
  const team = await t.team();
  A = await t.user(team.id, 'admin', { rate: 10000 });
  M = await t.user(team.id, 'member', { rate: 8000 });
  S = await t.user(team.id, 'supervisor');
  member = M;
  const s = t.scope(team.id);
  client = (await s.insert(clients, { name: 'C' })).id;
  const hourly = { type: 'hourly' as const, fee: null };
  P.PH = (await seedProject(s, { name: 'PH', clientId: client, billing: hourly, rate: { type: 'project_rate', rate: 6000 } })).id;
  P.PU = (await seedProject(s, { name: 'PU', clientId: client, billing: hourly, rate: { type: 'user_rate' } })).id;
  P.PN = (await seedProject(s, { name: 'PN', clientId: client })).id;
  const tasks = {
    TH: (await seedTask(s, P.PH)).id,
    THu: (await seedTask(s, P.PH, { unbillable: true })).id,
    TU: (await seedTask(s, P.PU)).id,
    TN: (await seedTask(s, P.PN)).id,
  };
  const users = { A, M };
  for (const r of RECORDS) await seedTime(s, { userId: users[r.user].id, taskId: tasks[r.task], date: r.date, time: r.secs });
  await seedTime(s, { userId: M.id, taskId: tasks.TH, date: '2026-04-01', time: 1234 }); // outside the range
  const none = await t.call('PUT', `/projects/ev:${P.PN}/billing`, { as: A, body: { rounding: 'none' } });
  expect(none.status).toBe(200);
});

describe('rounding in SQL agrees with roundSeconds', () => {
  it('for every mode and step over many values', async () => {
    const values = [...Array.from({ length: 3700 }, (_, i) => i), 5341, 86_399, 86_400, 359_999, 1_000_000_001];
    for (const mode of roundingModes)
      for (const step of roundingSteps) {
        const rows = (
          (await t.db.execute(
            sql`SELECT v, ${roundedSql(sql`v`, sql`${mode}::text`, sql`${step * 60}::integer`)} AS r FROM unnest(${`{${values.join(',')}}`}::bigint[]) AS v`,
          )) as unknown as { rows: { v: string; r: string }[] }
        ).rows;
        expect(rows).toHaveLength(values.length);
        for (const row of rows) {
          const want = roundSeconds(Number(row.v), { mode, step, per: 'entry' });
          if (Number(row.r) !== want) expect(`${mode} ${step} ${row.v} → ${row.r}`).toBe(`${mode} ${step} ${row.v} → ${want}`);
        }
      }
    const none = (await t.db.execute(sql`SELECT ${roundedSql(sql`421`, sql`NULL::text`, sql`NULL::integer`)} AS r`)) as unknown as {
      rows: { r: string }[];
    };
    expect(Number(none.rows[0]!.r)).toBe(421);
  });
});

describe('team rule and project override', () => {
  it('admins set the team rule, supervisors read it, members may not; bad rules are refused', async () => {
    expect((await t.call('GET', '/team/rounding', { as: A })).body).toEqual({ rounding: null });
    await setTeamRule({ mode: 'up', step: 15, per: 'entry' });
    expect((await t.call('GET', '/team/rounding', { as: S })).body).toEqual({ rounding: { mode: 'up', step: 15, per: 'entry' } });
    expect((await t.call('GET', '/team/rounding', { as: member })).status).toBe(403);
    const refused = await t.call('PUT', '/team/rounding', { as: S, body: { rounding: null } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, message: expect.any(String) });
    for (const rounding of [{ mode: 'up', step: 7, per: 'entry' }, { mode: 'ceil', step: 15, per: 'entry' }, { mode: 'up', step: 15 }, 'none']) {
      const res = await t.call('PUT', '/team/rounding', { as: A, body: { rounding } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 422, message: expect.any(String), errors: expect.any(Object) });
    }
    expect((await t.call('PUT', '/team/rounding', { as: A, body: {} })).status).toBe(400); // a missing required field
    expect((await t.call('GET', '/team/rounding', { as: A })).body).toEqual({ rounding: { mode: 'up', step: 15, per: 'entry' } });
    const other = await t.user((await t.team()).id, 'admin');
    expect((await t.call('GET', '/team/rounding', { as: other })).body).toEqual({ rounding: null });
    expect((await t.call('GET', '/team/rounding', { as: null })).status).toBe(401);
  });

  it("projects show their override and the rule in force; null inherits the team's", async () => {
    await setTeamRule({ mode: 'up', step: 15, per: 'entry' });
    const get = async (id: number) => (await t.call('GET', `/projects/ev:${id}`, { as: A })).body;
    expect(await get(P.PH)).toMatchObject({ rounding: null, effectiveRounding: { mode: 'up', step: 15, per: 'entry' } });
    expect(await get(P.PN)).toMatchObject({ rounding: 'none', effectiveRounding: null });
    const own = { mode: 'down', step: 5, per: 'total' };
    const set = await t.call('PUT', `/projects/ev:${P.PH}/billing`, { as: A, body: { rounding: own } });
    expect(set.body).toMatchObject({ rounding: own, effectiveRounding: own, billing: { type: 'hourly' } });
    expect((await t.call('PUT', `/projects/ev:${P.PH}/billing`, { as: A, body: { rounding: { mode: 'up', step: 2, per: 'entry' } } })).status).toBe(422);
    expect((await t.call('PUT', `/projects/ev:${P.PH}/billing`, { as: S, body: { rounding: null } })).status).toBe(403);
    const back = await t.call('PUT', `/projects/ev:${P.PH}/billing`, { as: A, body: { rounding: null } });
    expect(back.body).toMatchObject({ rounding: null, effectiveRounding: { mode: 'up', step: 15, per: 'entry' } });
    const seen = (await t.call('GET', `/projects/ev:${P.PH}`, { as: M })).body;
    expect(seen).not.toHaveProperty('rounding');
  });
});

describe('reports with rounding', () => {
  it('up to 15 minutes per entry, by hand: PH shows 2:15 rounded for 1:39:01 recorded', async () => {
    await setTeamRule({ mode: 'up', step: 15, per: 'entry' });
    const rows = (await t.call('GET', `/dashboards/projects?${RANGE}`, { as: A })).body;
    const ph = rows.find((r: { projectId: string }) => r.projectId === `ev:${P.PH}`);
    // 420 → 900, 1320 → 1800, 3601 → 4500 (billable); 600 → 900 (unbillable).
    expect(ph).toMatchObject({
      time: 5941,
      billableTime: 5341,
      roundedTime: 8100,
      roundedBillableTime: 7200,
      roundedNonBillableTime: 900,
      billableAmountTime: 8902, // 5341 s at 6000/h = 8901.67
      roundedBillableAmountTime: 12000, // 7200 s at 6000/h
      roundedBillableAmount: 12000,
    });
    const pn = rows.find((r: { projectId: string }) => r.projectId === `ev:${P.PN}`);
    expect(pn).toMatchObject({ time: 700, roundedTime: 700 });
  });

  it('up to 15 minutes per total, by hand: PH shows 1:30 billable for 1:29:01', async () => {
    await setTeamRule({ mode: 'up', step: 15, per: 'total' });
    const rows = (await t.call('GET', `/dashboards/projects?${RANGE}`, { as: A })).body;
    const ph = rows.find((r: { projectId: string }) => r.projectId === `ev:${P.PH}`);
    // 5341 s billable → 5400 s (9000 at 6000/h); 600 s unbillable → 900 s.
    expect(ph).toMatchObject({ roundedBillableTime: 5400, roundedNonBillableTime: 900, roundedBillableAmountTime: 9000 });
    const pu = rows.find((r: { projectId: string }) => r.projectId === `ev:${P.PU}`);
    // 3000 s → 3600 s; 7222.22 exact at the users' rates × 3600/3000 = 8666.67.
    expect(pu).toMatchObject({ time: 3000, roundedTime: 3600, billableAmountTime: 7222, roundedBillableAmountTime: 8667 });
  });

  const reports = [
    { path: 'projects', id: 'projectId', key: (r: Rec) => String(P[r.project]) },
    { path: 'users', id: 'memberId', key: (r: Rec) => String(r.user === 'A' ? A.id : M.id) },
    { path: 'clients', id: 'clientId', key: () => String(client) },
  ] as const;
  for (const per of ['entry', 'total'] as const)
    it(`every mode and step per ${per} matches the records worked one by one, in every report`, async () => {
      for (const mode of roundingModes)
        for (const step of roundingSteps) {
          const rule = { mode, step, per };
          await setTeamRule(rule);
          for (const report of reports) {
            const want = expectedRows(report.key, rule);
            const rows = (await t.call('GET', `/dashboards/${report.path}?${RANGE}`, { as: A })).body as Record<string, unknown>[];
            const got = new Map(rows.map((r) => [String(r[report.id]).replace('ev:', ''), r]));
            expect([...got.keys()].sort(), report.path).toEqual([...want.keys()].sort());
            for (const [k, w] of want) expect(got.get(k), `${report.path} ${k} ${mode} ${step} ${per}`).toMatchObject(w);
          }
        }
    });

  it('without a rule the rounded figures are the recorded ones', async () => {
    await setTeamRule(null);
    const rows = (await t.call('GET', `/dashboards/users?${RANGE}`, { as: A })).body;
    for (const r of rows) {
      expect(r.roundedTime).toBe(r.time);
      expect(r.roundedBillableTime).toBe(r.billableTime);
      expect(r.roundedBillableAmount).toBe(r.billableAmount);
    }
    const mine = (await t.call('GET', `/dashboards/users?${RANGE}`, { as: M })).body;
    expect(mine[0]).toHaveProperty('roundedTime');
    expect(mine[0]).not.toHaveProperty('roundedBillableAmount');
  });
});

describe('invoices with rounding', () => {
  const lines = (inv: { invoiceItems: Record<string, unknown>[] }) =>
    inv.invoiceItems.map((i) => [i.name, i.billedTime, i.recordedTime, i.quantity, i.rate, i.listAmount]);

  it('new time lines bill the rounded time; the recorded time stays beside; existing invoices never change', async () => {
    await setTeamRule({ mode: 'up', step: 15, per: 'entry' });
    const res = await t.call('POST', `/clients/${client}/invoices`, { as: A, body: MARCH });
    expect(res.status).toBe(201);
    // PH: 900 + 1800 + 4500 = 7200 s at 6000/h; PU: A 1800 s at 10000/h + M 2700 s at 8000/h = 5000 + 6000.
    expect(lines(res.body)).toEqual([
      ['PH', 7200, 5341, 2, 6000, 12000],
      ['PU', 4500, 3000, 1.25, null, 11000],
    ]);
    expect(res.body.totalTime).toBe(11700);
    await setTeamRule({ mode: 'down', step: 30, per: 'total' });
    const again = await t.call('GET', `/invoices/${res.body.id}`, { as: A });
    expect(lines(again.body)).toEqual(lines(res.body));
    expect((await t.call('DELETE', `/invoices/${res.body.id}`, { as: A })).status).toBe(204);
  });

  it('per total: the line sum rounded, the exact amount scaled alike', async () => {
    await setTeamRule({ mode: 'up', step: 15, per: 'total' });
    const res = await t.call('POST', `/clients/${client}/invoices`, { as: A, body: MARCH });
    // PH: 5341 s → 5400 s at 6000/h = 9000; PU: 3000 s → 3600 s, 7222.22 × 3600 / 3000 = 8666.67.
    expect(lines(res.body)).toEqual([
      ['PH', 5400, 5341, 1.5, 6000, 9000],
      ['PU', 3600, 3000, 1, null, 8667],
    ]);
    expect((await t.call('DELETE', `/invoices/${res.body.id}`, { as: A })).status).toBe(204);
  });
});
