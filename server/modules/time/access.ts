import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller, UserRow } from '../../http/env.ts';
import { ApiError, forbidden, invalid, notFound } from '../../http/errors.ts';
import { isAdmin, isManager } from '../../http/permissions.ts';
import type { ProjectRow } from '../projects/access.ts';
import { loadTask, type TaskRow } from '../tasks/index.ts';

export type { TaskRow };

/** The task `id` (`ev:12`) with its project, when the caller may see it (not deleted, project visible). */
export async function findVisibleTask(
  scope: Scope,
  caller: Caller,
  id: string | number,
): Promise<{ task: TaskRow; project: ProjectRow } | undefined> {
  try {
    return await loadTask(scope, caller, id);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return undefined;
    throw e;
  }
}

/** The task for reading its time: 404 when it does not exist or is not visible. */
export async function loadTaskForRead(scope: Scope, caller: Caller, id: string) {
  const found = await findVisibleTask(scope, caller, id);
  if (!found) throw notFound('Task');
  return found;
}

/** The task a record is booked to: 422 on `task` when it does not exist, belongs to another team, or is invisible. */
export async function loadTaskForWrite(scope: Scope, caller: Caller, id: string) {
  const found = await findVisibleTask(scope, caller, id);
  if (!found) throw invalid('task', `Task ${id} does not exist`);
  return found;
}

/** A user of the caller's team; 422 on `user` otherwise. */
export async function loadTeamUser(scope: Scope, id: number): Promise<UserRow> {
  const [row] = await scope.db
    .select()
    .from(users)
    .where(and(eq(users.teamId, scope.teamId), eq(users.id, id)))
    .limit(1);
  if (!row) throw invalid('user', `User ${id} does not exist in this team`);
  return row;
}

/** Writing time of `userId`: one's own, or anyone's for an admin (DESIGN.md roles). */
export function requireWriteFor(caller: Caller, userId: number) {
  if (userId !== caller.user.id && !isAdmin(caller)) throw forbidden("Only admins can change other users' time");
}

/** Reading time of `userId`: one's own, or anyone's for admins and supervisors. */
export function requireReadOf(caller: Caller, userId: number) {
  if (userId !== caller.user.id && !isManager(caller)) throw forbidden("Only admins and supervisors can read other users' time");
}
