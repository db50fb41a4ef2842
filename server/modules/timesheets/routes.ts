import { asc, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import { timesheetRoutes } from '../../../contract/timesheets.ts';
import { dateAtOffset, shiftWeek, weekIdOf, weekRange } from '../../../contract/weeks.ts';
import { users } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { isManager, requireManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { registerTimecardRoutes } from '../timecards/routes.ts';
import { registerTimeOffRoutes } from '../timeoff/routes.ts';
import { registerPlannerRoutes } from '../planner/routes.ts';
import { discardWeek, presentApprovals, reviewWeek, submitWeek } from './approvals.ts';
import { buildTimesheets } from './weeks.ts';
import { notifierFor } from '../notifications/emit.ts';
import { auditCaller } from '../audit/record.ts';
import { registerAutoLockRoutes } from './auto-lock-routes.ts';

const DEFAULT_WEEKS = 10;

/** Weekly timesheets and approvals; timecards and time off register from here too. */
export function registerTimesheetRoutes(app: Hono<AppEnv>) {
  register(app, timesheetRoutes.userWeeks, async (c, { params, query }, caller) => {
    const scope = c.get('scope');
    const user = await scope.byId(users, params.user_id);
    if (!user) throw notFound('User');
    if (user.id !== caller.user.id && !isManager(caller)) throw forbidden("Only admins and supervisors can read others' timesheets");
    const now = c.get('deps').clock();
    const weekStart = caller.team.weekStart;
    let weeks: number[];
    if (query.weekId !== undefined) weeks = [query.weekId];
    else {
      const to = query.to ?? dateAtOffset(now, user.timezone);
      if (query.from && query.from > to) throw invalid('from', 'Must not be after to');
      const limit = query.limit ?? DEFAULT_WEEKS;
      weeks = [];
      for (let w = weekIdOf(to, weekStart); weeks.length < limit; w = shiftWeek(w, -1)) {
        if (query.from && weekRange(w, weekStart).to < query.from) break;
        weeks.push(w);
      }
    }
    return buildTimesheets(scope, caller, [user.id], weeks, now);
  });

  register(app, timesheetRoutes.teamWeek, async (c, { query }, caller) => {
    requireManager(caller);
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const weekId = query.weekId ?? weekIdOf(dateAtOffset(now, caller.user.timezone), caller.team.weekStart);
    const members = await scope.db.select({ id: users.id }).from(users).where(scope.where(users, ne(users.status, 'removed'))).orderBy(asc(users.id));
    return buildTimesheets(
      scope,
      caller,
      members.map((m) => m.id),
      [weekId],
      now,
    );
  });

  register(app, timesheetRoutes.submit, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const row = await submitWeek(scope, caller, params.timesheet_id, body, c.get('deps').clock(), notifierFor(c.get('deps')));
    return (await presentApprovals(scope, [row]))[0]!;
  });

  register(app, timesheetRoutes.review, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const deps = c.get('deps');
    const row = await reviewWeek(scope, caller, params.timesheet_id, body, deps.clock(), notifierFor(deps), auditCaller(c, caller));
    return (await presentApprovals(scope, [row]))[0]!;
  });

  register(app, timesheetRoutes.discard, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const row = await discardWeek(scope, caller, params.timesheet_id, body.comment, c.get('deps').clock());
    return (await presentApprovals(scope, [row]))[0]!;
  });

  registerTimecardRoutes(app);
  registerAutoLockRoutes(app);
  registerTimeOffRoutes(app);
  registerPlannerRoutes(app);
}
