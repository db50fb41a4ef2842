import { and, eq, inArray } from 'drizzle-orm';
import { clients, projects, projectUsers, tasks, timeRecords, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { unprocessable } from '../../http/errors.ts';
import { emitEvent, type EventKind } from '../webhooks/outbox.ts';
import { EVENT_VIEWER, isDbId, type ProjectRow, type Viewer } from './access.ts';
import { presentProject } from './present.ts';

/** Ids among `ids` that are not users of the scope's team. */
export async function unknownUserIds(scope: Scope, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const valid = unique.filter(isDbId);
  const found = valid.length
    ? await scope.db
        .select({ id: users.id })
        .from(users)
        .where(scope.where(users, inArray(users.id, valid)))
    : [];
  const known = new Set(found.map((f) => f.id));
  return unique.filter((id) => !known.has(id));
}

/**
 * Checks body references of a project: `users` must be users of the team and `client` a client of the
 * team. Answers 422 with an entry per failing field; nothing is written.
 */
export async function checkProjectRefs(scope: Scope, refs: { users?: number[] | undefined; client?: number | null | undefined }) {
  const errors: Record<string, string[]> = {};
  if (refs.users?.length) {
    const unknown = await unknownUserIds(scope, refs.users);
    if (unknown.length) errors.users = unknown.map((id) => `User ${id} is not a member of this team`);
  }
  if (refs.client != null) {
    const found = isDbId(refs.client) ? await scope.byId(clients, refs.client) : undefined;
    if (!found) errors.client = [`Client ${refs.client} does not exist`];
  }
  const fields = Object.keys(errors);
  if (fields.length) throw unprocessable(errors[fields[0]!]![0]!, errors);
}

/** Makes `userIds` exactly the users assigned to the project. */
export async function setProjectUsers(scope: Scope, projectId: number, userIds: number[]) {
  await scope.db.delete(projectUsers).where(and(eq(projectUsers.teamId, scope.teamId), eq(projectUsers.projectId, projectId)));
  const unique = [...new Set(userIds)];
  if (unique.length)
    await scope.insertMany(
      projectUsers,
      unique.map((userId) => ({ projectId, userId })),
    );
}

/** True when time was recorded on any task of the project (deleted tasks included). */
export async function projectHasTime(scope: Scope, projectId: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: timeRecords.id })
    .from(timeRecords)
    .innerJoin(tasks, eq(tasks.id, timeRecords.taskId))
    .where(and(eq(timeRecords.teamId, scope.teamId), eq(tasks.teamId, scope.teamId), eq(tasks.projectId, projectId)))
    .limit(1);
  return row !== undefined;
}

/** Records a project event in the outbox of the transaction `scope`; the payload is the project as `EVENT_VIEWER` sees it. */
export async function emitProjectEvent(scope: Scope, actor: Viewer, kind: EventKind, row: ProjectRow, now: Date) {
  const resource = await presentProject(scope, EVENT_VIEWER, row, now);
  await emitEvent(scope, {
    kind,
    actorId: actor.user.id,
    resourceId: resource.id,
    resource,
    projectId: row.id,
    projects: [resource.id],
    users: resource.users,
  });
}

/** Re-reads a project row inside a transaction (after its users or links changed). */
export async function reloadProject(scope: Scope, id: number): Promise<ProjectRow> {
  const row = await scope.byId(projects, id);
  if (!row) throw new Error(`project ${id} vanished inside its transaction`);
  return row;
}
