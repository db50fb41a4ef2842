import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Role } from '../../../contract/users.ts';
import { projects, projectUsers } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { forbidden, notFound } from '../../http/errors.ts';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * Who looks at a resource. A `Caller` (server/http/env.ts) is a Viewer; webhook payloads use
 * `EVENT_VIEWER`. Only the user's id and role decide what is visible.
 */
export interface Viewer {
  user: { id: number; role: Role };
}

/**
 * The view used for webhook payloads: what a supervisor sees (budgets and everyone's task time,
 * but never rates), so a delivery never carries more than a non-admin may read.
 */
export const EVENT_VIEWER: Viewer = { user: { id: 0, role: 'supervisor' } };

const INT4_MAX = 2_147_483_647;
/** True for an id that can exist in an `integer` column. */
export const isDbId = (n: number) => Number.isInteger(n) && n > 0 && n <= INT4_MAX;

/** `ev:12` (or 12) to 12; undefined for anything that cannot be a project or task id. */
export function parseWireId(id: string | number): number | undefined {
  if (typeof id === 'number') return isDbId(id) ? id : undefined;
  const m = /^ev:(\d{1,15})$/.exec(id);
  const n = m ? Number(m[1]) : NaN;
  return isDbId(n) ? n : undefined;
}

/** Admins and supervisors see every project of the team. */
const seesAll = (v: Viewer) => v.user.role === 'admin' || v.user.role === 'supervisor';

/** Subquery: ids of the projects `userId` is assigned to. */
export const assignedProjectIds = (scope: Scope, userId: number) =>
  scope.db
    .select({ id: projectUsers.projectId })
    .from(projectUsers)
    .where(and(eq(projectUsers.teamId, scope.teamId), eq(projectUsers.userId, userId)));

/**
 * SQL condition on the `projects` table (team filter included) selecting the projects the viewer may read:
 * admins and supervisors all; members assigned or non-private; limited members assigned only.
 * Use it in joins: `.where(visibleProjectsWhere(scope, caller))`.
 */
export function visibleProjectsWhere(scope: Scope, viewer: Viewer): SQL {
  if (seesAll(viewer)) return scope.mine(projects);
  const assigned = inArray(projects.id, assignedProjectIds(scope, viewer.user.id));
  if (viewer.user.role === 'member') return scope.where(projects, or(eq(projects.privacy, false), assigned));
  return scope.where(projects, assigned);
}

/** Integer ids of every project the viewer may read. */
export async function visibleProjectIds(scope: Scope, viewer: Viewer): Promise<number[]> {
  const rows = await scope.db.select({ id: projects.id }).from(projects).where(visibleProjectsWhere(scope, viewer));
  return rows.map((r) => r.id);
}

/** True when `userId` is assigned to `projectId`. */
export async function isAssigned(scope: Scope, projectId: number, userId: number): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: projectUsers.userId })
    .from(projectUsers)
    .where(and(eq(projectUsers.teamId, scope.teamId), eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The project `projectId` (`ev:12` or 12) if the viewer may read it; 404 otherwise (also for another
 * team's project or a malformed id).
 */
export async function loadProjectForRead(scope: Scope, viewer: Viewer, projectId: string | number): Promise<ProjectRow> {
  const id = parseWireId(projectId);
  if (id === undefined) throw notFound('Project');
  const [row] = await scope.db
    .select()
    .from(projects)
    .where(and(visibleProjectsWhere(scope, viewer), eq(projects.id, id)))
    .limit(1);
  if (!row) throw notFound('Project');
  return row;
}

/**
 * The project if the viewer may change its settings (name, users, client, delete): admins always,
 * supervisors unless `changeProtected`. 404 when invisible, 403 when visible but not allowed.
 */
export async function loadProjectForWrite(scope: Scope, viewer: Viewer, projectId: string | number): Promise<ProjectRow> {
  const row = await loadProjectForRead(scope, viewer, projectId);
  if (viewer.user.role === 'admin') return row;
  if (viewer.user.role === 'supervisor') {
    if (row.changeProtected) throw forbidden('This project is protected from changes by non-admins');
    return row;
  }
  throw forbidden('Only admins and supervisors can change projects');
}

/**
 * The project if the viewer may work on its content (tasks, sections, estimates).
 * `edit` (create and change): admins, supervisors, and members assigned to the project.
 * `manage` (delete and recover): admins and supervisors.
 * 404 when invisible, 403 when visible but not allowed.
 */
export async function loadProjectForContent(
  scope: Scope,
  viewer: Viewer,
  projectId: string | number,
  action: 'edit' | 'manage',
): Promise<ProjectRow> {
  const row = await loadProjectForRead(scope, viewer, projectId);
  await requireContentAccess(scope, viewer, row, action);
  return row;
}

/**
 * The check of `loadProjectForContent` for a project already loaded for reading. `content` names what is
 * changed in the refusal (`tasks`, `custom fields`).
 */
export async function requireContentAccess(
  scope: Scope,
  viewer: Viewer,
  project: ProjectRow,
  action: 'edit' | 'manage',
  content = 'tasks',
): Promise<void> {
  if (seesAll(viewer)) return;
  if (action === 'edit' && viewer.user.role === 'member' && (await isAssigned(scope, project.id, viewer.user.id))) return;
  throw forbidden(
    action === 'edit' ? `Only members assigned to this project can change its ${content}` : 'Only admins and supervisors can do this',
  );
}
