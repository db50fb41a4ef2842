import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customFields, sections, tasks, taskFieldValues } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { EVENT_VIEWER, type Viewer } from '../projects/access.ts';
import { presentTasks } from '../tasks/index.ts';
import { readBack, upsertAdd } from './records.ts';
import { presentLoadedTask } from './task-view.ts';
import { fixtures } from '../../test/time-fixtures.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
});

describe('presentLoadedTask (the read-back of POST /time)', () => {
  it('answers what presentTasks answers, for every viewer', async () => {
    const f = fixtures(t);
    const s = t.scope(r.team.id);
    const p = await f.project(r.team.id, { name: 'Mirror', users: [r.member.id, r.limited.id] });
    const live = await s.insert(sections, { projectId: p.id, name: 'Live' });
    const gone = await s.insert(sections, { projectId: p.id, name: 'Gone', deletedAt: new Date() });
    const forAll = await s.insert(customFields, { projectId: p.id, name: 'Ticket', type: 'text', position: 2 });
    const adminsOnly = await s.insert(customFields, { projectId: p.id, name: 'Margin', type: 'number', visibility: 'admins', position: 1 });
    const withEverything = await f.task(r.team.id, p.id, { name: 'Everything', status: 'closed' });
    await t.db
      .update(tasks)
      .set({ sectionId: live.id, dueOn: '2026-05-01', estimate: { total: 7200, type: 'overall', users: {} } })
      .where(eq(tasks.id, withEverything.id));
    await s.insert(taskFieldValues, { taskId: withEverything.id, fieldId: forAll.id, value: 'T-1' });
    await s.insert(taskFieldValues, { taskId: withEverything.id, fieldId: adminsOnly.id, value: 12.5 });
    const inGoneSection = await f.task(r.team.id, p.id, { name: 'Gone section' });
    await t.db.update(tasks).set({ sectionId: gone.id }).where(eq(tasks.id, inGoneSection.id));
    const adminFieldOnly = await f.task(r.team.id, p.id, { name: 'Admin field only', unbillable: true });
    await s.insert(taskFieldValues, { taskId: adminFieldOnly.id, fieldId: adminsOnly.id, value: { a: [1, 'x'] } });
    const bare = await f.task(r.team.id, p.id, { name: 'Bare' });

    const viewers: Viewer[] = [
      ...[r.admin, r.supervisor, r.member, r.limited].map((u) => ({ user: { id: u.id, role: u.role } })),
      EVENT_VIEWER,
    ];
    for (const task of [withEverything, inGoneSection, adminFieldOnly, bare]) {
      let row = await upsertAdd(s, {
        userId: r.member.id,
        taskId: task.id,
        date: '2026-05-04',
        seconds: 600,
        comment: undefined,
        action: 'ADD',
        actorId: r.member.id,
      });
      if (task !== bare) {
        row = await upsertAdd(s, {
          userId: r.supervisor.id,
          taskId: task.id,
          date: '2026-05-04',
          seconds: 900,
          comment: undefined,
          action: 'ADD',
          actorId: r.admin.id,
        });
      }
      const rb = await readBack(s, row, false);
      const [taskRow] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
      for (const v of viewers) {
        const [expected] = await presentTasks(s, v, [taskRow!]);
        const got = presentLoadedTask(v, rb.task!);
        expect(got, `${task.name} as ${v.user.role}`).toEqual(expected);
        // Same keys in the same order: the webhook payload is the JSON text.
        expect(JSON.stringify(got)).toBe(JSON.stringify(expected));
      }
    }
  });

  it('reads no task for time without a task', async () => {
    const s = t.scope(r.team.id);
    const row = await upsertAdd(s, {
      userId: r.member.id,
      taskId: null,
      date: '2026-05-05',
      seconds: 60,
      comment: 'x',
      action: 'ADD',
      actorId: r.member.id,
    });
    const rb = await readBack(s, row, true);
    expect(rb.task).toBeNull();
    expect(rb.dayTotal).toBe(60);
    expect(rb.locking).toEqual([]);
    expect(rb.history).toEqual([expect.objectContaining({ action: 'ADD', time: 60, previousTime: 0, createdBy: r.member.id })]);
  });
});
