import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeRecords, webhookEvents } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let f: ReturnType<typeof fixtures>;
let taskId: string;
let taskNum: number;
let projectId: number;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  f = fixtures(t);
  const p = await f.project(r.team.id, { name: 'Apollo', users: [r.member.id, r.limited.id] });
  projectId = p.id;
  const task = await f.task(r.team.id, p.id, { name: 'Design' });
  taskNum = task.id;
  taskId = `ev:${task.id}`;
});

const add = (as: TestUser, body: Record<string, unknown>) => t.call('POST', '/time', { as, body });

describe('POST /time', () => {
  it('creates the day record, then adds to it with history ADD', async () => {
    const first = await add(r.member, { time: 3600, date: '2026-03-02', task: taskId, comment: 'kick-off' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      time: 3600,
      user: r.member.id,
      date: '2026-03-02',
      isLocked: false,
      isInvoiced: false,
      comment: 'kick-off',
      lockReasons: [],
    });
    expect(first.body.task).toMatchObject({
      id: taskId,
      name: 'Design',
      projects: [`ev:${projectId}`],
      time: { total: 3600, users: { [r.member.id]: 3600 } },
    });
    expect(first.body.history).toEqual([expect.objectContaining({ action: 'ADD', time: 3600, previousTime: 0, createdBy: r.member.id })]);
    expect(first.body.warning).toBeUndefined();

    const second = await add(r.member, { time: 1800, date: '2026-03-02', task: taskId });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.time).toBe(5400);
    expect(second.body.comment).toBe('kick-off');
    expect(
      second.body.history.map((h: { action: string; time: number; previousTime: number }) => [h.action, h.time, h.previousTime]),
    ).toEqual([
      ['ADD', 3600, 0],
      ['ADD', 1800, 3600],
    ]);
    expect(second.body.task.time.total).toBe(5400);
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.resourceId, String(first.body.id)));
    expect(events.filter((e) => e.kind === 'api:time:updated')).toHaveLength(2);
    expect(events[0]!.attributesProjects).toEqual([`ev:${projectId}`]);
  });

  it('accepts time without a task, kept apart from task time', async () => {
    const a = await add(r.member, { time: 600, date: '2026-03-03' });
    const b = await add(r.member, { time: 300, date: '2026-03-03', task: null });
    expect(a.status).toBe(201);
    expect(b.body).toMatchObject({ id: a.body.id, time: 900, task: null });
  });

  it('50 concurrent adds on one task and day: exact sum, one record', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => add(r.member, { time: 60 + i, date: '2026-03-04', task: taskId })),
    );
    expect(results.map((x) => x.status)).toEqual(Array(50).fill(201));
    const rows = await t.db.select().from(timeRecords).where(eq(timeRecords.date, '2026-03-04'));
    expect(rows).toHaveLength(1);
    const expected = Array.from({ length: 50 }, (_, i) => 60 + i).reduce((a, b) => a + b, 0);
    expect(rows[0]!.time).toBe(expected);
    const got = await t.call('GET', `/time/${rows[0]!.id}`, { as: r.member });
    expect(got.body.history).toHaveLength(50);
    const prev = got.body.history
      .map((h: { previousTime: number; time: number }) => h.previousTime + h.time)
      .sort((x: number, y: number) => x - y);
    expect(prev[prev.length - 1]).toBe(expected);
  });

  it('warns when the day passes 24 h or the task is closed', async () => {
    const closed = await f.task(r.team.id, projectId, { name: 'Old', status: 'closed' });
    const a = await add(r.member, { time: 80000, date: '2026-03-05', task: taskId });
    expect(a.body.warning).toBeUndefined();
    const b = await add(r.member, { time: 7200, date: '2026-03-05', task: `ev:${closed.id}` });
    expect(b.status).toBe(201);
    expect(b.body.warning.code).toContain('day_over_24h');
    expect(b.body.warning.code).toContain('task_closed');
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const other = await t.team();
    const stranger = await t.user(other.id, 'admin');
    const foreignProject = await f.project(other.id);
    const foreignTask = await f.task(other.id, foreignProject.id);
    const before = (await t.db.select().from(timeRecords)).length;
    const eventsBefore = (await t.db.select().from(webhookEvents)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ time: 60, date: '2026-02-30', task: taskId }, 'date'],
      [{ time: -5, date: '2026-03-06', task: taskId }, 'time'],
      [{ time: 86401, date: '2026-03-06', task: taskId }, 'time'],
      [{ time: 1.5, date: '2026-03-06', task: taskId }, 'time'],
      [{ time: 60, date: '2026-03-06', task: `ev:${foreignTask.id}` }, 'task'],
      [{ time: 60, date: '2026-03-06', task: 'ev:999999' }, 'task'],
      [{ time: 60, date: '2026-03-06', task: 'nope' }, 'task'],
      [{ time: 60, date: '2026-03-06', task: taskId, user: stranger.id }, 'user'],
      [{ date: '2026-03-06', task: taskId }, 'time'],
      [{ time: 60, date: '2026-03-06', task: taskId, user: 99999999999 }, 'user'],
      [{ time: 60, date: '2026-03-06', task: 'ev:99999999999' }, 'task'],
    ];
    for (const [body, field] of cases) {
      const res = await add(r.admin, body);
      const status = 'time' in body ? 422 : 400; // a missing required field is 400, an invalid one 422
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ code: status, message: expect.any(String) });
      expect(res.body.errors[field], JSON.stringify(res.body)).toBeDefined();
    }
    const malformed = await t.call('POST', '/time', { as: r.admin, raw: '{"time":' });
    expect(malformed.status).toBe(400);
    expect((await t.db.select().from(timeRecords)).length).toBe(before);
    expect((await t.db.select().from(webhookEvents)).length).toBe(eventsBefore);
  });

  it('applies the roles', async () => {
    // admin books for others; supervisor and member cannot
    const forMember = await add(r.admin, { time: 60, date: '2026-03-07', task: taskId, user: r.member.id });
    expect(forMember.status).toBe(201);
    expect(forMember.body.user).toBe(r.member.id);
    expect((await add(r.supervisor, { time: 60, date: '2026-03-07', task: taskId, user: r.member.id })).status).toBe(403);
    expect((await add(r.member, { time: 60, date: '2026-03-07', task: taskId, user: r.supervisor.id })).status).toBe(403);
    // member_limited: assigned projects only
    expect((await add(r.limited, { time: 60, date: '2026-03-07', task: taskId })).status).toBe(201);
    const unassigned = await f.project(r.team.id, { name: 'Elsewhere' });
    const hidden = await f.task(r.team.id, unassigned.id);
    expect((await add(r.limited, { time: 60, date: '2026-03-07', task: `ev:${hidden.id}` })).status).toBe(422);
    expect((await add(r.member, { time: 60, date: '2026-03-07', task: `ev:${hidden.id}` })).status).toBe(201);
    // private project not assigned: invisible to members
    const priv = await f.project(r.team.id, { name: 'Secret', privacy: true });
    const privTask = await f.task(r.team.id, priv.id);
    expect((await add(r.member, { time: 60, date: '2026-03-07', task: `ev:${privTask.id}` })).status).toBe(422);
    expect((await add(r.supervisor, { time: 60, date: '2026-03-07', task: `ev:${privTask.id}` })).status).toBe(201);
    expect((await t.call('POST', '/time', { body: { time: 60, date: '2026-03-07' } })).status).toBe(401);
  });
});

