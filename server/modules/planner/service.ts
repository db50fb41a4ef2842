import { asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { CreateProjectAssignmentBody, ProjectAssignment, UpdateAssignmentBody } from '../../../contract/planner.ts';
import { workdaysBetween } from '../../../contract/weeks.ts';
import { projectAssignments, projects, tasks, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { isManager } from '../../http/permissions.ts';
import { prefixed } from '../../lib/ids.ts';
import { toDateTime } from '../../lib/time.ts';
import { loadProjectForRead, parseWireId } from '../projects/access.ts';
import { checkCapacity, checkRange } from './capacity.ts';

export type ProjectAssignmentRow = typeof projectAssignments.$inferSelect;

export const presentProjectAssignment = (r: ProjectAssignmentRow): ProjectAssignment => ({
  id: r.id,
  type: 'project',
  user: r.userId,
  project: prefixed(r.projectId),
  task: r.taskId === null ? null : prefixed(r.taskId),
  startDate: r.startDate,
  endDate: r.endDate,
  time: r.secondsPerDay,
  days: workdaysBetween(r.startDate, r.endDate),
  note: r.note,
  createdBy: r.createdBy,
  createdAt: toDateTime(r.createdAt),
});

/** Planning is the managers' (admins and supervisors); everyone reads their own plan. */
const requirePlanner = (caller: Caller) => {
  if (!isManager(caller)) throw forbidden('Only admins and supervisors can plan project assignments');
};

/** An active user of the team (422 on `user` otherwise), locked so plans of one person see each other. */
async function lockPlannedUser(scope: Scope, id: number) {
  const [u] = await scope.db.select().from(users).where(scope.where(users, eq(users.id, id))).for('update');
  if (!u || u.status === 'removed') throw invalid('user', `User ${id} is not a member of the team`);
  return u;
}

/** The project (visible to the caller; 422 otherwise) and the task, which must be one of its tasks. */
async function resolveTarget(scope: Scope, caller: Caller, project: string, task: string | null | undefined) {
  const p = await loadProjectForRead(scope, caller, project).catch(() => {
    throw invalid('project', `Project ${project} does not exist`);
  });
  if (task === null || task === undefined) return { projectId: p.id, taskId: null };
  const t = await scope.first(tasks, eq(tasks.id, parseWireId(task) ?? 0), eq(tasks.projectId, p.id));
  if (!t || t.deletedAt) throw invalid('task', `Task ${task} is not a task of project ${project}`);
  return { projectId: p.id, taskId: t.id };
}

export async function createProjectAssignment(scope: Scope, caller: Caller, body: CreateProjectAssignmentBody, now: Date): Promise<ProjectAssignmentRow> {
  requirePlanner(caller);
  checkRange(body.startDate, body.endDate);
  const target = await resolveTarget(scope, caller, body.project, body.task);
  const userId = body.user ?? caller.user.id;
  return scope.tx(async (s) => {
    const user = await lockPlannedUser(s, userId);
    if (!body.forceOverride)
      await checkCapacity(s, { userId, weeklyCapacity: user.capacity, from: body.startDate, to: body.endDate, perDay: body.time });
    return s.insert(projectAssignments, {
      userId,
      ...target,
      startDate: body.startDate,
      endDate: body.endDate,
      secondsPerDay: body.time,
      note: body.note,
      createdBy: caller.user.id,
      createdAt: now,
    });
  });
}

export async function findVisibleProjectAssignment(scope: Scope, caller: Caller, id: number) {
  const row = await scope.byId(projectAssignments, id);
  return row && (row.userId === caller.user.id || isManager(caller)) ? row : undefined;
}

export async function updateProjectAssignment(scope: Scope, caller: Caller, current: ProjectAssignmentRow, body: UpdateAssignmentBody) {
  requirePlanner(caller);
  const from = body.startDate ?? current.startDate;
  const to = body.endDate ?? current.endDate;
  if (to < from) throw invalid('endDate', 'Must not be before the start date');
  checkRange(from, to);
  const target =
    body.project !== undefined || body.task !== undefined
      ? await resolveTarget(scope, caller, body.project ?? prefixed(current.projectId), body.task !== undefined ? body.task : current.taskId === null ? null : prefixed(current.taskId))
      : { projectId: current.projectId, taskId: current.taskId };
  const userId = body.user ?? current.userId;
  const perDay = body.time ?? current.secondsPerDay;
  return scope.tx(async (s) => {
    const user = await lockPlannedUser(s, userId);
    if (!body.forceOverride) await checkCapacity(s, { userId, weeklyCapacity: user.capacity, from, to, perDay, exceptId: current.id });
    const [updated] = await s.update(
      projectAssignments,
      { userId, ...target, startDate: from, endDate: to, secondsPerDay: perDay, note: body.note ?? current.note },
      eq(projectAssignments.id, current.id),
    );
    if (!updated) throw notFound('Assignment');
    return updated;
  });
}

export async function removeProjectAssignment(scope: Scope, caller: Caller, current: ProjectAssignmentRow) {
  requirePlanner(caller);
  await scope.delete(projectAssignments, eq(projectAssignments.id, current.id));
}

/** Project assignments matching the filters (`userId` undefined: everyone's), by start date. */
export async function listProjectAssignments(
  scope: Scope,
  f: { userId?: number | undefined; project?: string | undefined; task?: string | undefined; client?: number | undefined; from?: string | undefined; to?: string | undefined },
): Promise<ProjectAssignmentRow[]> {
  const conds: (SQL | undefined)[] = [
    f.userId !== undefined ? eq(projectAssignments.userId, f.userId) : undefined,
    f.project !== undefined ? eq(projectAssignments.projectId, parseWireId(f.project) ?? 0) : undefined,
    f.task !== undefined ? eq(projectAssignments.taskId, parseWireId(f.task) ?? 0) : undefined,
    f.to ? lte(projectAssignments.startDate, f.to) : undefined,
    f.from ? gte(projectAssignments.endDate, f.from) : undefined,
  ];
  if (f.client !== undefined) {
    const ids = (await scope.db.select({ id: projects.id }).from(projects).where(scope.where(projects, eq(projects.clientId, f.client)))).map((p) => p.id);
    if (ids.length === 0) return [];
    conds.push(inArray(projectAssignments.projectId, ids));
  }
  return scope.db
    .select()
    .from(projectAssignments)
    .where(scope.where(projectAssignments, ...conds))
    .orderBy(asc(projectAssignments.startDate), asc(projectAssignments.id));
}
