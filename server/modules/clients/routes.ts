import { asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { BudgetInput } from '../../../contract/budgets.ts';
import { clientRoutes, type Client } from '../../../contract/clients.ts';
import { clients, invoices, projects, type StoredBudget } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv, Caller } from '../../http/env.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { isManager, requireAdmin, requireRole } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { toDateTime } from '../../lib/time.ts';
import { presentClientBudget } from '../budgets/progress.ts';
import { escapeLike } from '../../lib/sql.ts';
import { parsePrefixedId, prefixed } from '../../lib/ids.ts';
import { emitEvent } from '../webhooks/outbox.ts';
import { auditCaller, recordAudit } from '../audit/record.ts';

type ClientRow = typeof clients.$inferSelect;

export const toStoredBudget = (b: BudgetInput & { showToUsers?: boolean }): StoredBudget => ({
  type: b.type,
  budget: b.budget,
  period: b.period,
  appliedFrom: b.period === 'general' ? (b.appliedFrom ?? null) : null,
  disallowOverbudget: b.disallowOverbudget,
  excludeUnbillableTime: b.excludeUnbillableTime,
  excludeExpenses: b.excludeExpenses,
  threshold: b.threshold ?? null,
  ...(b.showToUsers !== undefined ? { showToUsers: b.showToUsers } : {}),
});

/** Clients as `caller` may see them (also the client of an invoice). */
export async function presentClients(scope: Scope, caller: Caller, rows: ClientRow[], now: Date): Promise<Client[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await scope.db.select({ id: projects.id, clientId: projects.clientId }).from(projects).where(scope.where(projects, inArray(projects.clientId, ids))).orderBy(asc(projects.id))
    : [];
  const full = isManager(caller);
  return Promise.all(
    rows.map(async (r) => {
      const c: Client = {
        id: r.id,
        name: r.name,
        projects: links.filter((l) => l.clientId === r.id).map((l) => prefixed(l.id)),
        status: r.status,
        createdAt: toDateTime(r.createdAt),
      };
      if (!full) return c;
      c.businessDetails = r.businessDetails;
      const budget = await presentClientBudget(scope, r.id, r.budget ?? null, now);
      if (budget) c.budget = budget;
      return c;
    }),
  );
}

/** Makes `projectIds` exactly the client's projects; a project of another client is refused. */
async function linkProjects(scope: Scope, clientId: number, projectIds: string[]) {
  const ids = [...new Set(projectIds.map(parsePrefixedId))];
  const found = ids.length ? await scope.list(projects, inArray(projects.id, ids)) : [];
  const errors: string[] = [];
  for (const id of ids) {
    const p = found.find((f) => f.id === id);
    if (!p) errors.push(`Project ${prefixed(id)} does not exist`);
    else if (p.clientId !== null && p.clientId !== clientId) errors.push(`Project ${prefixed(id)} already belongs to another client`);
  }
  if (errors.length) throw unprocessable(errors[0]!, { projects: errors });
  await scope.update(projects, { clientId: null }, eq(projects.clientId, clientId));
  if (ids.length) await scope.update(projects, { clientId }, inArray(projects.id, ids));
}

/** Presents the client inside the change's transaction and records its webhook event there. */
async function presentAndEmit(s: Scope, caller: Caller, row: ClientRow, now: Date, kind: 'api:client:created' | 'api:client:updated'): Promise<Client> {
  const client = (await presentClients(s, caller, [row], now))[0]!;
  await emitEvent(s, { kind, actorId: caller.user.id, resourceId: String(row.id), resource: client, projectId: null, projects: client.projects, users: [] });
  return client;
}

async function load(scope: Scope, id: number) {
  const row = await scope.byId(clients, id);
  if (!row) throw notFound('Client');
  return row;
}

export function registerClientRoutes(app: Hono<AppEnv>) {
  const readers = ['admin', 'supervisor', 'member'] as const;

  register(app, clientRoutes.list, async (c, { query }, caller) => {
    requireRole(caller, readers);
    const scope = c.get('scope');
    const q = query.query?.trim();
    const rows = await scope.db
      .select()
      .from(clients)
      .where(scope.where(clients, q ? ilike(clients.name, `%${escapeLike(q)}%`) : undefined))
      .orderBy(asc(clients.name), asc(clients.id));
    return presentClients(scope, caller, rows, c.get('deps').clock());
  });

  register(app, clientRoutes.get, async (c, { params }, caller) => {
    requireRole(caller, readers);
    const scope = c.get('scope');
    return (await presentClients(scope, caller, [await load(scope, params.client_id)], c.get('deps').clock()))[0]!;
  });

  register(app, clientRoutes.create, async (c, { body }, caller) => {
    requireAdmin(caller);
    return c.get('scope').tx(async (s) => {
      const created = await s.insert(clients, { name: body.name, businessDetails: body.businessDetails });
      await linkProjects(s, created.id, body.projects);
      return presentAndEmit(s, caller, created, c.get('deps').clock(), 'api:client:created');
    });
  });

  register(app, clientRoutes.update, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    return c.get('scope').tx(async (s) => {
      await load(s, params.client_id);
      const { projects: projectIds, ...fields } = body;
      const [updated] = Object.keys(fields).length ? await s.update(clients, fields, eq(clients.id, params.client_id)) : [await load(s, params.client_id)];
      if (projectIds) await linkProjects(s, params.client_id, projectIds);
      return presentAndEmit(s, caller, updated!, c.get('deps').clock(), 'api:client:updated');
    });
  });

  register(app, clientRoutes.remove, async (c, { params }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    // Invoices keep their client: one with invoices is archived instead (the foreign key also refuses).
    if (await scope.first(invoices, eq(invoices.clientId, params.client_id))) {
      const message = 'The client has invoices; archive it instead of deleting it';
      throw unprocessable(message, { client: [message] });
    }
    await scope.tx(async (s) => {
      const [deleted] = await s.delete(clients, eq(clients.id, params.client_id));
      if (!deleted) throw notFound('Client');
      await recordAudit(s.db, auditCaller(c, caller), { kind: 'client.deleted', subject: { type: 'client', id: deleted.id, name: deleted.name } });
    });
  });

  register(app, clientRoutes.setBudget, async (c, { params, body }, caller) => {
    requireAdmin(caller);
    return c.get('scope').tx(async (s) => {
      const [row] = await s.update(clients, { budget: toStoredBudget(body) }, eq(clients.id, params.client_id));
      if (!row) throw notFound('Client');
      return presentAndEmit(s, caller, row, c.get('deps').clock(), 'api:client:updated');
    });
  });

  register(app, clientRoutes.removeBudget, async (c, { params }, caller) => {
    requireAdmin(caller);
    return c.get('scope').tx(async (s) => {
      const [row] = await s.update(clients, { budget: null }, eq(clients.id, params.client_id));
      if (!row) throw notFound('Client');
      return presentAndEmit(s, caller, row, c.get('deps').clock(), 'api:client:updated');
    });
  });
}
