import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';
import { startReceiver, type Receiver } from '../../test/webhook-receiver.ts';

// The audit log through the API: an entry per kind with the right actor and before/after, the filters and
// paging, admins only, one team's entries only, and no way to change or remove an entry.

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let receiver: Receiver;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const log = (as: TestUser, query = '') => t.call('GET', `/audit-log${query}`, { as });
/** The newest entry of `kind` in the admin's team. */
async function latest(kind: string, as: TestUser = r.admin) {
  const res = await log(as, `?kind=${kind}&limit=1`);
  expect(res.status).toBe(200);
  return res.body.items[0];
}

describe('recording', () => {
  it('records role, status and rate changes with before and after', async () => {
    const u = await t.user(r.team.id, 'member', { name: 'Rita Role', rate: 5000, cost: 2000 });
    expect((await t.call('PUT', `/team/users/${u.id}`, { as: r.admin, body: { role: 'supervisor', status: 'removed', rate: 6000 } })).status).toBe(200);
    const role = await latest('user.role_changed');
    expect(role).toMatchObject({
      actor: { id: r.admin.id },
      subject: { type: 'user', id: String(u.id), name: 'Rita Role' },
      before: { role: 'member' },
      after: { role: 'supervisor' },
    });
    expect(role.actor.name).toContain('(API key)');
    expect(await latest('user.status_changed')).toMatchObject({ before: { status: 'active' }, after: { status: 'removed' } });
    expect(await latest('user.rates_changed')).toMatchObject({ before: { rate: 5000, cost: 2000 }, after: { rate: 6000, cost: 2000 } });
    // Nothing changed: nothing recorded.
    const total = (await log(r.admin)).body.total;
    await t.call('PUT', `/team/users/${u.id}`, { as: r.admin, body: { role: 'supervisor' } });
    expect((await log(r.admin)).body.total).toBe(total);
  });

  it('records changes to a project’s billing, rates and budget, and to the team’s rounding, naming only what changed', async () => {
    const project = await t.call('POST', '/projects', { as: r.admin, body: { name: 'Billed Audit' } });
    expect(project.status).toBe(201);
    const id = project.body.id as string;
    const billing = { billing: { type: 'hourly' }, rate: { type: 'project_rate', rate: 9000, userRateOverrides: {}, userCostOverrides: {} } };
    expect((await t.call('PUT', `/projects/${id}/billing`, { as: r.admin, body: billing })).status).toBe(200);
    const entry = await latest('project.billing_changed');
    expect(entry).toMatchObject({ actor: { id: r.admin.id }, subject: { type: 'project', name: 'Billed Audit' } });
    expect(entry.after.rate).toMatchObject({ type: 'project_rate', rate: 9000 });
    expect(Object.keys(entry.after).sort()).toEqual(['billing', 'rate']);
    // The same again changes nothing and records nothing.
    const total = (await log(r.admin)).body.total;
    expect((await t.call('PUT', `/projects/${id}/billing`, { as: r.admin, body: billing })).status).toBe(200);
    expect((await log(r.admin)).body.total).toBe(total);

    const rounding = { mode: 'up', step: 15, per: 'entry' };
    expect((await t.call('PUT', '/team/rounding', { as: r.admin, body: { rounding } })).status).toBe(200);
    expect(await latest('team.rounding_changed')).toMatchObject({ before: { rounding: null }, after: { rounding } });
    await t.call('PUT', '/team/rounding', { as: r.admin, body: { rounding: null } });
  });

  it('records the team’s two-factor rule and an API key rotation (never the key)', async () => {
    expect((await t.call('PUT', '/team/security', { as: r.admin, body: { requireTwoFactor: true } })).status).toBe(200);
    expect(await latest('team.security_changed')).toMatchObject({ before: { requireTwoFactor: false }, after: { requireTwoFactor: true } });
    await t.call('PUT', '/team/security', { as: r.admin, body: { requireTwoFactor: false } });
    const member = await t.user(r.team.id, 'member');
    const rotated = await t.call('POST', '/users/me/api-key', { as: member });
    expect(rotated.status).toBe(200);
    const entry = await latest('api_key.rotated');
    expect(entry).toMatchObject({ actor: { id: member.id }, subject: { type: 'user', id: String(member.id) }, before: null, after: null });
    expect(JSON.stringify(entry)).not.toContain(rotated.body.apiKey);
  });

  it('records deletions of clients, projects, tasks and invoices with their names', async () => {
    const f = fixtures(t);
    const client = await f.client(r.team.id, 'Gone Client');
    expect((await t.call('DELETE', `/clients/${client.id}`, { as: r.admin })).status).toBe(204);
    expect(await latest('client.deleted')).toMatchObject({ actor: { id: r.admin.id }, subject: { type: 'client', id: String(client.id), name: 'Gone Client' } });
    const project = await f.project(r.team.id, { name: 'Gone Project' });
    expect((await t.call('DELETE', `/projects/ev:${project.id}`, { as: r.admin })).status).toBe(204);
    expect(await latest('project.deleted')).toMatchObject({ subject: { type: 'project', id: `ev:${project.id}`, name: 'Gone Project' } });
    const task = await f.task(r.team.id, (await f.project(r.team.id)).id, { name: 'Gone Task' });
    expect((await t.call('DELETE', `/tasks/ev:${task.id}`, { as: r.admin })).status).toBe(204);
    expect(await latest('task.deleted')).toMatchObject({ subject: { type: 'task', id: `ev:${task.id}`, name: 'Gone Task' } });
    const billed = await f.client(r.team.id, 'Billed');
    const invoice = await t.call('POST', `/clients/${billed.id}/invoices`, { as: r.admin, body: { limitDateFrom: '2026-05-01', limitDateTill: '2026-05-31' } });
    expect(invoice.status).toBe(201);
    expect((await t.call('DELETE', `/invoices/${invoice.body.id}`, { as: r.admin })).status).toBe(204);
    expect(await latest('invoice.deleted')).toMatchObject({ subject: { type: 'invoice', id: String(invoice.body.id) } });
  });

  it('records webhook changes without the address’s query', async () => {
    const url = `${receiver.url}/hook?token=secret-token`;
    const created = await t.call('POST', '/hooks', { as: r.admin, body: { targetUrl: url, events: ['api:client:created'] } });
    expect(created.status).toBe(201);
    const entry = await latest('webhook.created');
    expect(entry).toMatchObject({ before: null, after: { events: ['api:client:created'], active: true }, subject: { type: 'webhook', id: String(created.body.id) } });
    expect(JSON.stringify(entry)).not.toContain('secret-token');
    await t.call('PUT', `/hooks/${created.body.id}`, { as: r.admin, body: { events: ['api:client:created', 'api:client:updated'] } });
    expect(await latest('webhook.updated')).toMatchObject({
      before: { events: ['api:client:created'] },
      after: { events: ['api:client:created', 'api:client:updated'] },
    });
    expect((await t.call('DELETE', `/hooks/${created.body.id}`, { as: r.admin })).status).toBe(204);
    expect(await latest('webhook.deleted')).toMatchObject({ before: { active: true }, after: null });
  });

  it('records approvals, rejections and reopenings of weeks', async () => {
    const u = await t.user(r.team.id, 'member', { name: 'Wendy Week' });
    const f = fixtures(t);
    const task = await f.task(r.team.id, (await f.project(r.team.id, { users: [u.id] })).id);
    expect((await t.call('POST', '/time', { as: u, body: { time: 600, date: '2026-03-02', task: `ev:${task.id}` } })).status).toBe(201);
    const id = `${u.id}2610`;
    const submit = () => t.call('POST', `/timesheets/${id}/approval`, { as: u, body: {} });
    const review = (body: Record<string, unknown>) => t.call('PUT', `/timesheets/${id}/approval`, { as: r.supervisor, body });
    expect((await submit()).status).toBe(200);
    expect((await review({ status: 'rejected', comment: 'Not yet' })).status).toBe(200);
    expect(await latest('timesheet.rejected')).toMatchObject({
      actor: { id: r.supervisor.id },
      subject: { type: 'timesheet', id, name: 'Wendy Week, week 2610' },
      before: { status: 'pending' },
      after: { status: 'rejected', comment: 'Not yet' },
    });
    expect((await submit()).status).toBe(200);
    expect((await review({ status: 'approved' })).status).toBe(200);
    expect(await latest('timesheet.approved')).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved', approvedDates: ['2026-03-02'] } });
    expect((await review({ status: 'rejected', comment: 'Fix Monday' })).status).toBe(200);
    expect(await latest('timesheet.reopened')).toMatchObject({
      before: { status: 'approved', approvedDates: ['2026-03-02'] },
      after: { status: 'rejected', approvedDates: [] },
    });
  });

  it('records an import applied and undone', async () => {
    const csv =
      'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (EUR)\r\n' +
      `Ana Audit,ana.audit@example.test,Audit Client,Audit Project,Audit Task,,Yes,2026-01-05,09:00:00,2026-01-05,10:00:00,01:00:00,,\r\n`;
    const res = await t.app.request('/imports?source=toggl&name=audit.csv', {
      method: 'POST',
      headers: { 'X-Api-Key': r.admin.key, 'Content-Type': 'text/csv' },
      body: csv,
    });
    expect(res.status).toBe(201);
    const view = (await res.json()) as { id: number; preview: { people: { key: string }[] } };
    const people = view.preview.people.map((p) => ({ key: p.key, invite: true }));
    expect((await t.call('POST', `/imports/${view.id}/apply`, { as: r.admin, body: { people } })).status).toBe(200);
    expect(await latest('import.applied')).toMatchObject({
      actor: { id: r.admin.id },
      subject: { type: 'import', id: String(view.id), name: `Import ${view.id} (audit.csv)` },
      after: { source: 'toggl', rows: 1, seconds: 3600 },
    });
    expect((await t.call('POST', `/imports/${view.id}/undo`, { as: r.admin })).status).toBe(200);
    expect(await latest('import.undone')).toMatchObject({ subject: { type: 'import', id: String(view.id) }, before: { rows: 1 } });
  });
});

