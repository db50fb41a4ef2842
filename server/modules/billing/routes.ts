import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { roundingRoutes } from '../../../contract/rounding-routes.ts';
import { teams } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { requireAdmin, requireManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { auditCaller, auditTeamSetting, changedFields } from '../audit/record.ts';

/** The team's billing rounding rule: admins and supervisors read it, admins set it. */
export function registerBillingRoutes(app: Hono<AppEnv>) {
  register(app, roundingRoutes.getTeam, async (c, _in, caller) => {
    requireManager(caller);
    const scope = c.get('scope');
    const [team] = await scope.db.select({ rounding: teams.rounding }).from(teams).where(eq(teams.id, scope.teamId));
    return { rounding: team?.rounding ?? null };
  });

  register(app, roundingRoutes.putTeam, async (c, { body }, caller) => {
    requireAdmin(caller);
    await c.get('scope').tx(async (scope) => {
      const [prev] = await scope.db.select({ rounding: teams.rounding }).from(teams).where(eq(teams.id, scope.teamId)).for('update');
      await scope.db.update(teams).set({ rounding: body.rounding }).where(eq(teams.id, scope.teamId));
      const diff = changedFields({ rounding: prev?.rounding ?? null }, { rounding: body.rounding }, ['rounding']);
      await auditTeamSetting(scope.db, auditCaller(c, caller), caller.team, 'team.rounding_changed', diff);
    });
    return { rounding: body.rounding };
  });
}
