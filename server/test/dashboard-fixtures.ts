import { projects, projectUsers, tasks, timeHistory, timeRecords, type StoredBilling, type StoredRate } from '../db/schema/index.ts';
import type { Scope } from '../db/scope.ts';

/**
 * Rows for tests and benchmarks, written straight through a Scope so they do not depend on other
 * areas' routes.
 */
export async function seedProject(
  scope: Scope,
  p: { name: string; clientId?: number | null; billing?: StoredBilling; rate?: Partial<StoredRate>; privacy?: boolean; users?: number[] },
) {
  const row = await scope.insert(projects, {
    name: p.name,
    clientId: p.clientId ?? null,
    privacy: p.privacy ?? false,
    billing: p.billing ?? { type: 'non_billable', fee: null },
    rate: { type: 'project_rate', rate: null, userRateOverrides: {}, userCostOverrides: {}, ...p.rate },
  });
  if (p.users?.length)
    await scope.insertMany(
      projectUsers,
      p.users.map((userId) => ({ projectId: row.id, userId })),
    );
  return row;
}

export const seedTask = (scope: Scope, projectId: number, t: { name?: string; unbillable?: boolean } = {}) =>
  scope.insert(tasks, { projectId, name: t.name ?? 'Task', unbillable: t.unbillable ?? false });

/** A time record with one history entry: `TIMER` for `timer` seconds (if any) and `ADD` for the rest. */
export async function seedTime(
  scope: Scope,
  r: { userId: number; taskId: number | null; date: string; time: number; timer?: number; invoiced?: boolean },
) {
  const row = await scope.insert(timeRecords, {
    userId: r.userId,
    taskId: r.taskId,
    date: r.date,
    time: r.time,
    isInvoiced: r.invoiced ?? false,
  });
  const timer = r.timer ?? 0;
  const history = [];
  if (timer > 0) history.push({ recordId: row.id, createdBy: r.userId, action: 'TIMER' as const, time: timer, previousTime: 0 });
  if (r.time - timer > 0)
    history.push({ recordId: row.id, createdBy: r.userId, action: 'ADD' as const, time: r.time - timer, previousTime: timer });
  await scope.insertMany(timeHistory, history);
  return row;
}
