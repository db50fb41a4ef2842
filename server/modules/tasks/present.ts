import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Task } from '../../../contract/tasks.ts';
import { sections, tasks, timeRecords } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { prefixed } from '../../lib/ids.ts';
import { toDateTime } from '../../lib/time.ts';
import { taskFieldValues } from '../fields/values.ts';
import type { Viewer } from '../projects/access.ts';

export type TaskRow = typeof tasks.$inferSelect;

/** `= any('{1,2,3}'::int[])`: one parameter however many ids (lists of time records can name thousands of tasks). */
const anyId = (ids: readonly number[]) => sql`any(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[])`;

/** Recorded seconds per task, total and by user, summed in SQL. */
export async function taskTimes(scope: Scope, taskIds: number[]): Promise<Map<number, { total: number; users: Record<string, number> }>> {
  const map = new Map(taskIds.map((id) => [id, { total: 0, users: {} as Record<string, number> }]));
  if (taskIds.length === 0) return map;
  const rows = await scope.db
    .select({ taskId: timeRecords.taskId, userId: timeRecords.userId, seconds: sql<string>`coalesce(sum(${timeRecords.time}), 0)` })
    .from(timeRecords)
    .where(and(eq(timeRecords.teamId, scope.teamId), sql`${timeRecords.taskId} = ${anyId(taskIds)}`))
    .groupBy(timeRecords.taskId, timeRecords.userId);
  for (const r of rows) {
    const entry = r.taskId === null ? undefined : map.get(r.taskId);
    if (!entry) continue;
    const s = Number(r.seconds);
    entry.total += s;
    entry.users[String(r.userId)] = s;
  }
  return map;
}

/**
 * Tasks in their wire shape, as `viewer` may see them (a `Caller` is a Viewer).
 * - `section` is null when the task has none or its section was deleted.
 * - `time.total` counts everyone; `time.users` lists every user for admins and supervisors, and only
 *   the viewer's own entry for members (who may not read others' time).
 * - `fields` holds custom-field values when there are any.
 */
export async function presentTasks(scope: Scope, viewer: Viewer, rows: TaskRow[]): Promise<Task[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const sectionIds = [...new Set(rows.map((r) => r.sectionId).filter((id): id is number => id !== null))];
  const liveSections = sectionIds.length
    ? await scope.db
        .select({ id: sections.id })
        .from(sections)
        .where(scope.where(sections, sql`${sections.id} = ${anyId(sectionIds)}`, isNull(sections.deletedAt)))
    : [];
  const live = new Set(liveSections.map((s) => s.id));
  const times = await taskTimes(scope, ids);
  const fields = await taskFieldValues(scope, ids, viewer.user.role === 'admin');
  return rows.map((r) =>
    toWireTask(viewer, r, {
      sectionLive: r.sectionId !== null && live.has(r.sectionId),
      time: times.get(r.id) ?? { total: 0, users: {} },
      fields: fields.get(r.id),
    }),
  );
}

/**
 * One task row in its wire shape for `viewer`, from what was read about it: whether its section is live,
 * its recorded time (total and by user) and the custom-field values the viewer may see.
 */
export function toWireTask(
  viewer: Viewer,
  r: TaskRow,
  read: { sectionLive: boolean; time: { total: number; users: Record<string, number> }; fields: Record<string, unknown> | undefined },
): Task {
  const seesAllTime = viewer.user.role === 'admin' || viewer.user.role === 'supervisor';
  const own = read.time.users[String(viewer.user.id)];
  const t: Task = {
    id: prefixed(r.id),
    name: r.name,
    type: 'task',
    projects: [prefixed(r.projectId)],
    section: r.sectionId !== null && read.sectionLive ? r.sectionId : null,
    labels: r.labels,
    position: r.position,
    description: r.description,
    dueAt: r.dueOn ? `${r.dueOn} 00:00:00` : null,
    status: r.status,
    time: { total: read.time.total, users: seesAllTime ? read.time.users : own !== undefined ? { [String(viewer.user.id)]: own } : {} },
    estimate: r.estimate ? { total: r.estimate.total, type: r.estimate.type, users: r.estimate.users } : null,
    attributes: r.attributes,
    metrics: r.metrics,
    unbillable: r.unbillable,
    createdAt: toDateTime(r.createdAt),
  };
  if (read.fields && Object.keys(read.fields).length) t.fields = read.fields;
  return t;
}

export async function presentTask(scope: Scope, viewer: Viewer, row: TaskRow): Promise<Task> {
  return (await presentTasks(scope, viewer, [row]))[0]!;
}
