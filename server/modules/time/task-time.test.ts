import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeRecords, webhookEvents } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { budget, fixtures } from '../../test/time-fixtures.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let f: ReturnType<typeof fixtures>;
let taskId: string;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  f = fixtures(t);
  const p = await f.project(r.team.id, { name: 'Apollo', users: [r.member.id, r.limited.id] });
  taskId = `ev:${(await f.task(r.team.id, p.id, { name: 'Design' })).id}`;
});

const path = (task = taskId) => `/tasks/${task}/time`;
const actions = (rec: { history: { action: string; time: number; previousTime: number }[] }) => rec.history.map((h) => [h.action, h.time, h.previousTime]);
const eventsOf = async (id: number) =>
  (await t.db.select().from(webhookEvents).where(and(eq(webhookEvents.resourceId, String(id)), eq(webhookEvents.kind, 'api:time:updated')))).length;

describe('time on a task (/tasks/{task_id}/time)', () => {
  it('POST adds to the record of (task, user, date) with history ADD, like POST /time, and emits api:time:updated', async () => {
    const first = await t.call('POST', path(), { as: r.member, body: { time: 3600, date: '2026-03-02', comment: 'kick-off' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ time: 3600, user: r.member.id, date: '2026-03-02', comment: 'kick-off', task: { id: taskId } });
    const second = await t.call('POST', path(), { as: r.member, body: { time: 600, date: '2026-03-02' } });
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.time).toBe(4200);
    expect(actions(second.body)).toEqual([
      ['ADD', 3600, 0],
      ['ADD', 600, 3600],
    ]);
    // the same record as POST /time adds to
    const viaTime = await t.call('POST', '/time', { as: r.member, body: { time: 60, date: '2026-03-02', task: taskId } });
    expect(viaTime.body).toMatchObject({ id: first.body.id, time: 4260 });
    expect(await eventsOf(first.body.id)).toBe(3);
  });

  it('PUT replaces the seconds (history EDIT), and creates the record when the day has none', async () => {
    const created = await t.call('PUT', path(), { as: r.member, body: { time: 1800, date: '2026-03-03' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ time: 1800, date: '2026-03-03', user: r.member.id });
    expect(actions(created.body)).toEqual([['ADD', 1800, 0]]);
    const replaced = await t.call('PUT', path(), { as: r.member, body: { time: 900, date: '2026-03-03', comment: 'less' } });
    expect(replaced.body).toMatchObject({ id: created.body.id, time: 900, comment: 'less' });
    expect(actions(replaced.body).at(-1)).toEqual(['EDIT', -900, 1800]);
    expect(await eventsOf(created.body.id)).toBe(2);
    const zero = await t.call('PUT', path(), { as: r.member, body: { time: 0, date: '2026-03-20' } });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.time).toBeDefined();
  });

  it('DELETE removes the record of the date given in the body or in the query', async () => {
    const a = (await t.call('POST', path(), { as: r.member, body: { time: 60, date: '2026-03-04' } })).body;
    const b = (await t.call('POST', path(), { as: r.member, body: { time: 60, date: '2026-03-05' } })).body;
    expect((await t.call('DELETE', path(), { as: r.member, body: { date: '2026-03-04' } })).status).toBe(204);
    expect((await t.call('DELETE', `${path()}?date=2026-03-05&user=${r.member.id}`, { as: r.member })).status).toBe(204);
    expect(await t.scope(r.team.id).byId(timeRecords, a.id)).toBeUndefined();
    expect(await t.scope(r.team.id).byId(timeRecords, b.id)).toBeUndefined();
    expect(await eventsOf(a.id)).toBe(2);
    expect((await t.call('DELETE', path(), { as: r.member, body: { date: '2026-03-04' } })).status).toBe(404);
    const missing = await t.call('DELETE', path(), { as: r.member });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.date).toBeDefined();
  });

  it('applies the roles of /time: a member only their own, an admin anyone of the team', async () => {
    const other = await t.call('POST', path(), { as: r.member, body: { time: 60, date: '2026-03-06', user: r.supervisor.id } });
    expect(other.status).toBe(403);
    const byAdmin = await t.call('PUT', path(), { as: r.admin, body: { time: 120, date: '2026-03-06', user: r.member.id } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ user: r.member.id, time: 120 });
    expect((await t.call('DELETE', path(), { as: r.supervisor, body: { date: '2026-03-06', user: r.member.id } })).status).toBe(403);
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('POST', path(), { as: stranger, body: { time: 60, date: '2026-03-06' } })).status).toBe(404);
    expect((await t.call('POST', path('ev:99999999'), { as: r.admin, body: { time: 60, date: '2026-03-06' } })).status).toBe(404);
    expect((await t.call('POST', path(), { as: r.admin, body: { time: 60, date: '2026-03-06', user: stranger.id } })).status).toBe(422);
  });

  it('a week pending approval locks the record for its owner, as on /time', async () => {
    const u: TestUser = await t.user(r.team.id, 'member');
    expect((await t.call('POST', path(), { as: u, body: { time: 600, date: '2026-03-09' } })).status).toBe(201);
    expect((await t.call('POST', `/timesheets/${u.id}2611/approval`, { as: u, body: { reviewer: r.admin.id } })).status).toBe(200);
    for (const res of [
      await t.call('POST', path(), { as: u, body: { time: 60, date: '2026-03-09' } }),
      await t.call('PUT', path(), { as: u, body: { time: 60, date: '2026-03-09' } }),
      await t.call('DELETE', path(), { as: u, body: { date: '2026-03-09' } }),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body.message).toContain('2611');
    }
  });

  it('refuses time past a budget that disallows it, as on /time', async () => {
    const p = await f.project(r.team.id, { name: 'Capped', budget: budget({ type: 'time', budget: 3600, disallowOverbudget: true }) });
    const capped = `ev:${(await f.task(r.team.id, p.id, { name: 'Capped task' })).id}`;
    expect((await t.call('POST', path(capped), { as: r.admin, body: { time: 3000, date: '2026-03-02' } })).status).toBe(201);
    const over = await t.call('POST', path(capped), { as: r.admin, body: { time: 1000, date: '2026-03-02' } });
    expect(over.status).toBe(422);
    expect(over.body.errors.budget).toBeDefined();
    expect((await t.call('PUT', path(capped), { as: r.admin, body: { time: 3700, date: '2026-03-02' } })).status).toBe(422);
    expect((await t.call('PUT', path(capped), { as: r.admin, body: { time: 3600, date: '2026-03-02' } })).status).toBe(200);
  });
});
