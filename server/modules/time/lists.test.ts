import { beforeAll, describe, expect, it } from 'vitest';
import { timeRecords } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let f: ReturnType<typeof fixtures>;
let p1: number;
let p2: number;
let t1: number;
let t2: number;
let clientId: number;

type Item = { id: number; time: number; user: number; date: string; task: { id: string } | null };
const ids = (xs: Item[]) => xs.map((x) => x.id);

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  f = fixtures(t);
  clientId = (await f.client(r.team.id, 'Globex')).id;
  p1 = (await f.project(r.team.id, { name: 'One', clientId, users: [r.member.id] })).id;
  p2 = (await f.project(r.team.id, { name: 'Two' })).id;
  t1 = (await f.task(r.team.id, p1, { name: 'T1' })).id;
  t2 = (await f.task(r.team.id, p2, { name: 'T2' })).id;
  const s = t.scope(r.team.id);
  // inserted out of date order on purpose
  await s.insertMany(timeRecords, [
    { userId: r.member.id, taskId: t1, date: '2026-05-03', time: 100 },
    { userId: r.member.id, taskId: t2, date: '2026-05-01', time: 200 },
    { userId: r.member.id, taskId: null, date: '2026-05-02', time: 300 },
    { userId: r.member.id, taskId: t1, date: '2026-05-01', time: 400 },
    { userId: r.supervisor.id, taskId: t1, date: '2026-05-01', time: 500 },
    { userId: r.supervisor.id, taskId: t2, date: '2026-06-10', time: 600 },
  ]);
});

