import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_TIMESHEET_WEEKS } from '../../../contract/timesheets.ts';
import { projects, tasks } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let projectId: number;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => new Date('2027-01-06T12:00:00Z') } });
  r = await t.roles();
  const s = t.scope(r.team.id);
  projectId = (await s.insert(projects, { name: 'Website' })).id;
  for (let i = 0; i < 3; i++) await s.insert(tasks, { projectId, name: `Task ${i}` });
});

describe('limit on lists whose spec sets no maximum', () => {
  it('GET /users/{id}/timesheets clamps a large limit to its natural bound instead of refusing it', async () => {
    const res = await t.call('GET', `/users/${r.member.id}/timesheets?limit=500`, { as: r.member });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(500);
    const huge = await t.call('GET', `/users/${r.member.id}/timesheets?limit=100000`, { as: r.member });
    expect(huge.status).toBe(200);
    expect(huge.body).toHaveLength(MAX_TIMESHEET_WEEKS);
    expect(huge.body[0].week.id).toBe(2701);
  });

  it('clamps on the other uncapped lists too (project tasks, projects, expenses, deliveries)', async () => {
    const tasksRes = await t.call('GET', `/projects/ev:${projectId}/tasks?limit=1000`, { as: r.admin });
    expect(tasksRes.status).toBe(200);
    expect(tasksRes.body).toHaveLength(3);
    expect((await t.call('GET', '/projects?limit=99999999', { as: r.admin })).status).toBe(200);
    expect((await t.call('GET', '/expenses?limit=50000', { as: r.member })).status).toBe(200);
  });

  it('still refuses a limit that is not a positive whole number, and the caps the spec sets', async () => {
    for (const q of ['limit=0', 'limit=-1', 'limit=abc', 'limit=1.5']) {
      const res = await t.call('GET', `/users/${r.member.id}/timesheets?${q}`, { as: r.member });
      expect(res.status, q).toBe(422);
      expect(res.body.errors.limit).toBeDefined();
    }
    // the spec caps the time list at 50000 and task search at 100
    expect((await t.call('GET', `/users/${r.member.id}/time?limit=50001`, { as: r.member })).status).toBe(422);
    expect((await t.call('GET', `/users/${r.member.id}/time?limit=50000`, { as: r.member })).status).toBe(200);
    expect((await t.call('GET', `/tasks/search?query=task&limit=101`, { as: r.admin })).status).toBe(422);
  });
});
