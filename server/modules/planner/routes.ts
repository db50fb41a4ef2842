import { asc, eq, gte, lte } from 'drizzle-orm';
import type { Hono } from 'hono';
import { plannerRoutes, projectOnlyFields, timeOffOnlyFields, type Assignment, type UpdateAssignmentBody } from '../../../contract/planner.ts';
import { timeOff } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { forbidden, invalid, notFound } from '../../http/errors.ts';
import { isManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { presentTimeOff } from '../timeoff/present.ts';
import { notifierFor } from '../notifications/emit.ts';
import { createTimeOff, findVisibleTimeOff, removeTimeOff, updateTimeOff } from '../timeoff/service.ts';
import {
  createProjectAssignment,
  findVisibleProjectAssignment,
  listProjectAssignments,
  presentProjectAssignment,
  removeProjectAssignment,
  updateProjectAssignment,
} from './service.ts';

/** 422 naming the first field of the body that belongs to the other kind of assignment. */
function refuseOtherKind(body: UpdateAssignmentBody, kind: 'project' | 'time-off') {
  if (body.type !== undefined && body.type !== kind) throw invalid('type', `This assignment is of type ${kind}; its type cannot change`);
  const foreign = kind === 'project' ? timeOffOnlyFields : projectOnlyFields;
  const field = foreign.find((f) => body[f] !== undefined);
  if (field) throw invalid(field, `A ${kind === 'project' ? 'project assignment' : 'time off'} has no ${field}`);
}

async function findAssignment(scope: Scope, caller: Caller, id: number) {
  const off = await findVisibleTimeOff(scope, caller, id);
  if (off) return { kind: 'time-off' as const, off };
  const planned = await findVisibleProjectAssignment(scope, caller, id);
  if (planned) return { kind: 'project' as const, planned };
  throw notFound('Assignment');
}

const byStart = (a: Assignment, b: Assignment) => a.startDate.localeCompare(b.startDate) || a.id - b.id;

/** The schedule: project assignments and time off behind one set of routes. */
export function registerPlannerRoutes(app: Hono<AppEnv>) {
  register(app, plannerRoutes.create, async (c, { body }, caller) => {
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    if (body.type === 'project') return presentProjectAssignment(await createProjectAssignment(scope, caller, body, now));
    return (await presentTimeOff(scope, [await createTimeOff(scope, caller, body, now, notifierFor(c.get('deps')))]))[0]!;
  });

  register(app, plannerRoutes.list, async (c, { query }, caller) => {
    const scope = c.get('scope');
    if (query.user !== undefined && query.user !== caller.user.id && !isManager(caller))
      throw forbidden("Only admins and supervisors can read others' assignments");
    const userId = isManager(caller) ? query.user : caller.user.id;
    const projectsOnly = query.type === 'project' || query.type === 'assignment' || query.project !== undefined || query.task !== undefined || query.client !== undefined;
    const offOnly = query.type === 'time-off' || query.status !== undefined;
    const out: Assignment[] = [];
    if (!offOnly) out.push(...(await listProjectAssignments(scope, { ...query, userId })).map(presentProjectAssignment));
    if (!projectsOnly) {
      const rows = await scope.db
        .select()
        .from(timeOff)
        .where(
          scope.where(
            timeOff,
            userId !== undefined ? eq(timeOff.userId, userId) : undefined,
            query.status ? eq(timeOff.status, query.status) : undefined,
            query.to ? lte(timeOff.startDate, query.to) : undefined,
            query.from ? gte(timeOff.endDate, query.from) : undefined,
          ),
        )
        .orderBy(asc(timeOff.startDate), asc(timeOff.id));
      out.push(...(await presentTimeOff(scope, rows)));
    }
    return out.sort(byStart);
  });

  register(app, plannerRoutes.update, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const found = await findAssignment(scope, caller, params.id);
    if (found.kind === 'project') {
      refuseOtherKind(body, 'project');
      return presentProjectAssignment(await updateProjectAssignment(scope, caller, found.planned, body));
    }
    refuseOtherKind(body, 'time-off');
    const row = await updateTimeOff(scope, caller, found.off, body, c.get('deps').clock(), notifierFor(c.get('deps')));
    return (await presentTimeOff(scope, [row]))[0]!;
  });

  register(app, plannerRoutes.remove, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const found = await findAssignment(scope, caller, params.id);
    if (found.kind === 'project') await removeProjectAssignment(scope, caller, found.planned);
    else await removeTimeOff(scope, caller, found.off, c.get('deps').clock());
  });
}
