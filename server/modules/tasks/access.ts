import { and, eq, isNull } from 'drizzle-orm';
import { projects, tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { notFound } from '../../http/errors.ts';
import { parseWireId, requireContentAccess, visibleProjectsWhere, type ProjectRow, type Viewer } from '../projects/access.ts';
import type { TaskRow } from './present.ts';

export interface LoadedTask {
  task: TaskRow;
  project: ProjectRow;
}

/**
 * The task `taskId` (`ev:7` or 7) with its project, if the viewer may read that project (see the role
 * table in projects/access.ts). 404 for a malformed id, another team's task, a task of an invisible
 * project, and a deleted task (unless `includeDeleted`).
 */
export async function loadTask(
  scope: Scope,
  viewer: Viewer,
  taskId: string | number,
  opts: { includeDeleted?: boolean } = {},
): Promise<LoadedTask> {
  const id = parseWireId(taskId);
  if (id === undefined) throw notFound('Task');
  const [row] = await scope.db
    .select({ task: tasks, project: projects })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        scope.mine(tasks),
        eq(tasks.id, id),
        opts.includeDeleted ? undefined : isNull(tasks.deletedAt),
        visibleProjectsWhere(scope, viewer),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Task');
  return row;
}

/**
 * `loadTask` plus the right to change it: `edit` (update, estimate) for admins, supervisors and members
 * assigned to the project; `manage` (delete, recover) for admins and supervisors. 403 when not allowed.
 */
export async function loadTaskForWrite(
  scope: Scope,
  viewer: Viewer,
  taskId: string | number,
  action: 'edit' | 'manage',
  opts: { includeDeleted?: boolean } = {},
): Promise<LoadedTask> {
  const loaded = await loadTask(scope, viewer, taskId, opts);
  await requireContentAccess(scope, viewer, loaded.project, action);
  return loaded;
}