describe('GET, PUT and DELETE /time/{id}', () => {
  it('PUT replaces fields with history EDIT; GET answers the full shape', async () => {
    const created = (await add(r.member, { time: 1000, date: '2026-04-01', task: taskId })).body;
    const upd = await t.call('PUT', `/time/${created.id}`, { as: r.member, body: { time: 400, comment: 'less' } });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ id: created.id, time: 400, comment: 'less' });
    expect(upd.body.history.at(-1)).toMatchObject({ action: 'EDIT', time: -600, previousTime: 1000 });
    const got = await t.call('GET', `/time/${created.id}`, { as: r.member });
    expect(got.body).toEqual(upd.body);
    // comment only
    const c = await t.call('PUT', `/time/${created.id}`, { as: r.member, body: { comment: 'note' } });
    expect(c.body.history.at(-1)).toMatchObject({ action: 'COMMENT', time: 0, previousTime: 400 });
  });

  it('moves a record to another task and date, and keeps task.time right', async () => {
    const other = await f.task(r.team.id, projectId, { name: 'Build' });
    const created = (await add(r.member, { time: 700, date: '2026-04-02', task: taskId })).body;
    const totalBefore = created.task.time.total;
    const moved = await t.call('PUT', `/time/${created.id}`, { as: r.member, body: { task: `ev:${other.id}`, date: '2026-04-03' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ date: '2026-04-03', task: { id: `ev:${other.id}`, time: { total: 700 } } });
    expect(moved.body.history.at(-1).action).toBe('MOVE');
    const task = await t.call('GET', `/tasks/ev:${taskNum}/time`, { as: r.admin });
    const sum = task.body.reduce((a: number, x: { time: number }) => a + x.time, 0);
    expect(sum).toBe(totalBefore - 700);
    expect(task.body[0].task.time.total).toBe(sum);
  });

  it('refuses a move onto an existing record (422) and leaves both alone', async () => {
    const a = (await add(r.member, { time: 100, date: '2026-04-04', task: taskId })).body;
    const b = (await add(r.member, { time: 200, date: '2026-04-05', task: taskId })).body;
    const res = await t.call('PUT', `/time/${b.id}`, { as: r.member, body: { date: '2026-04-04' } });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(String(a.id));
    expect((await t.call('GET', `/time/${b.id}`, { as: r.member })).body.date).toBe('2026-04-05');
  });

  it('validates PUT input', async () => {
    const a = (await add(r.member, { time: 100, date: '2026-04-06', task: taskId })).body;
    for (const body of [{ time: -1 }, { time: 90000 }, { date: '2026-02-30' }, { task: 'ev:0' }, { user: 999999 }]) {
      const res = await t.call('PUT', `/time/${a.id}`, { as: r.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.call('PUT', '/time/999999', { as: r.admin, body: { time: 1 } })).status).toBe(404);
    expect((await t.call('PUT', '/time/abc', { as: r.admin, body: { time: 1 } })).status).toBe(404);
    expect((await t.call('GET', '/time/99999999999', { as: r.admin })).status).toBe(404);
    expect((await t.call('GET', '/users/99999999999/time', { as: r.admin })).status).toBe(404);
    expect((await t.call('GET', '/team/time?user=99999999999', { as: r.admin })).status).toBe(422);
    expect((await t.call('GET', '/tasks/ev:99999999999/time', { as: r.admin })).status).toBe(404);
  });

  it('applies the roles to reading and editing others', async () => {
    const mine = (await add(r.member, { time: 100, date: '2026-04-07', task: taskId })).body;
    expect((await t.call('GET', `/time/${mine.id}`, { as: r.supervisor })).status).toBe(200);
    expect((await t.call('GET', `/time/${mine.id}`, { as: r.limited })).status).toBe(403);
    expect((await t.call('PUT', `/time/${mine.id}`, { as: r.supervisor, body: { time: 1 } })).status).toBe(403);
    expect((await t.call('DELETE', `/time/${mine.id}`, { as: r.supervisor })).status).toBe(403);
    const byAdmin = await t.call('PUT', `/time/${mine.id}`, { as: r.admin, body: { time: 50 } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.history.at(-1)).toMatchObject({ action: 'EDIT', createdBy: r.admin.id });
  });

  it('DELETE removes the record and its time from the task', async () => {
    const a = (await add(r.member, { time: 123, date: '2026-04-08', task: taskId })).body;
    const before = a.task.time.total;
    expect((await t.call('DELETE', `/time/${a.id}`, { as: r.member })).status).toBe(204);
    expect((await t.call('GET', `/time/${a.id}`, { as: r.member })).status).toBe(404);
    const again = (await add(r.member, { time: 1, date: '2026-04-09', task: taskId })).body;
    expect(again.task.time.total).toBe(before - 123 + 1);
  });

  it('invoiced records are locked for every role: refused with the reason', async () => {
    const a = (await add(r.member, { time: 100, date: '2026-04-10', task: taskId })).body;
    await t.db.update(timeRecords).set({ isInvoiced: true }).where(eq(timeRecords.id, a.id));
    const got = (await t.call('GET', `/time/${a.id}`, { as: r.member })).body;
    expect(got).toMatchObject({ isLocked: true, isInvoiced: true, lockReasons: ['The time is invoiced'] });
    for (const [method, path, body] of [
      ['POST', '/time', { time: 60, date: '2026-04-10', task: taskId }],
      ['PUT', `/time/${a.id}`, { time: 5 }],
      ['DELETE', `/time/${a.id}`, undefined],
    ] as const) {
      const res = await t.call(method, path, { as: r.member, body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body.message).toContain('invoiced');
    }
    expect((await t.call('GET', `/time/${a.id}`, { as: r.member })).body.time).toBe(100);
    const admin = await t.call('PUT', `/time/${a.id}`, { as: r.admin, body: { time: 90 } });
    expect(admin.status).toBe(422);
    expect(admin.body.message).toContain('invoiced');
    const list = (await t.call('GET', `/users/${r.member.id}/time?date=2026-04-10`, { as: r.member })).body;
    expect(list[0]).toMatchObject({ id: a.id, isLocked: true, isInvoiced: true });
  });

  it('a week pending approval locks its records for every role: 422 naming the week; discarding unlocks', async () => {
    const u = await t.user(r.team.id, 'member');
    const a = (await add(u, { time: 600, date: '2026-03-02', task: taskId })).body; // Monday of ISO week 2610
    const submit = await t.call('POST', `/timesheets/${u.id}2610/approval`, { as: u, body: { reviewer: r.admin.id } });
    expect(submit.status).toBe(200);
    const got = (await t.call('GET', `/time/${a.id}`, { as: u })).body;
    expect(got).toMatchObject({ isLocked: true, isInvoiced: false, lockReasons: [expect.stringContaining('2610')] });
    const refused = [
      await add(u, { time: 60, date: '2026-03-02', task: taskId }),
      await t.call('PUT', `/time/${a.id}`, { as: u, body: { time: 1 } }),
      await t.call('PUT', `/time/${a.id}`, { as: u, body: { date: '2026-03-09' } }),
      await t.call('DELETE', `/time/${a.id}`, { as: u }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(422);
      expect(res.body.message).toContain('2610');
    }
    // moving another record into the locked day is refused too
    const b = (await add(u, { time: 60, date: '2026-03-10', task: taskId })).body;
    expect((await t.call('PUT', `/time/${b.id}`, { as: u, body: { date: '2026-03-02', task: null } })).status).toBe(422);
    expect((await t.call('GET', `/time/${a.id}`, { as: u })).body.time).toBe(600);
    const byAdmin = await add(r.admin, { time: 60, date: '2026-03-02', task: taskId, user: u.id });
    expect(byAdmin.status).toBe(422);
    expect(byAdmin.body.message).toContain('2610');
    expect((await t.call('PUT', `/timesheets/${u.id}2610/discard-approval`, { as: u })).status).toBe(200);
    const after = await t.call('PUT', `/time/${a.id}`, { as: u, body: { time: 100 } });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ isLocked: false, lockReasons: [] });
  });

  it('hides other teams (404)', async () => {
    const other = await t.team();
    const stranger = await t.user(other.id, 'admin');
    const a = (await add(r.member, { time: 100, date: '2026-04-11', task: taskId })).body;
    expect((await t.call('GET', `/time/${a.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('PUT', `/time/${a.id}`, { as: stranger, body: { time: 1 } })).status).toBe(404);
    expect((await t.call('DELETE', `/time/${a.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', `/users/${r.member.id}/time`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', `/tasks/${taskId}/time`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', `/projects/ev:${projectId}/time`, { as: stranger })).status).toBe(404);
    expect((await t.call('GET', '/team/time', { as: stranger })).body).toEqual([]);
  });
});