describe('reading', () => {
  it('answers admins only', async () => {
    for (const as of [r.supervisor, r.member, r.limited]) {
      expect((await log(as)).status).toBe(403);
      expect((await t.call('GET', '/audit-log/export', { as })).status).toBe(403);
    }
  });

  it('never shows another team’s entries', async () => {
    const other = await t.roles();
    const u = await t.user(other.team.id, 'member');
    await t.call('PUT', `/team/users/${u.id}`, { as: other.admin, body: { role: 'supervisor' } });
    const mine = (await log(r.admin, '?limit=200')).body.items as { subject: { id: string } | null }[];
    expect(mine.some((e) => e.subject?.id === String(u.id))).toBe(false);
    expect((await log(other.admin)).body).toMatchObject({ total: 1, items: [{ kind: 'user.role_changed', actor: { id: other.admin.id } }] });
    // An actor of another team filters to nothing.
    expect((await log(r.admin, `?actor=${other.admin.id}`)).body).toEqual({ items: [], total: 0 });
  });

  it('filters by actor, kind and days, and pages newest first', async () => {
    const team = await t.roles();
    const users = await Promise.all([1, 2, 3].map(() => t.user(team.team.id, 'member')));
    for (const u of users) await t.call('PUT', `/team/users/${u.id}`, { as: team.admin, body: { role: 'supervisor' } });
    await t.call('POST', '/users/me/api-key', { as: team.member });
    const all = (await log(team.admin)).body;
    expect(all.total).toBe(4);
    expect(all.items.map((e: { kind: string }) => e.kind)).toEqual(['api_key.rotated', 'user.role_changed', 'user.role_changed', 'user.role_changed']);
    expect((await log(team.admin, `?actor=${team.member.id}`)).body.items.map((e: { kind: string }) => e.kind)).toEqual(['api_key.rotated']);
    const page2 = (await log(team.admin, '?kind=user.role_changed&limit=2&page=2')).body;
    expect(page2.total).toBe(3);
    expect(page2.items.map((e: { subject: { id: string } }) => e.subject.id)).toEqual([String(users[0]!.id)]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(team.admin, `?from=${today}&to=${today}`)).body.total).toBe(4);
    expect((await log(team.admin, '?to=2020-01-01')).body.total).toBe(0);
    expect((await log(team.admin, '?from=2026-02-02&to=2026-02-01')).status).toBe(422);
    expect((await log(team.admin, '?kind=nothing')).status).toBe(422);
    // The same filters as CSV.
    const csv = await t.app.request(`/audit-log/export?kind=user.role_changed`, { headers: { 'X-Api-Key': team.admin.key } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const lines = (await csv.text()).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Who (id),What,Subject type,Subject id,Subject,Before,After,Address');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`user.role_changed,user,${users[2]!.id}`);
    expect(lines[1]).toContain('"{""role"":""member""}"');
  });
});

describe('append-only', () => {
  it('has no API to change or remove an entry', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      expect((await t.call(method, '/audit-log', { as: r.admin, body: {} })).status).toBeGreaterThanOrEqual(404);
      const [entry] = (await log(r.admin, '?limit=1')).body.items;
      expect([404, 405]).toContain((await t.call(method, `/audit-log/${entry.id}`, { as: r.admin, body: {} })).status);
    }
  });

  it('refuses a direct UPDATE and DELETE in the database, and goes only with its team', async () => {
    const [entry] = (await log(r.admin, '?limit=1')).body.items;
    await expect(t.db.update(auditLog).set({ actorLabel: 'someone else' }).where(eq(auditLog.id, entry.id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, entry.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await log(r.admin, '?limit=1')).body.items[0]).toEqual(entry);
    // Deleting a team takes its entries with it (and nothing else's).
    const gone = await t.roles();
    const u = await t.user(gone.team.id, 'member');
    await t.call('PUT', `/team/users/${u.id}`, { as: gone.admin, body: { role: 'supervisor' } });
    const before = await t.db.select({ n: sql<number>`count(*)` }).from(auditLog);
    await t.db.execute(sql`delete from teams where id = ${gone.team.id}`);
    const after = await t.db.select({ n: sql<number>`count(*)` }).from(auditLog);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) - 1);
    expect(await t.db.select().from(clients).where(eq(clients.teamId, gone.team.id))).toEqual([]);
  });
});
