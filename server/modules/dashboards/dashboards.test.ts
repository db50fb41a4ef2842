import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import {
  expectedClients,
  expectedProjects,
  expectedUsers,
  MONEY,
  NO_COSTS,
  range,
  seedMonth,
  without,
  type Month,
} from '../../test/month-by-hand.ts';

/* The dashboards on one month whose every figure is worked out by hand (month-by-hand.ts). */
let t: TestContext;
let month: Month;
let A: TestUser, M: TestUser, S: TestUser, L: TestUser;
let beta: number;
let P: Record<string, number>;

beforeAll(async () => {
  t = await setupTestApp();
  month = await seedMonth(t);
  ({ A, M, S, L, beta, P } = month);
});

describe('dashboards on a month computed by hand', () => {
  it('projects: every figure for an admin', async () => {
    const res = await t.call('GET', `/dashboards/projects?${range}`, { as: A });
    expect(res.status).toBe(200);
    const want = expectedProjects(month);
    expect(res.body).toHaveLength(5);
    for (const row of res.body) {
      const id = Number(row.projectId.slice(3));
      expect(row).toEqual({
        projectId: `ev:${id}`,
        projectStatus: 'open',
        workspaceId: expect.any(String),
        workspaceName: expect.any(String),
        ...want[id],
      });
    }
  });

  it('clients: every figure for an admin', async () => {
    const res = await t.call('GET', `/dashboards/clients?${range}`, { as: A });
    const want = expectedClients(month);
    expect(res.body).toHaveLength(2);
    for (const row of res.body) expect(row).toEqual({ clientId: row.clientId, ...want[row.clientId] });
  });

  it('users: every figure for an admin', async () => {
    const res = await t.call('GET', `/dashboards/users?${range}`, { as: A });
    const want = expectedUsers(month);
    expect(res.body).toHaveLength(3);
    for (const row of res.body) {
      expect(row).toEqual({
        memberId: row.memberId,
        memberName: expect.any(String),
        memberHeadline: '',
        memberAvatarUrl: '',
        memberStatus: 'active',
        ...want[row.memberId],
      });
    }
  });

  it('filters by project, client and member; the fixed fee follows the member', async () => {
    const p3 = await t.call('GET', `/dashboards/projects?${range}&projectId=ev:${P.p3}`, { as: A });
    expect(p3.body.map((r: { projectId: string }) => r.projectId)).toEqual([`ev:${P.p3}`]);
    const beta_ = await t.call('GET', `/dashboards/projects?${range}&clientId=${beta}`, { as: A });
    expect(beta_.body.map((r: { projectId: string }) => r.projectId).sort()).toEqual([`ev:${P.p3}`, `ev:${P.p4}`].sort());
    const mine = await t.call('GET', `/dashboards/projects?${range}&memberId=${M.id}&projectId=ev:${P.p3}`, { as: A });
    expect(mine.body[0]).toMatchObject({ time: 3000, billableAmountTime: 300000, costsTime: 2500, expenses: 0 });
    const onlyM = await t.call('GET', `/dashboards/users?${range}&memberId=${M.id}`, { as: A });
    expect(onlyM.body.map((r: { memberId: number }) => r.memberId)).toEqual([M.id]);
    const underscore = await t.call('GET', `/dashboards/clients?date_gte=2026-04-01&date_lte=2026-04-30`, { as: A });
    expect(underscore.body).toEqual((await t.call('GET', `/dashboards/clients?${range}`, { as: A })).body);
    const wider = await t.call('GET', `/dashboards/projects?date.gte=2026-03-01&date.lte=2026-05-31&projectId=ev:${P.p1}`, { as: A });
    expect(wider.body[0]).toMatchObject({ time: 14400, expenses: 15000 });
  });

  it('shows supervisors no costs or profit, members only their own time, and refuses limited members', async () => {
    const admin = await t.call('GET', `/dashboards/projects?${range}`, { as: A });
    const sup = await t.call('GET', `/dashboards/projects?${range}`, { as: S });
    expect(sup.status).toBe(200);
    expect(sup.body).toEqual(admin.body.map((r: Record<string, unknown>) => without(r, NO_COSTS)));
    const supUsers = await t.call('GET', `/dashboards/users?${range}`, { as: S });
    for (const row of supUsers.body) for (const k of NO_COSTS) expect(row).not.toHaveProperty(k);

    const mem = await t.call('GET', `/dashboards/users?${range}`, { as: M });
    expect(mem.body).toHaveLength(1);
    const want = expectedUsers(month)[M.id]!;
    expect(mem.body[0]).toEqual({
      memberId: M.id,
      memberName: expect.any(String),
      memberHeadline: '',
      memberAvatarUrl: '',
      memberStatus: 'active',
      ...without(want, [...NO_COSTS, ...MONEY]),
    });
    const memProjects = await t.call('GET', `/dashboards/projects?${range}`, { as: M });
    const p1 = memProjects.body.find((r: { projectId: string }) => r.projectId === `ev:${P.p1}`);
    expect(p1).toMatchObject({ time: 5400, billableTime: 3600 });
    expect(p1).not.toHaveProperty('billableAmount');
    expect(memProjects.body.some((r: { projectId: string }) => r.projectId === `ev:${P.p5}`)).toBe(false);
    expect((await t.call('GET', `/dashboards/users?${range}&memberId=${S.id}`, { as: M })).status).toBe(403);
    for (const path of ['clients', 'projects', 'users']) {
      const res = await t.call('GET', `/dashboards/${path}?${range}`, { as: L });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 403, message: expect.any(String) });
    }
    expect((await t.call('GET', `/dashboards/clients`, { as: null })).status).toBe(401);
  });

  it('refuses date.gte after date.lte and bad filters', async () => {
    for (const path of ['clients', 'projects', 'users']) {
      const res = await t.call('GET', `/dashboards/${path}?date.gte=2026-04-30&date.lte=2026-04-01`, { as: A });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 422, message: expect.any(String), errors: { 'date.gte': expect.any(Array) } });
    }
    expect((await t.call('GET', `/dashboards/clients?date_gte=2026-04-30&date_lte=2026-04-01`, { as: A })).status).toBe(422);
    expect((await t.call('GET', `/dashboards/clients?date.gte=2026-02-30`, { as: A })).status).toBe(422);
    expect((await t.call('GET', `/dashboards/projects?projectId=12`, { as: A })).status).toBe(422);
    expect((await t.call('GET', `/dashboards/projects?clientId=abc`, { as: A })).status).toBe(422);
  });

  it('keeps teams apart', async () => {
    const stranger = await t.user((await t.team()).id, 'admin');
    for (const path of ['clients', 'projects', 'users']) {
      expect((await t.call('GET', `/dashboards/${path}?${range}`, { as: stranger })).body).toEqual([]);
      expect((await t.call('GET', `/dashboards/${path}?${range}&projectId=ev:${P.p1}&memberId=${M.id}`, { as: stranger })).body).toEqual(
        [],
      );
    }
  });
});
