import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { autoLockRoutes } from '../../../contract/auto-lock-routes.ts';
import { noAutoLock } from '../../../contract/auto-lock.ts';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { teams, weekUnlocks } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { requireAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { toDateTime } from '../../lib/time.ts';
import { auditCaller, auditTeamSetting, changedFields, recordAudit } from '../audit/record.ts';
import { resolve } from './approvals.ts';

/** The team's automatic lock (every member reads it, admins set it), and an admin opening a person's week again. */
export function registerAutoLockRoutes(app: Hono<AppEnv>) {
  register(app, autoLockRoutes.getTeam, async (c) => {
    const scope = c.get('scope');
    const [team] = await scope.db.select({ autoLock: teams.autoLock }).from(teams).where(eq(teams.id, scope.teamId));
    return team?.autoLock ?? noAutoLock;
  });

  register(app, autoLockRoutes.putTeam, async (c, { body }, caller) => {
    requireAdmin(caller);
    await c.get('scope').tx(async (scope) => {
      const [prev] = await scope.db.select({ autoLock: teams.autoLock }).from(teams).where(eq(teams.id, scope.teamId)).for('update');
      await scope.db.update(teams).set({ autoLock: body }).where(eq(teams.id, scope.teamId));
      const diff = changedFields({ ...noAutoLock, ...prev?.autoLock }, body, ['afterDays', 'before', 'weeklyOn']);
      await auditTeamSetting(scope.db, auditCaller(c, caller), caller.team, 'team.auto_lock_changed', diff);
    });
    return body;
  });

  register(app, autoLockRoutes.unlock, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    const now = c.get('deps').clock();
    return c.get('scope').tx(async (scope) => {
      const t = await resolve(scope, caller, params.timesheet_id);
      // Opening it again replaces the reason of an earlier opening: the audit log keeps both.
      const [row] = await scope.db
        .insert(weekUnlocks)
        .values({ teamId: scope.teamId, userId: t.userId, weekId: t.weekId, reason: body.reason, unlockedBy: caller.user.id, createdAt: now })
        .onConflictDoUpdate({
          target: [weekUnlocks.userId, weekUnlocks.weekId],
          set: { reason: sql`excluded.reason`, unlockedBy: sql`excluded.unlocked_by`, createdAt: sql`excluded.created_at` },
        })
        .returning();
      const id = timesheetId(t.userId, t.weekId);
      await recordAudit(scope.db, auditCaller(c, caller), {
        kind: 'week.unlocked',
        subject: { type: 'timesheet', id, name: `${t.ownerName}, week ${String(t.weekId).padStart(4, '0')}` },
        before: null,
        after: { reason: body.reason, from: t.from, to: t.to },
      });
      return { timesheetId: id, user: t.userId, weekId: t.weekId, reason: row!.reason, unlockedBy: caller.user.id, createdAt: toDateTime(row!.createdAt) };
    });
  });
}
