import { asc, eq, gte, lte } from 'drizzle-orm';
import type { Hono } from 'hono';
import { timeOffRoutes } from '../../../contract/timeoff.ts';
import { allocations, timeOffTypes } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { isManager, requireAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { presentAllocations } from './present.ts';
import { checkType, teamUser } from './rules.ts';

/** Time-off types and allocations (balances): admins manage, everyone reads what the role allows. */
export function registerBalanceRoutes(app: Hono<AppEnv>) {
  register(app, timeOffRoutes.listTypes, async (c) => {
    const rows = await c
      .get('scope')
      .db.select()
      .from(timeOffTypes)
      .where(c.get('scope').mine(timeOffTypes))
      .orderBy(asc(timeOffTypes.name), asc(timeOffTypes.id));
    return rows.map(presentType);
  });

  register(app, timeOffRoutes.createType, async (c, { body }, caller) => {
    requireAdmin(caller);
    return presentType(await c.get('scope').insert(timeOffTypes, body));
  });

  register(app, timeOffRoutes.updateType, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    const [row] = Object.keys(body).length
      ? await scope.update(timeOffTypes, body, eq(timeOffTypes.id, params.id))
      : [await scope.byId(timeOffTypes, params.id)];
    if (!row) throw notFound('Time-off type');
    return presentType(row);
  });

  register(app, timeOffRoutes.removeType, async (c, { params }, caller) => {
    requireAdmin(caller);
    const deleted = await c.get('scope').delete(timeOffTypes, eq(timeOffTypes.id, params.id));
    if (deleted.length === 0) throw notFound('Time-off type');
  });

  register(app, timeOffRoutes.listAllocations, async (c, { query }, caller) => {
    const scope = c.get('scope');
    if (query.user !== undefined && query.user !== caller.user.id && !isManager(caller))
      throw forbidden("Only admins and supervisors can read others' allocations");
    const userFilter = isManager(caller) ? query.user : caller.user.id;
    const rows = await scope.db
      .select()
      .from(allocations)
      .where(
        scope.where(
          allocations,
          userFilter !== undefined ? eq(allocations.userId, userFilter) : undefined,
          query.timeOffType !== undefined ? eq(allocations.typeId, query.timeOffType) : undefined,
          query.to ? lte(allocations.startDate, query.to) : undefined,
          query.from ? gte(allocations.endDate, query.from) : undefined,
        ),
      )
      .orderBy(asc(allocations.startDate), asc(allocations.id));
    return presentAllocations(scope, rows, c.get('deps').clock(), caller.user.timezone);
  });

  register(app, timeOffRoutes.createAllocation, async (c, { body }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    await teamUser(scope, body.user);
    await checkType(scope, body.timeOffType);
    const { user, timeOffType, ...rest } = body;
    const row = await scope.insert(allocations, {
      ...rest,
      userId: user,
      typeId: timeOffType,
      createdBy: caller.user.id,
      createdAt: c.get('deps').clock(),
    });
    return (await presentAllocations(scope, [row], c.get('deps').clock(), caller.user.timezone))[0]!;
  });

  register(app, timeOffRoutes.updateAllocation, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    const current = await scope.byId(allocations, params.id);
    if (!current) throw notFound('Allocation');
    if (body.user !== undefined) await teamUser(scope, body.user);
    if (body.timeOffType !== undefined) await checkType(scope, body.timeOffType);
    const { user, timeOffType, ...rest } = body;
    const next = {
      ...rest,
      ...(user !== undefined ? { userId: user } : {}),
      ...(timeOffType !== undefined ? { typeId: timeOffType } : {}),
    };
    if ((next.endDate ?? current.endDate) < (next.startDate ?? current.startDate))
      throw invalid('endDate', 'Must not be before the start date');
    const [row] = Object.keys(next).length ? await scope.update(allocations, next, eq(allocations.id, current.id)) : [current];
    if (!row) throw notFound('Allocation');
    return (await presentAllocations(scope, [row], c.get('deps').clock(), caller.user.timezone))[0]!;
  });

  register(app, timeOffRoutes.removeAllocation, async (c, { params }, caller) => {
    requireAdmin(caller);
    const deleted = await c.get('scope').delete(allocations, eq(allocations.id, params.id));
    if (deleted.length === 0) throw notFound('Allocation');
  });
}

const presentType = (t: typeof timeOffTypes.$inferSelect) => ({
  id: t.id,
  name: t.name,
  color: t.color,
  paid: t.paid,
  description: t.description,
});
