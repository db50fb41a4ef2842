import { beforeAll, describe, expect, it } from 'vitest';
import { timeHistory } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { seedProject, seedTask, seedTime } from '../../test/dashboard-fixtures.ts';

let t: TestContext;
const range = 'date.gte=2026-04-01&date.lte=2026-04-30';

beforeAll(async () => {
  t = await setupTestApp();
});

describe('timer seconds', () => {
  it('sum every TIMER entry of a record, at least 0 and at most its time, and only for records in range', async () => {
    const team = await t.team();
    const X = await t.user(team.id, 'admin', { rate: 6000, cost: 3000 });
    const s = t.scope(team.id);
    const p = await seedProject(s, { name: 'Timed', billing: { type: 'hourly', fee: null }, rate: { type: 'project_rate', rate: 6000 } });
    const task = (await seedTask(s, p.id)).id;
    // 700 + 600 = 1300 timer seconds on a 1000-second record: capped at 1000.
    const over = await seedTime(s, { userId: X.id, taskId: task, date: '2026-04-02', time: 1000, timer: 700 });
    // 500 − 800 = −300: counts as 0. 400 + 100 = 500 on the third record.
    const negative = await seedTime(s, { userId: X.id, taskId: task, date: '2026-04-03', time: 1000, timer: 500 });
    const third = await seedTime(s, { userId: X.id, taskId: task, date: '2026-04-04', time: 1000, timer: 400 });
    // Outside the range: its timer seconds must not count.
    const outside = await seedTime(s, { userId: X.id, taskId: task, date: '2026-05-04', time: 1000, timer: 1000 });
    await s.insertMany(timeHistory, [
      { recordId: over.id, createdBy: X.id, action: 'TIMER', time: 600, previousTime: 700 },
      { recordId: negative.id, createdBy: X.id, action: 'TIMER', time: -800, previousTime: 1000 },
      { recordId: third.id, createdBy: X.id, action: 'TIMER', time: 100, previousTime: 900 },
      { recordId: outside.id, createdBy: X.id, action: 'TIMER', time: 500, previousTime: 1000 },
    ]);
    // Timer seconds 1000 + 0 + 500 = 1500 of 3000: 50 %.
    for (const path of ['projects', 'users']) {
      const res = await t.call('GET', `/dashboards/${path}?${range}`, { as: X });
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ time: 3000, billableTime: 3000, timerTimePc: 50, billableAmountTime: 5000, costsTime: 2500 });
    }
  });
});
