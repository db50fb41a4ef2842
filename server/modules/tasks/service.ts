import { eq, isNull, sql } from 'drizzle-orm';
import { sections, tasks } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { invalid } from '../../http/errors.ts';
import { emitEvent, type EventKind } from '../webhooks/outbox.ts';
import { EVENT_VIEWER, isDbId, type Viewer } from '../projects/access.ts';
import { projectUserIds } from '../projects/present.ts';
import { presentTask, type TaskRow } from './present.ts';

/** 422 unless `sectionId` is a live (not deleted) section of `projectId`. */
export async function checkSectionOfProject(scope: Scope, projectId: number, sectionId: number) {
  const found = isDbId(sectionId) ? await scope.first(sections, eq(sections.id, sectionId), isNull(sections.deletedAt)) : undefined;
  if (!found || found.projectId !== projectId) throw invalid('section', `Section ${sectionId} is not a section of this project`);
}

/** The position after the last live task of the project. */
export async function nextTaskPosition(scope: Scope, projectId: number): Promise<number> {
  const [row] = await scope.db
    .select({ next: sql<number>`coalesce(max(${tasks.position}) + 1, 0)::int` })
    .from(tasks)
    .where(scope.where(tasks, eq(tasks.projectId, projectId), isNull(tasks.deletedAt)));
  return Number(row?.next ?? 0);
}

/** Re-reads a task row inside a transaction. */
export async function reloadTask(scope: Scope, id: number): Promise<TaskRow> {
  const row = await scope.byId(tasks, id);
  if (!row) throw new Error(`task ${id} vanished inside its transaction`);
  return row;
}

/** Records a task event (or `api:estimate:updated`) in the outbox of the transaction `scope`. */
export async function emitTaskEvent(scope: Scope, actor: Viewer, kind: EventKind, row: TaskRow) {
  const resource = await presentTask(scope, EVENT_VIEWER, row);
  const users = (await projectUserIds(scope, [row.projectId])).get(row.projectId) ?? [];
  await emitEvent(scope, {
    kind,
    actorId: actor.user.id,
    resourceId: resource.id,
    resource,
    projectId: row.projectId,
    projects: resource.projects,
    users,
  });
}

/** Set of the task's columns from an update or create body (only supplied fields). */
export function taskChanges(body: {
  name?: string | undefined;
  section?: number | null | undefined;
  labels?: string[] | undefined;
  position?: number | undefined;
  description?: string | undefined;
  dueOn?: string | null | undefined;
  status?: 'open' | 'closed' | undefined;
  unbillable?: boolean | undefined;
  attributes?: Record<string, string> | undefined;
  metrics?: Record<string, number> | undefined;
}) {
  const { section, ...rest } = body;
  const set: Partial<Omit<typeof tasks.$inferInsert, 'teamId'>> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (set as Record<string, unknown>)[k] = v;
  if (section !== undefined) set.sectionId = section;
  return set;
}
