import { sql } from 'drizzle-orm';
import type { Task } from '../../../contract/tasks.ts';
import { tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Viewer } from '../projects/access.ts';
import { presentTasks } from '../tasks/index.ts';
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
