import { sql } from 'drizzle-orm';
import type { Task } from '../../../contract/tasks.ts';
import { tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Viewer } from '../projects/access.ts';
import { presentTasks, toWireTask, type TaskRow } from '../tasks/index.ts';
import { anyInt } from './sql.ts';

export interface TaskView {
  task: Task;
  /** `JSON.stringify(task)`, built once per task for the lists. */
  json: string;
}

/** The Task shape of each of `ids` as `viewer` sees it (a fixed number of queries whatever their number), with its JSON text. */
export async function taskViews(scope: Scope, viewer: Viewer, ids: number[]): Promise<Map<number, TaskView>> {
  const unique = [...new Set(ids)];
  const views = new Map<number, TaskView>();
  if (unique.length === 0) return views;
  const rows = await scope.db
    .select()
    .from(tasks)
    .where(sql`${tasks.teamId} = ${scope.teamId} and ${tasks.id} = ${anyInt(unique)}`);
  for (const task of await presentTasks(scope, viewer, rows)) {
    views.set(Number(task.id.slice(3)), { task, json: JSON.stringify(task) });
  }
  return views;
}

/** Seconds recorded on a task by one user. */
export interface TaskTimeRow {
  user: number;
  seconds: number | string;
}

/** A custom-field value of a task, in field order; `forAll` false for fields only admins see. */
export interface TaskFieldRow {
  field: number;
  value: unknown;
  forAll: boolean;
}

/** A task row with what `presentTasks` reads for it, read along with something else (see `readBack`). */
export interface LoadedTask {
  row: TaskRow;
  /** The task's section exists and is not deleted. */
  sectionLive: boolean;
  times: TaskTimeRow[];
  fields: TaskFieldRow[];
}

/**
 * The Task shape `presentTasks` answers for `viewer`, built from data already read (no query), so one read
 * serves several viewers; the mapping itself is `toWireTask`, shared with `presentTasks`.
 */
export function presentLoadedTask(viewer: Viewer, t: LoadedTask): Task {
  const time = { total: 0, users: {} as Record<string, number> };
  for (const x of t.times) {
    const s = Number(x.seconds);
    time.total += s;
    time.users[String(x.user)] = s;
  }
  const fields: Record<string, unknown> = {};
  for (const f of t.fields) if (viewer.user.role === 'admin' || f.forAll) fields[String(f.field)] = f.value;
  return toWireTask(viewer, t.row, { sectionLive: t.sectionLive, time, fields });
}
