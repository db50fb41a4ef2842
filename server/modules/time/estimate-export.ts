import { and, asc, eq, gte, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { EstimateExportQuery, EstimateExportRow } from '../../../contract/time.ts';
import { projects, sections, tasks, teams } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { isManager } from '../../http/permissions.ts';
import { prefixed } from '../../lib/ids.ts';
import { visibleProjectsWhere } from '../projects/access.ts';
import { taskTimes } from '../tasks/present.ts';

/**
 * GET /team/estimate/export: the team's live tasks that carry an estimate, in the projects the caller may read
 * (templates left out), due within `dueFrom`..`dueTo` when given, open or completed (closed) when `status` says.
 * Time is what was recorded on each task: everyone's for admins and supervisors; members and limited members see
 * the total and their own entry, as a task read shows them.
 */
export async function exportEstimates(scope: Scope, caller: Caller, q: EstimateExportQuery): Promise<EstimateExportRow[]> {
  const conds: (SQL | undefined)[] = [
    visibleProjectsWhere(scope, caller),
    eq(projects.isTemplate, false),
    scope.mine(tasks),
    isNull(tasks.deletedAt),
    isNotNull(tasks.estimate),
    q.status ? eq(tasks.status, q.status === 'completed' ? 'closed' : 'open') : undefined,
    q.dueFrom ? gte(tasks.dueOn, q.dueFrom) : undefined,
    q.dueTo ? lte(tasks.dueOn, q.dueTo) : undefined,
  ];
  const [rows, [team]] = await Promise.all([
    scope.db
      .select({ task: tasks, projectName: projects.name, sectionName: sections.name, sectionDeleted: sections.deletedAt })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .leftJoin(sections, eq(sections.id, tasks.sectionId))
      .where(and(...conds))
      .orderBy(asc(projects.name), asc(projects.id), asc(tasks.position), asc(tasks.id)),
    scope.db.select({ name: teams.name }).from(teams).where(eq(teams.id, scope.teamId)),
  ]);
  const times = await taskTimes(
    scope,
    rows.map((r) => r.task.id),
  );
  const workspace = team?.name ?? '';
  const own = String(caller.user.id);
  return rows.map(({ task: t, projectName, sectionName, sectionDeleted }) => {
    const estimate = t.estimate!;
    const time = times.get(t.id) ?? { total: 0, users: {} };
    return {
      estimate: { total: estimate.total, type: estimate.type, ...(estimate.type === 'users' ? { users: estimate.users } : {}) },
      project: { id: prefixed(t.projectId), name: projectName, workspace },
      task: {
        id: prefixed(t.id),
        name: t.name,
        status: t.status,
        type: 'task' as const,
        iteration: sectionName !== null && sectionDeleted === null ? sectionName : '',
        number: t.id,
        dueAt: t.dueOn,
      },
      time: {
        total: time.total,
        users: isManager(caller) ? time.users : own in time.users ? { [own]: time.users[own]! } : {},
      },
    };
  });
}
