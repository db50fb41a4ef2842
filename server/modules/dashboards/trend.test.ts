import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, teams } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { seedProject, seedTask, seedTime } from '../../test/dashboard-fixtures.ts';

/*
 * May 2026 (Friday 1 May; Mondays 4 and 11 May). Client Acme: P1 hourly (task T1, and T1u unbillable),
 * P2 non-billable. P3 fixed fee, no client. Records:
 *   Fri 1 May   M  T1   3600 billable      A  T1u  1800 non-billable
 *   Sun 3 May   M  T2   2700 non-billable (client Acme)
 *   Mon 4 May   S  T3   5400 billable (no client)   M  no task 900 non-billable (no project)
 *   Mon 11 May  A  T1   7200 billable
 *   Thu 30 Apr  M  T1   3600 (outside the range); another team's record on 1 May.
 */
let t: TestContext;
let A: TestUser, S: TestUser, M: TestUser, L: TestUser;
let teamId: number, acme: number, p1: string;
const range = 'date.gte=2026-05-01&date.lte=2026-05-31';
const point = (date: string, time: number, billableTime: number) => ({ date, time, billableTime, nonBillableTime: time - billableTime });

beforeAll(async () => {
  t = await setupTestApp();
  const team = await t.team();
  teamId = team.id;
  A = await t.user(team.id, 'admin');
  S = await t.user(team.id, 'supervisor');
  M = await t.user(team.id, 'member');
  L = await t.user(team.id, 'member_limited');
  const s = t.scope(team.id);
  acme = (await s.insert(clients, { name: 'Acme' })).id;
  const P1 = await seedProject(s, { name: 'P1', clientId: acme, billing: { type: 'hourly', fee: null }, rate: { rate: 10000 } });
  p1 = `ev:${P1.id}`;
  const P2 = await seedProject(s, { name: 'P2', clientId: acme });
  const P3 = await seedProject(s, { name: 'P3', billing: { type: 'fixed_fee', fee: 100000 } });
  const T1 = (await seedTask(s, P1.id)).id;
  const T1u = (await seedTask(s, P1.id, { unbillable: true })).id;
  const T2 = (await seedTask(s, P2.id)).id;
  const T3 = (await seedTask(s, P3.id)).id;
  for (const r of [
    { userId: M.id, taskId: T1, date: '2026-05-01', time: 3600 },
    { userId: A.id, taskId: T1u, date: '2026-05-01', time: 1800 },
    { userId: M.id, taskId: T2, date: '2026-05-03', time: 2700 },
    { userId: S.id, taskId: T3, date: '2026-05-04', time: 5400 },
    { userId: M.id, taskId: null, date: '2026-05-04', time: 900 },
    { userId: A.id, taskId: T1, date: '2026-05-11', time: 7200 },
    { userId: M.id, taskId: T1, date: '2026-04-30', time: 3600 },
  ])
    await seedTime(s, r);
  const other = await t.team();
  const O = await t.user(other.id, 'admin');
  const os = t.scope(other.id);
  const OP = await seedProject(os, { name: 'Other', billing: { type: 'hourly', fee: null } });
  await seedTime(os, { userId: O.id, taskId: (await seedTask(os, OP.id)).id, date: '2026-05-01', time: 36000 });
});

const trend = (query: string, as: TestUser = A) => t.call('GET', `/dashboards/trend?${range}&${query}`, { as });

describe('GET /dashboards/trend', () => {
  it('sums all time per day by default, split billable / non-billable', async () => {
    const res = await trend('');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      point('2026-05-01', 5400, 3600),
      point('2026-05-03', 2700, 0),
      point('2026-05-04', 6300, 5400),
      point('2026-05-11', 7200, 7200),
    ]);
  });

  it('sums per week starting on the team’s first day of the week', async () => {
    expect((await trend('interval=week')).body).toEqual([
      point('2026-04-27', 8100, 3600),
      point('2026-05-04', 6300, 5400),
      point('2026-05-11', 7200, 7200),
    ]);
    await t.db.update(teams).set({ weekStart: 0 }).where(eq(teams.id, teamId));
    try {
      expect((await trend('interval=week')).body).toEqual([
        point('2026-04-26', 5400, 3600),
        point('2026-05-03', 9000, 5400),
        point('2026-05-10', 7200, 7200),
      ]);
    } finally {
      await t.db.update(teams).set({ weekStart: 1 }).where(eq(teams.id, teamId));
    }
  });

  it('counts only the time each report counts', async () => {
    expect((await trend('report=projects')).body).toEqual([
      point('2026-05-01', 5400, 3600),
      point('2026-05-03', 2700, 0),
      point('2026-05-04', 5400, 5400),
      point('2026-05-11', 7200, 7200),
    ]);
    expect((await trend('report=clients')).body).toEqual([
      point('2026-05-01', 5400, 3600),
      point('2026-05-03', 2700, 0),
      point('2026-05-11', 7200, 7200),
    ]);
  });

  it('adds up to the matching report’s totals', async () => {
    for (const [report, path] of [
      ['clients', 'clients'],
      ['projects', 'projects'],
      ['users', 'users'],
    ] as const) {
      const [points, rows] = await Promise.all([trend(`report=${report}`), t.call('GET', `/dashboards/${path}?${range}`, { as: A })]);
      const sum = (xs: { time: number; billableTime: number }[]) => xs.reduce((a, x) => [a[0]! + x.time, a[1]! + x.billableTime], [0, 0]);
      expect(sum(points.body)).toEqual(sum(rows.body));
    }
  });

  it('applies the client, project and member filters', async () => {
    expect((await trend(`clientId=${acme}`)).body).toEqual([
      point('2026-05-01', 5400, 3600),
      point('2026-05-03', 2700, 0),
      point('2026-05-11', 7200, 7200),
    ]);
    expect((await trend(`projectId=${p1}`)).body).toEqual([point('2026-05-01', 5400, 3600), point('2026-05-11', 7200, 7200)]);
    expect((await trend(`memberId=${M.id}`)).body).toEqual([
      point('2026-05-01', 3600, 3600),
      point('2026-05-03', 2700, 0),
      point('2026-05-04', 900, 0),
    ]);
  });

  it('shows supervisors everything, members their own time only, limited members nothing', async () => {
    expect((await trend('', S)).body).toEqual((await trend('')).body);
    expect((await trend('', M)).body).toEqual((await trend(`memberId=${M.id}`)).body);
    expect((await trend(`memberId=${A.id}`, M)).status).toBe(403);
    expect((await trend('', L)).status).toBe(403);
    expect((await t.call('GET', `/dashboards/trend?${range}`)).status).toBe(401);
  });

  it('refuses bad filters with 422 and the field', async () => {
    for (const [query, field] of [
      ['interval=month', 'interval'],
      ['report=tasks', 'report'],
      ['projectId=12', 'projectId'],
    ] as const) {
      const res = await trend(query);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty(field);
    }
    const backwards = await t.call('GET', '/dashboards/trend?date.gte=2026-05-10&date.lte=2026-05-01', { as: A });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toHaveProperty(['date.gte']);
  });
});
