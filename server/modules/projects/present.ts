import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Project } from '../../../contract/projects.ts';
import { effectiveRule } from '../../../contract/rounding.ts';
import { projectUsers, teams } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { prefixed } from '../../lib/ids.ts';
import { toDateTime } from '../../lib/time.ts';
import { presentProjectBudget } from '../budgets/progress.ts';
import type { ProjectRow, Viewer } from './access.ts';

/** Assigned user ids of each project, ascending. */
export async function projectUserIds(scope: Scope, projectIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return map;
  const rows = await scope.db
    .select({ projectId: projectUsers.projectId, userId: projectUsers.userId })
    .from(projectUsers)
    .where(and(eq(projectUsers.teamId, scope.teamId), inArray(projectUsers.projectId, projectIds)))
    .orderBy(asc(projectUsers.userId));
  for (const r of rows) map.get(r.projectId)?.push(r.userId);
  return map;
}

/**
 * Projects as the viewer may see them: `rate` for admins only; `budget` for admins and supervisors,
 * and for members when the budget is shown to users; the fixed fee for admins and supervisors.
 */
export async function presentProjects(scope: Scope, viewer: Viewer, rows: ProjectRow[], now: Date): Promise<Project[]> {
  if (rows.length === 0) return [];
  const [team] = await scope.db.select({ name: teams.name, rounding: teams.rounding }).from(teams).where(eq(teams.id, scope.teamId)).limit(1);
  const users = await projectUserIds(
    scope,
    rows.map((r) => r.id),
  );
  const role = viewer.user.role;
  const manager = role === 'admin' || role === 'supervisor';
  return Promise.all(
    rows.map(async (r) => {
      const p: Project = {
        id: prefixed(r.id),
        name: r.name,
        platform: 'ev',
        users: users.get(r.id) ?? [],
        workspaceId: `ev:${scope.teamId}`,
        workspaceName: team?.name ?? '',
        client: r.clientId,
        type: r.type,
        favorite: r.favorite,
        status: r.status,
        privacy: r.privacy,
        changeProtected: r.changeProtected,
        isTemplate: r.isTemplate,
        icon: r.icon,
        color: r.color,
        billing: { type: r.billing.type, fee: manager ? r.billing.fee : null },
        createdAt: toDateTime(r.createdAt),
      };
      if (role === 'admin') {
        p.rate = {
          type: r.rate.type,
          rate: r.rate.rate,
          userRateOverrides: r.rate.userRateOverrides ?? {},
          userCostOverrides: r.rate.userCostOverrides ?? {},
        };
      }
      if (manager) {
        p.rounding = r.rounding ?? null;
        p.effectiveRounding = effectiveRule(r.rounding, team?.rounding ?? null);
      }
      if (r.budget && (manager || r.budget.showToUsers === true)) {
        const budget = await presentProjectBudget(scope, r.id, r.budget, now);
        if (budget) p.budget = budget;
      }
      return p;
    }),
  );
}

export async function presentProject(scope: Scope, viewer: Viewer, row: ProjectRow, now: Date): Promise<Project> {
  return (await presentProjects(scope, viewer, [row], now))[0]!;
}
