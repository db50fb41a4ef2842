import { and, asc, count, eq, or } from 'drizzle-orm';
import type { Hono } from 'hono';
import { reportTabsFor } from '../../../contract/report-tabs.ts';
import { MAX_SAVED_REPORTS, savedReportRoutes, type SavedReport, type SavedReportBody } from '../../../contract/saved-reports.ts';
import { clients, projects, savedReports, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { ApiError, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { isAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { parsePrefixedId } from '../../lib/ids.ts';
import { toDateTime } from '../../lib/time.ts';

type Row = typeof savedReports.$inferSelect;

const present = (r: Row): SavedReport => ({
  id: r.id,
  name: r.name,
  tab: r.tab,
  period: r.period,
  filters: r.filters,
  shared: r.shared,
  owner: r.ownerId,
  createdAt: toDateTime(r.createdAt),
  updatedAt: toDateTime(r.updatedAt),
});

/** The caller may open the tab (members only People, limited members none), or 403. */
function requireTab(caller: Caller, tab: SavedReportBody['tab']) {
  if (!reportTabsFor(caller.user.role).includes(tab)) throw forbidden(`You cannot open the ${tab} report`);
}

/** The filters name a client, project and person of the caller's team, or 422 naming the field. */
async function checkFilters(scope: Scope, body: SavedReportBody) {
  const { client, project, person } = body.filters;
  const absent = async (table: typeof clients | typeof projects | typeof users, id: number | undefined, field: string, message: string) =>
    id !== undefined && !(await scope.byId(table, id)) ? [[`filters.${field}`, [message]] as [string, string[]]] : [];
  const errors = Object.fromEntries(
    (
      await Promise.all([
        absent(clients, client, 'client', 'No such client'),
        absent(projects, project === undefined ? undefined : parsePrefixedId(project), 'project', 'No such project'),
        absent(users, person, 'person', 'No such person'),
      ])
    ).flat(),
  );
  if (Object.keys(errors).length) throw unprocessable('The filters name what is not in the team', errors);
}

/** A saved report the caller can see (theirs, or shared in a tab they may open), or 404. */
async function visible(scope: Scope, caller: Caller, id: number): Promise<Row> {
  const row = await scope.byId(savedReports, id);
  if (!row || (row.ownerId !== caller.user.id && !(row.shared && reportTabsFor(caller.user.role).includes(row.tab))))
    throw notFound('Saved report');
  return row;
}

/**
 * Saved reports: a tab of the Reports screen with its range and filters under a name. Each person keeps their
 * own (at most MAX_SAVED_REPORTS) and may share them; a shared report lists for those who may open its tab,
 * who see in it only what they may see.
 */
export function registerSavedReportRoutes(app: Hono<AppEnv>) {
  register(app, savedReportRoutes.list, async (c, _input, caller) => {
    const scope = c.get('scope');
    const tabs = reportTabsFor(caller.user.role);
    const rows = await scope.db
      .select()
      .from(savedReports)
      .where(scope.where(savedReports, or(eq(savedReports.ownerId, caller.user.id), eq(savedReports.shared, true))))
      .orderBy(asc(savedReports.name), asc(savedReports.id));
    return rows.filter((r) => r.ownerId === caller.user.id || tabs.includes(r.tab)).map(present);
  });

  register(app, savedReportRoutes.create, async (c, { body }, caller) => {
    requireTab(caller, body.tab);
    const now = c.get('deps').clock();
    return c.get('scope').tx(async (scope) => {
      await checkFilters(scope, body);
      // One person's saves in a row: the count below holds under concurrent saves.
      await scope.db
        .select({ id: users.id })
        .from(users)
        .where(scope.where(users, eq(users.id, caller.user.id)))
        .for('update');
      const [kept] = await scope.db
        .select({ n: count() })
        .from(savedReports)
        .where(scope.where(savedReports, eq(savedReports.ownerId, caller.user.id)));
      if ((kept?.n ?? 0) >= MAX_SAVED_REPORTS) throw new ApiError(409, `You keep ${MAX_SAVED_REPORTS} saved reports: delete one first`);
      const [row] = await scope.db
        .insert(savedReports)
        .values({ teamId: scope.teamId, ownerId: caller.user.id, ...body, createdAt: now, updatedAt: now })
        .returning();
      return present(row!);
    });
  });

  register(app, savedReportRoutes.update, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const row = await visible(scope, caller, params.report_id);
    if (row.ownerId !== caller.user.id) throw forbidden('Only the person who saved this report changes it');
    requireTab(caller, body.tab);
    await checkFilters(scope, body);
    const [saved] = await scope.db
      .update(savedReports)
      .set({ ...body, updatedAt: c.get('deps').clock() })
      .where(scope.where(savedReports, and(eq(savedReports.id, row.id), eq(savedReports.ownerId, caller.user.id))))
      .returning();
    if (!saved) throw notFound('Saved report');
    return present(saved);
  });

  register(app, savedReportRoutes.remove, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const row = await visible(scope, caller, params.report_id);
    if (row.ownerId !== caller.user.id && !(row.shared && isAdmin(caller)))
      throw forbidden('Only the person who saved this report, or an admin when it is shared, deletes it');
    await scope.db.delete(savedReports).where(scope.where(savedReports, eq(savedReports.id, row.id)));
  });
}
