import { and, asc, eq, ilike } from 'drizzle-orm';
import type { Hono } from 'hono';
import { projectRoutes } from '../../../contract/projects.ts';
import type { ProjectRounding } from '../../../contract/rounding.ts';
import { projects, type StoredBilling, type StoredRate } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { requireManager } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { escapeLike } from '../../lib/sql.ts';
import { toStoredBudget } from '../clients/routes.ts';
import { budgetUsageByDay } from '../budgets/progress.ts';
import { toDate } from '../../lib/time.ts';
import { loadProjectForRead, loadProjectForWrite, visibleProjectsWhere } from './access.ts';
import { presentProject, presentProjects } from './present.ts';
import { checkProjectRefs, emitProjectEvent, projectHasTime, reloadProject, setProjectUsers, unknownUserIds } from './service.ts';
import { refuseIfTimersRunInProject } from '../tasks/deletion.ts';
import { auditCaller, changedFields, recordAudit } from '../audit/record.ts';

export function registerProjectRoutes(app: Hono<AppEnv>) {
  register(app, projectRoutes.list, async (c, { query }, caller) => {
    const scope = c.get('scope');
    if (query.platform !== undefined && query.platform !== 'ev') return [];
    const words = (query.query ?? '').trim().split(/\s+/).filter(Boolean);
    let q = scope.db
      .select()
      .from(projects)
      .where(and(visibleProjectsWhere(scope, caller), ...words.map((w) => ilike(projects.name, `%${escapeLike(w)}%`))))
      .orderBy(asc(projects.name), asc(projects.id))
      .$dynamic();
    if (query.limit !== undefined) q = q.limit(query.limit).offset(((query.page ?? 1) - 1) * query.limit);
    return presentProjects(scope, caller, await q, c.get('deps').clock());
  });

  register(app, projectRoutes.get, async (c, { params }, caller) => {
    const scope = c.get('scope');
    return presentProject(scope, caller, await loadProjectForRead(scope, caller, params.project_id), c.get('deps').clock());
  });

  register(app, projectRoutes.create, async (c, { body }, caller) => {
    requireManager(caller);
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const row = await scope.tx(async (s) => {
      await checkProjectRefs(s, body);
      const { users, client, ...fields } = body;
      const created = await s.insert(projects, { ...fields, clientId: client ?? null });
      await setProjectUsers(s, created.id, users);
      await emitProjectEvent(s, caller, 'api:project:created', created, now);
      return created;
    });
    return presentProject(scope, caller, row, now);
  });

  register(app, projectRoutes.update, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const row = await scope.tx(async (s) => {
      const current = await loadProjectForWrite(s, caller, params.project_id);
      await checkProjectRefs(s, body);
      const { users, client, ...fields } = body;
      const set = { ...fields, ...(client !== undefined ? { clientId: client } : {}) };
      if (Object.keys(set).length) await s.update(projects, set, eq(projects.id, current.id));
      if (users) await setProjectUsers(s, current.id, users);
      const updated = await reloadProject(s, current.id);
      await emitProjectEvent(s, caller, 'api:project:updated', updated, now);
      return updated;
    });
    return presentProject(scope, caller, row, now);
  });

  register(app, projectRoutes.remove, async (c, { params }, caller) => {
    const now = c.get('deps').clock();
    await c.get('scope').tx(async (s) => {
      const current = await loadProjectForWrite(s, caller, params.project_id);
      if (await projectHasTime(s, current.id)) throw unprocessable('This project has recorded time; archive it instead of deleting it');
      await refuseIfTimersRunInProject(s, current.id);
      await emitProjectEvent(s, caller, 'api:project:removed', current, now);
      await s.delete(projects, eq(projects.id, current.id));
      await recordAudit(s.db, auditCaller(c, caller), { kind: 'project.deleted', subject: { type: 'project', id: params.project_id, name: current.name } });
    });
  });

  register(app, projectRoutes.billing, async (c, { params, body }, caller) => {
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const row = await scope.tx(async (s) => {
      const current = await loadProjectForRead(s, caller, params.project_id);
      if (caller.user.role !== 'admin') throw forbidden('Only admins can change billing, rates and budgets');
      const set: { billing?: StoredBilling; rate?: StoredRate; budget?: ReturnType<typeof toStoredBudget> | null; rounding?: ProjectRounding } = {};
      if (body.rate) {
        const errors: Record<string, string[]> = {};
        for (const key of ['userRateOverrides', 'userCostOverrides'] as const) {
          const unknown = await unknownUserIds(s, Object.keys(body.rate[key]).map(Number));
          if (unknown.length) errors[`rate.${key}`] = unknown.map((id) => `User ${id} is not a member of this team`);
        }
        const fields = Object.keys(errors);
        if (fields.length) throw unprocessable(errors[fields[0]!]![0]!, errors);
        set.rate = {
          type: body.rate.type,
          rate: body.rate.type === 'project_rate' ? (body.rate.rate ?? null) : null,
          userRateOverrides: body.rate.userRateOverrides,
          userCostOverrides: body.rate.userCostOverrides,
        };
      }
      if (body.billing)
        set.billing = { type: body.billing.type, fee: body.billing.type === 'fixed_fee' ? (body.billing.fee ?? null) : null };
      if (body.rounding !== undefined) set.rounding = body.rounding;
      if (body.budget !== undefined) set.budget = body.budget === null ? null : toStoredBudget(body.budget);
      if (Object.keys(set).length) await s.update(projects, set, eq(projects.id, current.id));
      const updated = await reloadProject(s, current.id);
      // What the change altered of billing, rates, budget and rounding (what it left as it was is not repeated).
      const diff = changedFields(current, updated, ['billing', 'rate', 'budget', 'rounding']);
      if (diff.changed)
        await recordAudit(s.db, auditCaller(c, caller), {
          kind: 'project.billing_changed',
          subject: { type: 'project', id: current.id, name: current.name },
          before: diff.before,
          after: diff.after,
        });
      await emitProjectEvent(s, caller, 'api:project:updated', updated, now);
      return updated;
    });
    return presentProject(scope, caller, row, now);
  });

  // Who sees the budget sees its use by day: admins and supervisors, and members when it is shown to users.
  register(app, projectRoutes.budgetUsage, async (c, { params }, caller) => {
    const scope = c.get('scope');
    const now = c.get('deps').clock();
    const row = await loadProjectForRead(scope, caller, params.project_id);
    const manager = caller.user.role === 'admin' || caller.user.role === 'supervisor';
    const b = row.budget;
    if (!b || !(manager || b.showToUsers === true)) throw notFound('Budget');
    const usage = await budgetUsageByDay(scope, { kind: 'project', id: row.id }, b, now);
    return {
      type: b.type,
      budget: b.budget,
      period: b.period,
      from: usage.from ?? usage.days[0]?.date ?? null,
      to: usage.to,
      today: toDate(now),
      fees: usage.fees,
      days: usage.days,
    };
  });
}