describe('time lists', () => {
  it('GET /users/{id}/time: list shape, order (date, id), from/to/date', async () => {
    const res = await t.call('GET', `/users/${r.member.id}/time`, { as: r.member });
    expect(res.status).toBe(200);
    const list = res.body as Item[];
    expect(list.map((x) => [x.date, x.time])).toEqual([
      ['2026-05-01', 200],
      ['2026-05-01', 400],
      ['2026-05-02', 300],
      ['2026-05-03', 100],
    ]);
    expect(list[0]!.id).toBeLessThan(list[1]!.id);
    expect(Object.keys(list[0]!).sort()).toEqual(['comment', 'date', 'id', 'isInvoiced', 'isLocked', 'task', 'time', 'user']);
    // members see the task total and their own share; managers every user's
    expect(list[0]!.task).toMatchObject({ id: `ev:${t2}`, time: { total: 800, users: { [r.member.id]: 200 } } });
    expect((list[0]!.task as unknown as { time: { users: object } }).time.users).toEqual({ [r.member.id]: 200 });
    const managerView = (await t.call('GET', `/users/${r.member.id}/time`, { as: r.supervisor })).body as Item[];
    expect(managerView[0]!.task).toMatchObject({ time: { total: 800, users: { [r.member.id]: 200, [r.supervisor.id]: 600 } } });
    expect(list[2]!.task).toBeNull();
    const range = (await t.call('GET', `/users/${r.member.id}/time?from=2026-05-02&to=2026-05-03`, { as: r.member })).body as Item[];
    expect(range.map((x) => x.time)).toEqual([300, 100]);
    const day = (await t.call('GET', `/users/${r.member.id}/time?date=2026-05-01`, { as: r.member })).body as Item[];
    expect(day.map((x) => x.time)).toEqual([200, 400]);
    const withTask = (await t.call('GET', `/users/${r.member.id}/time?onlyWithTask=true`, { as: r.member })).body as Item[];
    expect(withTask.map((x) => x.time)).toEqual([200, 400, 100]);
  });

  it('writes any comment as valid UTF-8 JSON', async () => {
    const team = await t.team();
    const u = await t.user(team.id, 'member');
    const task = await f.task(team.id, (await f.project(team.id)).id);
    const comment = 'Überstunden "quoted" \\ back\nslash 🚀 \u2028';
    await t.scope(team.id).insert(timeRecords, { userId: u.id, taskId: task.id, date: '2026-05-09', time: 5, comment });
    const res = await t.call('GET', `/users/${u.id}/time`, { as: u });
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual([expect.objectContaining({ comment, time: 5, isLocked: false })]);
  });

  it('pages: limit, page, offset wins over page', async () => {
    const all = ids((await t.call('GET', `/users/${r.member.id}/time`, { as: r.member })).body);
    const page2 = ids((await t.call('GET', `/users/${r.member.id}/time?limit=2&page=2`, { as: r.member })).body);
    expect(page2).toEqual(all.slice(2, 4));
    const offset = ids((await t.call('GET', `/users/${r.member.id}/time?limit=2&page=2&offset=1`, { as: r.member })).body);
    expect(offset).toEqual(all.slice(1, 3));
    expect((await t.call('GET', `/users/${r.member.id}/time?page=9`, { as: r.member })).body).toEqual([]);
    for (const q of [
      'limit=0',
      'limit=50001',
      'page=0',
      'offset=-1',
      'from=2026-02-30',
      'from=2026-05-03&to=2026-05-01',
      'onlyWithTask=maybe',
    ]) {
      const bad = await t.call('GET', `/users/${r.member.id}/time?${q}`, { as: r.member });
      expect(bad.status, q).toBe(422);
      expect(bad.body.code).toBe(422);
    }
    expect((await t.call('GET', `/users/${r.member.id}/time?limit=50000`, { as: r.member })).status).toBe(200);
  });

  it('GET /team/time: managers see all, filters user, project, onlyWithTask; members their own', async () => {
    const all = (await t.call('GET', '/team/time', { as: r.supervisor })).body as Item[];
    expect(all).toHaveLength(6);
    expect(all.map((x) => x.date)).toEqual([...all.map((x) => x.date)].sort());
    const sup = (await t.call('GET', `/team/time?user=${r.supervisor.id}`, { as: r.admin })).body as Item[];
    expect(sup.map((x) => x.time)).toEqual([500, 600]);
    const proj = (await t.call('GET', `/team/time?project=ev:${p1}`, { as: r.admin })).body as Item[];
    expect(proj.map((x) => x.time)).toEqual([400, 500, 100]);
    const onlyTask = (await t.call('GET', '/team/time?onlyWithTask=1', { as: r.admin })).body as Item[];
    expect(onlyTask).toHaveLength(5);
    const mine = (await t.call('GET', '/team/time', { as: r.member })).body as Item[];
    expect(new Set(mine.map((x) => x.user))).toEqual(new Set([r.member.id]));
    expect((await t.call('GET', `/team/time?user=${r.supervisor.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', '/team/time?project=ev:999999', { as: r.admin })).status).toBe(422);
  });

  it('GET /users/{id}/time of someone else: managers only', async () => {
    expect((await t.call('GET', `/users/${r.member.id}/time`, { as: r.supervisor })).status).toBe(200);
    expect((await t.call('GET', `/users/${r.member.id}/time`, { as: r.admin })).body).toHaveLength(4);
    expect((await t.call('GET', `/users/${r.supervisor.id}/time`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', `/users/${r.supervisor.id}/time`, { as: r.limited })).status).toBe(403);
    expect((await t.call('GET', '/users/999999/time', { as: r.admin })).status).toBe(404);
  });

  it('GET /projects/{id}/time and /tasks/{id}/time', async () => {
    const proj = (await t.call('GET', `/projects/ev:${p2}/time`, { as: r.admin })).body as Item[];
    expect(proj.map((x) => x.time)).toEqual([200, 600]);
    const task = (await t.call('GET', `/tasks/ev:${t1}/time?limit=1&offset=1`, { as: r.admin })).body as Item[];
    expect(task.map((x) => x.time)).toEqual([500]);
    const memberView = (await t.call('GET', `/tasks/ev:${t1}/time`, { as: r.member })).body as Item[];
    expect(memberView.map((x) => x.time)).toEqual([400, 100]);
    // limited members see only assigned projects
    expect((await t.call('GET', `/projects/ev:${p2}/time`, { as: r.limited })).status).toBe(404);
    expect((await t.call('GET', `/tasks/ev:${t2}/time`, { as: r.limited })).status).toBe(404);
    expect((await t.call('GET', '/tasks/ev:999999/time', { as: r.admin })).status).toBe(404);
  });

  it('GET /team/time/export: sums per distinct combination, nested objects, filters', async () => {
    const byUser = await t.call('GET', '/team/time/export?fields=user', { as: r.admin });
    expect(byUser.status).toBe(200);
    expect(byUser.body).toEqual(
      expect.arrayContaining([
        { time: 1000, user: { id: r.member.id, name: expect.any(String) } },
        { time: 1100, user: { id: r.supervisor.id, name: expect.any(String) } },
      ]),
    );
    expect(byUser.body).toHaveLength(2);
    const byTaskMonth = (await t.call('GET', '/team/time/export?fields=task,month', { as: r.admin })).body;
    expect(byTaskMonth).toContainEqual({
      time: 1000,
      month: '2026-05',
      task: expect.objectContaining({ id: `ev:${t1}`, name: 'T1', status: 'open', type: 'task', number: t1 }),
    });
    expect(byTaskMonth).toContainEqual({ time: 300, month: '2026-05', task: null });
    expect(byTaskMonth).toContainEqual({ time: 600, month: '2026-06', task: expect.objectContaining({ id: `ev:${t2}` }) });
    const proj = (
      await t.call('GET', `/team/time/export?fields=project,projects&from=2026-05-01&to=2026-05-31&onlyWithTask=true`, { as: r.admin })
    ).body;
    expect(proj).toEqual([
      { time: 1000, project: { id: `ev:${p1}`, name: 'One', workspace: expect.any(String) }, projects: [`ev:${p1}`] },
      { time: 200, project: { id: `ev:${p2}`, name: 'Two', workspace: expect.any(String) }, projects: [`ev:${p2}`] },
    ]);
    const byClient = (await t.call('GET', `/team/time/export?fields=date&client=${clientId}`, { as: r.admin })).body;
    expect(byClient).toEqual([
      { time: 900, date: '2026-05-01' },
      { time: 100, date: '2026-05-03' },
    ]);
    const oneUser = (await t.call('GET', `/team/time/export?fields=date&user=${r.supervisor.id}&project=ev:${p1}`, { as: r.admin })).body;
    expect(oneUser).toEqual([{ time: 500, date: '2026-05-01' }]);
    expect((await t.call('GET', '/team/time/export?fields=date,colour', { as: r.admin })).status).toBe(422);
    const own = (await t.call('GET', '/team/time/export?fields=user', { as: r.member })).body;
    expect(own).toEqual([{ time: 1000, user: { id: r.member.id, name: expect.any(String) } }]);
    expect((await t.call('GET', `/team/time/export?user=${r.admin.id}`, { as: r.member })).status).toBe(403);
  });
});
