import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
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

/** A saved report as the API answers it; whom it is emailed to only for its owner. */
const present = (r: Row, callerId: number): SavedReport => ({
  id: r.id,
  name: r.name,
  tab: r.tab,
  period: r.period,
  filters: r.filters,
  shared: r.shared,
  email: r.ownerId === callerId ? (r.email ?? null) : null,
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

/**
 * The people a report is emailed to are active people of the team who may open its tab; others than its owner
 * only when it is shared (the list of shared reports is who may know of it). Else 422 on `email.to`.
 */
async function checkRecipients(scope: Scope, ownerId: number, body: SavedReportBody) {
  if (!body.email) return;
  const ids = body.email.to;
  const found = await scope.db
    .select({ id: users.id, role: users.role, name: users.name })
    .from(users)
    .where(scope.where(users, inArray(users.id, ids), eq(users.status, 'active')));
  const byId = new Map(found.map((u) => [u.id, u]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw unprocessable('The report cannot be sent to everyone chosen', { 'email.to': [`No active person with id ${missing.join(', ')} in the team`] });
  const barred = found.filter((u) => !reportTabsFor(u.role).includes(body.tab));
  if (barred.length)
    throw unprocessable('The report cannot be sent to everyone chosen', {
      'email.to': [`${barred.map((u) => u.name).join(', ')} cannot open the ${body.tab} report`],
    });
  const others = body.filters.person;
  const notTheirs = found.filter((u) => u.role === 'member' && others !== undefined && others !== u.id);
  if (notTheirs.length)
    throw unprocessable('The report cannot be sent to everyone chosen', {
      'email.to': [`${notTheirs.map((u) => u.name).join(', ')} may see only their own time, and the report is someone else's`],
    });
  if (!body.shared && ids.some((id) => id !== ownerId))
    throw unprocessable('The report cannot be sent to everyone chosen', { 'email.to': ['Share the report to send it to others than you'] });
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
    return rows.filter((r) => r.ownerId === caller.user.id || tabs.includes(r.tab)).map((r) => present(r, caller.user.id));
  });

  register(app, savedReportRoutes.create, async (c, { body }, caller) => {
    requireTab(caller, body.tab);
    const now = c.get('deps').clock();
    return c.get('scope').tx(async (scope) => {
      await checkFilters(scope, body);
      await checkRecipients(scope, caller.user.id, body);
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
      return present(row!, caller.user.id);
    });
  });

  register(app, savedReportRoutes.update, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const row = await visible(scope, caller, params.report_id);
    if (row.ownerId !== caller.user.id) throw forbidden('Only the person who saved this report changes it');
    requireTab(caller, body.tab);
    await checkFilters(scope, body);
    await checkRecipients(scope, caller.user.id, body);
    const [saved] = await scope.db
      .update(savedReports)
      .set({ ...body, updatedAt: c.get('deps').clock() })
      .where(scope.where(savedReports, and(eq(savedReports.id, row.id), eq(savedReports.ownerId, caller.user.id))))
      .returning();
    if (!saved) throw notFound('Saved report');
    return present(saved, caller.user.id);
  });

  register(app, savedReportRoutes.remove, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const row = await visible(scope, caller, params.report_id);
    if (row.ownerId !== caller.user.id && !(row.shared && isAdmin(caller)))
      throw forbidden('Only the person who saved this report, or an admin when it is shared, deletes it');
    await scope.db.delete(savedReports).where(scope.where(savedReports, eq(savedReports.id, row.id)));
  });
}
