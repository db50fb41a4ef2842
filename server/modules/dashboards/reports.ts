import { and, eq, inArray } from 'drizzle-orm';
import { clients, projects, teams, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { prefixed } from '../../lib/ids.ts';
import { metrics, type Visibility } from './figures.ts';
import { expenseTotals, timeOffTotals, timeTotals, type DashboardFilter, type GroupBy } from './queries.ts';

/** Time and expense sums of every group with time or expenses in the filter. */
async function totals(db: Parameters<typeof timeTotals>[0], group: GroupBy, filter: DashboardFilter) {
  const [time, spent] = await Promise.all([timeTotals(db, group, filter), expenseTotals(db, group, filter)]);
  const byKeyTime = new Map(time.map((t) => [t.key, t]));
  const byKeyExpense = new Map(spent.map((e) => [e.key, e]));
  const keys = [...new Set([...byKeyTime.keys(), ...byKeyExpense.keys()])];
  return { keys, time: byKeyTime, expenses: byKeyExpense };
}

const byName =
  <T>(name: (r: T) => string, id: (r: T) => number | string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b)) || String(id(a)).localeCompare(String(id(b)), 'en', { numeric: true });


/** The client report's rows (`GET /dashboards/clients`), by client name. */
export async function clientReport(scope: Scope, filter: DashboardFilter, visibility: Visibility) {
  const t = await totals(scope.db, 'client', filter);
  if (t.keys.length === 0) return [];
  const names = await scope.db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(scope.where(clients, inArray(clients.id, t.keys)));
  return names
    .map((cl) => ({ clientId: cl.id, clientName: cl.name, ...metrics(t.time.get(cl.id), t.expenses.get(cl.id), visibility) }))
    .sort(
      byName(
        (r) => r.clientName,
        (r) => r.clientId,
      ),
    );
}

/** The project report's rows (`GET /dashboards/projects`), by project name. */
export async function projectReport(scope: Scope, filter: DashboardFilter, visibility: Visibility) {
  const t = await totals(scope.db, 'project', filter);
  if (t.keys.length === 0) return [];
  const [team] = await scope.db.select({ name: teams.name }).from(teams).where(eq(teams.id, scope.teamId));
  const rows = await scope.db
    .select({
      id: projects.id,
      name: projects.name,
      status: projects.status,
      billing: projects.billing,
      clientId: clients.id,
      clientName: clients.name,
    })
    .from(projects)
    .leftJoin(clients, and(eq(clients.id, projects.clientId), scope.mine(clients)))
    .where(scope.where(projects, inArray(projects.id, t.keys)));
  return rows
    .map((p) => ({
      projectId: prefixed(p.id),
      projectName: p.name,
      projectStatus: p.status,
      workspaceId: `ev:${scope.teamId}`,
      workspaceName: team?.name ?? '',
      clientId: p.clientId,
      clientName: p.clientName,
      billingType: p.billing.type,
      ...metrics(t.time.get(p.id), t.expenses.get(p.id), visibility),
    }))
    .sort(
      byName(
        (r) => r.projectName,
        (r) => r.projectId,
      ),
    );
}

/** The user report's rows (`GET /dashboards/users`), by name: time, expenses and time off. */
export async function userReport(scope: Scope, filter: DashboardFilter, visibility: Visibility) {
  const [t, off] = await Promise.all([totals(scope.db, 'user', filter), timeOffTotals(scope.db, filter)]);
  const offByUser = new Map(off.map((o) => [o.key, o]));
  const keys = [...new Set([...t.keys, ...offByUser.keys()])];
  if (keys.length === 0) return [];
  const rows = await scope.db
    .select()
    .from(users)
    .where(scope.where(users, inArray(users.id, keys)));
  return rows
    .map((u) => {
      const o = offByUser.get(u.id);
      return {
        memberId: u.id,
        memberName: u.name,
        memberHeadline: u.headline,
        memberAvatarUrl: u.avatarUrl,
        memberStatus: u.status,
        ...metrics(t.time.get(u.id), t.expenses.get(u.id), visibility),
        timeOffTime: o?.timeOffTime ?? 0,
        timeOffDays: o?.timeOffDays ?? 0,
        ...(visibility === 'all' ? { costsTimeOff: o?.costsTimeOff ?? 0 } : {}),
      };
    })
    .sort(
      byName(
        (r) => r.memberName,
        (r) => r.memberId,
      ),
    );
}
