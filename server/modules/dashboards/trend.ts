import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { dashboardRoutes, type DashboardTrendPoint, type DashboardTrendQuery } from '../../../contract/dashboards.ts';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { register } from '../../http/route.ts';
import type { DashboardFilter } from './queries.ts';
import { filterFor } from './filter.ts';

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** Which records each report counts: the clients report only time on projects with a client, projects only time on projects. */
const reportRows: Record<DashboardTrendQuery['report'], ReturnType<typeof sql>> = {
  clients: sql`AND p.client_id IS NOT NULL`,
  projects: sql`AND t.project_id IS NOT NULL`,
  users: sql``,
};

/**
 * Time per day or per week (weeks start on `weekStart`, 0 = Sunday) in one `GROUP BY`, split billable /
 * non-billable by the dashboards' rule: billable when the task's project bills (`hourly` or `fixed_fee`)
 * and the task is not `unbillable`; time without a task never is.
 */
export async function trendTotals(
  db: Db,
  f: DashboardFilter,
  opts: { interval: DashboardTrendQuery['interval']; report: DashboardTrendQuery['report']; weekStart: number },
): Promise<DashboardTrendPoint[]> {
  const period =
    opts.interval === 'week' ? sql`(r.date - ((extract(dow FROM r.date)::int - ${opts.weekStart}::int + 7) % 7))` : sql`r.date`;
  const result = await db.execute(sql`
    SELECT ${period}::text AS period,
           sum(r.time) AS time,
           coalesce(sum(r.time) FILTER (WHERE t.id IS NOT NULL AND NOT t.unbillable
                                        AND coalesce(p.billing->>'type', 'non_billable') <> 'non_billable'), 0) AS billable
    FROM time_records r
    LEFT JOIN tasks t ON t.id = r.task_id
    LEFT JOIN projects p ON p.id = t.project_id
    WHERE r.team_id = ${f.teamId}
      ${f.from ? sql`AND r.date >= ${f.from}` : sql``}
      ${f.to ? sql`AND r.date <= ${f.to}` : sql``}
      ${f.projectId !== undefined ? sql`AND t.project_id = ${f.projectId}` : sql``}
      ${f.clientId !== undefined ? sql`AND p.client_id = ${f.clientId}` : sql``}
      ${f.memberId !== undefined ? sql`AND r.user_id = ${f.memberId}` : sql``}
      ${reportRows[opts.report]}
    GROUP BY 1
    ORDER BY 1
  `);
  return rowsOf(result).map((r) => {
    const time = Number(r.time);
    const billableTime = Number(r.billable);
    return { date: String(r.period), time, billableTime, nonBillableTime: time - billableTime };
  });
}

export function registerTrendRoute(app: Hono<AppEnv>) {
  register(app, dashboardRoutes.trend, async (c, { query }, caller) => {
    const scope = c.get('scope');
    const { filter } = filterFor(caller, scope.teamId, query);
    const [team] = await scope.db.select({ weekStart: teams.weekStart }).from(teams).where(eq(teams.id, scope.teamId));
    return trendTotals(scope.db, filter, { interval: query.interval, report: query.report, weekStart: team?.weekStart ?? 1 });
  });
}
