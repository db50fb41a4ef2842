import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_REPORTS, periodRange } from '../../../contract/saved-reports.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let other: Awaited<ReturnType<TestContext['roles']>>;
let clientId: number;
let projectId: string;
let foreignClient: number;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => new Date('2026-11-27T10:00:00Z') } });
  [r, other] = await Promise.all([t.roles(), t.roles()]);
  const f = fixtures(t);
  clientId = (await f.client(r.team.id, 'Acme')).id;
  projectId = `ev:${(await f.project(r.team.id, { clientId })).id}`;
  foreignClient = (await f.client(other.team.id, 'Elsewhere')).id;
});

const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Acme last month',
  tab: 'clients',
  period: 'lastMonth',
  filters: { client: clientId, sort: '-time' },
  shared: false,
  ...extra,
});

describe('saved reports', () => {
  it('are saved, listed by name, changed and deleted by their owner', async () => {
    const made = await t.call('POST', '/reports/saved', { as: r.supervisor, body: body() });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Acme last month',
      tab: 'clients',
      period: 'lastMonth',
      filters: { client: clientId, sort: '-time' },
      shared: false,
      owner: r.supervisor.id,
      createdAt: '2026-11-27 10:00:00',
    });
    await t.call('POST', '/reports/saved', {
      as: r.supervisor,
      body: body({
        name: 'All projects',
        tab: 'projects',
        period: 'custom',
        filters: { from: '2026-01-01', to: '2026-03-31', project: projectId },
      }),
    });
    const list = await t.call('GET', '/reports/saved', { as: r.supervisor });
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Acme last month', 'All projects']);

    const changed = await t.call('PUT', `/reports/saved/${made.body.id}`, {
      as: r.supervisor,
      body: body({ name: 'Acme, last month', shared: true }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Acme, last month', shared: true });
    expect((await t.call('DELETE', `/reports/saved/${made.body.id}`, { as: r.supervisor })).status).toBe(204);
    expect((await t.call('GET', '/reports/saved', { as: r.supervisor })).body.map((x: { name: string }) => x.name)).toEqual([
      'All projects',
    ]);
  });

  it('shared, list for whoever may open their tab; only the owner changes one, an admin may delete it', async () => {
    const shared = (await t.call('POST', '/reports/saved', { as: r.admin, body: body({ name: 'Team clients', shared: true }) })).body;
    const mine = (await t.call('POST', '/reports/saved', { as: r.admin, body: body({ name: 'Admin only' }) })).body;
    const people = (
      await t.call('POST', '/reports/saved', { as: r.admin, body: body({ name: 'Everyone', tab: 'people', filters: {}, shared: true }) })
    ).body;
    const names = async (as: typeof r.admin) => (await t.call('GET', '/reports/saved', { as })).body.map((x: { name: string }) => x.name);

    expect(await names(r.supervisor)).toEqual(expect.arrayContaining(['Team clients', 'Everyone']));
    expect(await names(r.supervisor)).not.toContain('Admin only');
    // A member opens only People: the shared clients report is not theirs to list or open.
    expect(await names(r.member)).toEqual(['Everyone']);
    expect((await t.call('PUT', `/reports/saved/${shared.id}`, { as: r.member, body: body() })).status).toBe(404);
    expect(await names(r.limited)).toEqual([]);
    // Another team sees none of it.
    expect(await names(other.admin)).toEqual([]);
    expect((await t.call('DELETE', `/reports/saved/${people.id}`, { as: other.admin })).status).toBe(404);
    expect((await t.call('PUT', `/reports/saved/${mine.id}`, { as: r.supervisor, body: body() })).status).toBe(404);

    expect((await t.call('PUT', `/reports/saved/${shared.id}`, { as: r.supervisor, body: body() })).status).toBe(403);
    expect((await t.call('DELETE', `/reports/saved/${shared.id}`, { as: r.supervisor })).status).toBe(403);
    const bySupervisor = (
      await t.call('POST', '/reports/saved', { as: r.supervisor, body: body({ name: 'Supervisor shares', shared: true }) })
    ).body;
    expect((await t.call('DELETE', `/reports/saved/${bySupervisor.id}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('DELETE', `/reports/saved/${shared.id}`, { as: r.admin })).status).toBe(204);
  });

  it('are refused for tabs the caller may not open, and with filters outside the team', async () => {
    expect((await t.call('POST', '/reports/saved', { as: r.member, body: body() })).status).toBe(403);
    expect((await t.call('POST', '/reports/saved', { as: r.member, body: body({ tab: 'people', filters: {} }) })).status).toBe(201);
    expect((await t.call('POST', '/reports/saved', { as: r.limited, body: body({ tab: 'people', filters: {} }) })).status).toBe(403);

    const foreign = await t.call('POST', '/reports/saved', {
      as: r.admin,
      body: body({ filters: { client: foreignClient, person: other.member.id } }),
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors).sort()).toEqual(['filters.client', 'filters.person']);
    const bad = await t.call('POST', '/reports/saved', {
      as: r.admin,
      body: body({ name: ' ', period: 'someday', filters: { from: '2026-02-01', to: '2026-01-01' } }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(expect.arrayContaining(['name', 'period']));
    expect(
      (await t.call('POST', '/reports/saved', { as: r.admin, body: body({ filters: { from: '2026-02-01', to: '2026-01-01' } }) })).status,
    ).toBe(422);
    expect((await t.call('POST', '/reports/saved', { as: r.admin, body: { ...body(), extra: 1 } })).status).toBe(422);
  });

  it(`keep at most ${MAX_SAVED_REPORTS} per person, also when saved at once`, async () => {
    const who = await t.user(r.team.id, 'supervisor');
    const saves = await Promise.all(
      Array.from({ length: MAX_SAVED_REPORTS + 5 }, (_, i) =>
        t.call('POST', '/reports/saved', { as: who, body: body({ name: `Report ${i}` }) }),
      ),
    );
    expect(saves.filter((s) => s.status === 201)).toHaveLength(MAX_SAVED_REPORTS);
    expect(saves.filter((s) => s.status === 409)).toHaveLength(5);
  });
});

describe('a saved period', () => {
  it('is the range around the day it is opened on', () => {
    expect(periodRange('custom', '2026-11-27', 1)).toBeNull();
    expect(periodRange('thisWeek', '2026-11-27', 1)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('thisWeek', '2026-11-27', 0)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(periodRange('lastWeek', '2026-01-02', 1)).toEqual({ from: '2025-12-22', to: '2025-12-28' });
    expect(periodRange('thisMonth', '2028-02-10', 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('lastMonth', '2026-03-31', 1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('lastMonth', '2026-01-15', 1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodRange('thisYear', '2026-11-27', 1)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('lastYear', '2026-11-27', 1)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});
