import { beforeAll, describe, expect, it } from 'vitest';
import { sections, tasks } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';

// GET /team/estimate/export: Everhour's deprecated estimates report, one row per task with an estimate.

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
const ids: Record<string, number> = {};
let open: number;
let privateProject: number;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  const f = fixtures(t);
  const s = t.scope(r.team.id);
  const p = await f.project(r.team.id, { name: 'Alpha', users: [r.member.id, r.limited.id] });
  open = p.id;
  const hidden = await f.project(r.team.id, { name: 'Hidden', privacy: true });
  privateProject = hidden.id;
  const section = await s.insert(sections, { projectId: p.id, name: 'Sprint 4' });
  const task = (name: string, extra: Partial<typeof tasks.$inferInsert>) => s.insert(tasks, { projectId: p.id, name, ...extra });
  ids.overall = (await task('Overall', { dueOn: '2026-05-10', sectionId: section.id, estimate: { total: 7200, type: 'overall', users: {} } })).id;
  ids.perUser = (
    await task('Per user', {
      dueOn: '2026-05-20',
      status: 'closed',
      estimate: { total: 5400, type: 'users', users: { [String(r.member.id)]: 3600, [String(r.supervisor.id)]: 1800 } },
    })
  ).id;
  ids.undated = (await task('Undated', { estimate: { total: 600, type: 'overall', users: {} } })).id;
  ids.noEstimate = (await task('No estimate', { dueOn: '2026-05-12' })).id;
  ids.deleted = (await task('Deleted', { dueOn: '2026-05-12', deletedAt: new Date(), estimate: { total: 60, type: 'overall', users: {} } })).id;
  ids.hidden = (
    await s.insert(tasks, { projectId: hidden.id, name: 'Secret', dueOn: '2026-05-11', estimate: { total: 900, type: 'overall', users: {} } })
  ).id;
  for (const [who, task, time] of [
    [r.member, ids.overall, 1200],
    [r.supervisor, ids.overall, 600],
    [r.member, ids.perUser, 300],
  ] as const)
    expect((await t.call('POST', '/time', { as: who, body: { task: `ev:${task}`, time, date: '2026-05-04' } })).status).toBe(201);
  // Another team with an estimated task due in the same days: never in this team's export.
  const other = await t.team();
  const op = await f.project(other.id, { name: 'Alpha' });
  await t.scope(other.id).insert(tasks, { projectId: op.id, name: 'Theirs', dueOn: '2026-05-10', estimate: { total: 99, type: 'overall', users: {} } });
});

const numbers = (rows: { task: { number: number } }[]) => rows.map((row) => row.task.number).sort((a, b) => a - b);

describe('GET /team/estimate/export', () => {
  it('answers each estimated task of the team with its estimate, project, task and recorded time', async () => {
    const res = await t.call('GET', '/team/estimate/export', { as: r.admin });
    expect(res.status).toBe(200);
    expect(numbers(res.body)).toEqual([ids.overall, ids.perUser, ids.undated, ids.hidden].sort((a, b) => a! - b!));
    const byNumber = new Map(res.body.map((row: { task: { number: number } }) => [row.task.number, row]));
    expect(byNumber.get(ids.overall)).toEqual({
      estimate: { total: 7200, type: 'overall' },
      project: { id: `ev:${open}`, name: 'Alpha', workspace: r.team.name },
      task: { id: `ev:${ids.overall}`, name: 'Overall', status: 'open', type: 'task', iteration: 'Sprint 4', number: ids.overall, dueAt: '2026-05-10' },
      time: { total: 1800, users: { [String(r.member.id)]: 1200, [String(r.supervisor.id)]: 600 } },
    });
    expect(byNumber.get(ids.perUser)).toMatchObject({
      estimate: { total: 5400, type: 'users', users: { [String(r.member.id)]: 3600, [String(r.supervisor.id)]: 1800 } },
      task: { status: 'closed', iteration: '', dueAt: '2026-05-20' },
      time: { total: 300, users: { [String(r.member.id)]: 300 } },
    });
    expect(byNumber.get(ids.undated)).toMatchObject({ task: { dueAt: null }, time: { total: 0, users: {} } });
  });

  it('filters by due date (both ends included) and by status open or completed', async () => {
    const get = async (q: string) => numbers((await t.call('GET', `/team/estimate/export?${q}`, { as: r.supervisor })).body);
    expect(await get('dueFrom=2026-05-10&dueTo=2026-05-19')).toEqual([ids.overall, ids.hidden].sort((a, b) => a! - b!));
    expect(await get('dueFrom=2026-05-11')).toEqual([ids.perUser, ids.hidden].sort((a, b) => a! - b!));
    expect(await get('dueTo=2026-05-10')).toEqual([ids.overall]);
    expect(await get('status=completed')).toEqual([ids.perUser]);
    expect(await get('status=open&dueTo=2026-05-31')).toEqual([ids.overall, ids.hidden].sort((a, b) => a! - b!));
    expect(await get('dueFrom=2026-06-01')).toEqual([]);
  });

  it('refuses a bad date, a status other than open or completed, and dueTo before dueFrom with 422 naming the field', async () => {
    for (const [q, field] of [
      ['dueFrom=2026-13-01', 'dueFrom'],
      ['dueTo=yesterday', 'dueTo'],
      ['status=closed', 'status'],
      ['dueFrom=2026-05-10&dueTo=2026-05-01', 'dueTo'],
    ] as const) {
      const res = await t.call('GET', `/team/estimate/export?${q}`, { as: r.admin });
      expect(res.status, q).toBe(422);
      expect(res.body).toMatchObject({ code: 422, errors: { [field]: expect.arrayContaining([expect.any(String)]) } });
    }
    expect((await t.call('GET', '/team/estimate/export?dueFrom=%00', { as: r.admin })).status).toBe(400);
    expect((await t.call('GET', '/team/estimate/export')).status).toBe(401);
  });

  it('shows members the projects they may read, with their own time only; limited members their assigned projects', async () => {
    const member = (await t.call('GET', '/team/estimate/export', { as: r.member })).body;
    expect(numbers(member)).toEqual([ids.overall, ids.perUser, ids.undated].sort((a, b) => a! - b!));
    const overall = member.find((row: { task: { number: number } }) => row.task.number === ids.overall);
    expect(overall.time).toEqual({ total: 1800, users: { [String(r.member.id)]: 1200 } });
    const limited = (await t.call('GET', '/team/estimate/export', { as: r.limited })).body;
    expect(numbers(limited)).toEqual([ids.overall, ids.perUser, ids.undated].sort((a, b) => a! - b!));
    expect(limited.every((row: { time: { users: object } }) => Object.keys(row.time.users).length === 0)).toBe(true);
    expect(limited.some((row: { project: { id: string } }) => row.project.id === `ev:${privateProject}`)).toBe(false);
  });
});
