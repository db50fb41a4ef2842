import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { teamSecurityRoutes } from '../../../contract/team-security.ts';
import { userRoutes } from '../../../contract/users.ts';
import { teams, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/env.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { isAdmin, requireAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { auditCaller, recordAudit } from '../audit/record.ts';
import { auditUserChange } from './audit.ts';
import { changeRates, ratePeriods, type RatePeriod } from './rates.ts';
import { issueInvitation, registerInvitationRoutes } from './invitations.ts';
import { createUser, isLastAdmin, presentUser, type Visibility } from './service.ts';

export function registerUserRoutes(app: Hono<AppEnv>) {
  registerInvitationRoutes(app);
  register(app, userRoutes.me, async (c, _in, caller) => {
    // Signed in with the API key, the caller sent it: no need to decrypt the stored copy.
    const apiKey = caller.credential.kind === 'apiKey' ? (c.req.header('x-api-key') ?? '') : c.get('deps').secrets.decrypt(caller.user.apiKeyEnc);
    return presentUser(caller.user, 'self', { team: caller.team, apiKey, viewerIsAdmin: isAdmin(caller) });
  });

  register(app, userRoutes.updateMe, async (c, { body }, caller) => {
    const [row] = await c.get('deps').db.update(users).set({ locale: body.locale }).where(eq(users.id, caller.user.id)).returning();
    if (!row) throw notFound('User');
    // The caller is kept resolved for a moment (AUTH_CACHE_MS): the next GET /users/me must show the new language.
    c.get('deps').authCache?.invalidate({ user: row.id });
    return presentUser(row, 'self', { team: caller.team, viewerIsAdmin: isAdmin(caller) });
  });

  register(app, userRoutes.teamUsers, async (c, _in, caller) => {
    const rows = await c.get('scope').db.select().from(users).where(c.get('scope').where(users)).orderBy(asc(users.name), asc(users.id));
    const vis: Visibility = caller.user.role === 'admin' ? 'admin' : caller.user.role === 'supervisor' ? 'supervisor' : 'names';
    // Admins see each user's rates over time.
    const periods = new Map<number, RatePeriod[]>();
    if (vis === 'admin') for (const p of await ratePeriods(c.get('scope'))) periods.set(p.userId, [...(periods.get(p.userId) ?? []), p]);
    return rows.map((u) => presentUser(u, vis, { rates: periods.get(u.id) ?? [] }));
  });

  register(app, userRoutes.invite, async (c, { body }, caller) => {
    requireAdmin(caller);
    const deps = c.get('deps');
    // The user and their invitation are created together: an invited user always has a link to accept.
    return deps.db.transaction(async (tx) => {
      const { row, apiKey } = await createUser(tx as Db, deps.secrets, { ...body, teamId: caller.team.id, status: 'invited' });
      return { ...presentUser(row, 'admin', { rates: [] }), apiKey, ...(await issueInvitation(deps, tx as Db, row)) };
    });
  });

  register(app, userRoutes.reinvite, async (c, { params }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    const target = await scope.byId(users, params.user_id);
    if (!target) throw notFound('User');
    if (target.status !== 'invited') throw unprocessable(`${target.name} is not waiting for an invitation (their status is ${target.status})`);
    return issueInvitation(c.get('deps'), scope.db, target);
  });

  register(app, teamSecurityRoutes.teamSecurity, async (c, _in, caller) => {
    requireAdmin(caller);
    const [row] = await c.get('deps').db.select({ requireTwoFactor: teams.requireTwoFactor }).from(teams).where(eq(teams.id, caller.team.id));
    return { requireTwoFactor: row?.requireTwoFactor ?? false };
  });

  register(app, teamSecurityRoutes.updateTeamSecurity, async (c, { body }, caller) => {
    requireAdmin(caller);
    const [row] = await c.get('scope').tx(async (scope) => {
      const [prev] = await scope.db.select({ on: teams.requireTwoFactor }).from(teams).where(eq(teams.id, caller.team.id)).for('update');
      const rows = await scope.db
        .update(teams)
        .set({ requireTwoFactor: body.requireTwoFactor })
        .where(eq(teams.id, caller.team.id))
        .returning({ requireTwoFactor: teams.requireTwoFactor });
      if (prev && prev.on !== body.requireTwoFactor) {
        const subject = { type: 'team', id: caller.team.id, name: caller.team.name };
        const change = { before: { requireTwoFactor: prev.on }, after: { requireTwoFactor: body.requireTwoFactor } };
        await recordAudit(scope.db, auditCaller(c, caller), { kind: 'team.security_changed', subject, ...change });
      }
      return rows;
    });
    return { requireTwoFactor: row?.requireTwoFactor ?? body.requireTwoFactor };
  });

  register(app, userRoutes.update, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    const row = await c.get('scope').tx(async (scope) => {
      // Serialises changes to the team's users, so two concurrent demotions cannot remove the last admin.
      await scope.db.select({ id: teams.id }).from(teams).where(eq(teams.id, scope.teamId)).for('update');
      const target = await scope.byId(users, params.user_id);
      if (!target) throw notFound('User');
      const demoting = (body.role !== undefined && body.role !== 'admin') || (body.status !== undefined && body.status !== 'active');
      if (target.role === 'admin' && target.status === 'active' && demoting && (await isLastAdmin(scope.db, scope.teamId, target.id))) {
        const field = body.role !== undefined && body.role !== 'admin' ? 'role' : 'status';
        throw unprocessable('The team needs at least one active admin', { [field]: ['The team needs at least one active admin'] });
      }
      const { rate, cost, effectiveFrom, ...rest } = body;
      const rates = await changeRates(scope, target, { rate, cost, effectiveFrom }, new Date());
      const set = { ...rest, ...rates };
      const [updated] = Object.keys(set).length === 0 ? [target] : await scope.update(users, set, eq(users.id, target.id));
      await auditUserChange(scope.db, auditCaller(c, caller), target, updated!, { rate, cost, effectiveFrom });
      return { user: updated!, periods: await ratePeriods(scope, [target.id]) };
    });
    // A new role or status counts from the next request, in every instance.
    c.get('deps').authCache?.invalidate({ user: row.user.id });
    return presentUser(row.user, 'admin', { rates: row.periods });
  });
}
