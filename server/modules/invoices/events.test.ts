import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { startReceiver, type Receiver } from '../../test/webhook-receiver.ts';
import { createWebhookWorker } from '../webhooks/worker.ts';
import { invoices } from '../../db/schema/index.ts';
import { claim, release } from './build.ts';
import { logMileage, seedAcme } from '../../test/invoice-fixtures.ts';

let t: TestContext;
let f: Awaited<ReturnType<typeof seedAcme>>;
let admins: Receiver;
let supervisors: Receiver;
const MAY = { limitDateFrom: '2026-05-01', limitDateTill: '2026-05-31' };
const kinds = ['api:invoice:created', 'api:invoice:updated', 'api:invoice:deleted'];

beforeAll(async () => {
  t = await setupTestApp();
  f = await seedAcme(t);
  await logMileage(t, f.A, f.categories.mileage, f.p.p1, f.p.p2);
  admins = await startReceiver();
  supervisors = await startReceiver();
  expect((await t.call('POST', '/hooks', { as: f.A, body: { targetUrl: admins.url, events: kinds } })).status).toBe(201);
  expect((await t.call('POST', '/hooks', { as: f.S, body: { targetUrl: supervisors.url, events: kinds } })).status).toBe(201);
});
afterAll(async () => {
  await admins.close();
  await supervisors.close();
});

describe('invoice events through the outbox', () => {
  it('created, updated and deleted reach admins with the REST shape; supervisors get none', async () => {
    const worker = createWebhookWorker(t.deps);
    const created = (await t.call('POST', `/clients/${f.acme}/invoices`, { as: f.A, body: MAY })).body;
    const sent = (await t.call('POST', `/invoices/${created.id}/sent`, { as: f.A })).body;
    expect((await t.call('POST', `/invoices/${created.id}/sent`, { as: f.A })).status).toBe(200); // no change, no event
    await t.call('POST', `/invoices/${created.id}/draft`, { as: f.A });
    expect((await t.call('DELETE', `/invoices/${created.id}`, { as: f.A })).status).toBe(204);
    await worker.drain();
    const got = admins.deliveries().map((d) => d.json);
    expect(got.map((d) => [d.event, d.data.id])).toEqual([
      ['api:invoice:created', String(created.id)],
      ['api:invoice:updated', String(created.id)],
      ['api:invoice:updated', String(created.id)],
      ['api:invoice:deleted', String(created.id)],
    ]);
    expect(got[0].data.data).toEqual(created);
    expect(got[1].data.data).toEqual(sent);
    expect(got[0].attributes).toEqual({
      projects: [`ev:${f.p.p1}`, `ev:${f.p.p2}`, `ev:${f.p.p3}`],
      users: [f.A.id, f.M.id, f.S.id].sort((a, b) => a - b),
    });
    expect(got[0].user).toEqual({ id: f.A.id, teamId: f.team.id });
    expect(supervisors.deliveries()).toEqual([]);
  });

  it('a project-scoped hook cannot subscribe to invoice events (spec rule 5)', async () => {
    const res = await t.call('POST', '/hooks', {
      as: f.A,
      body: { targetUrl: `${admins.url}/p`, events: ['api:invoice:created'], project: `ev:${f.p.p1}` },
    });
    expect(res.status).toBe(422);
  });
});

describe('concurrent creation', () => {
  it('never puts one record on two invoices', async () => {
    const made = await Promise.all([1, 2, 3, 4].map(() => t.call('POST', `/clients/${f.acme}/invoices`, { as: f.A, body: MAY })));
    expect(made.map((m) => m.status)).toEqual([201, 201, 201, 201]);
    // Together they hold everything once: the amounts add up to the worked example's list amount.
    expect(made.reduce((s, m) => s + (m.body.listAmount as number), 0)).toBe(570011);
    expect(new Set(made.map((m) => m.body.publicId)).size).toBe(4);
    const full = made.filter((m) => m.body.invoiceItems.length > 0);
    expect(full).toHaveLength(1);
    const dash = (await t.call('GET', `/dashboards/clients?date.gte=2026-05-01&date.lte=2026-05-31&clientId=${f.acme}`, { as: f.A })).body;
    expect(dash[0].uninvoicedAmount).toBe(0);
  });

  it('the unique link alone keeps two overlapping transactions from sharing a record', async () => {
    for (const inv of (await t.call('GET', '/invoices', { as: f.A })).body) await t.call('DELETE', `/invoices/${inv.id}`, { as: f.A });
    const scope = t.scope(f.team.id);
    const row = (number: number) => ({
      clientId: f.acme,
      createdBy: f.A.id,
      number,
      publicId: `X-${number}`,
      issueDate: '2026-06-01',
      projectIds: [],
      timeMask: 'x',
      expenseMask: 'x',
      tax: { rate: 0, amount: 0 },
      discount: { rate: 0, amount: 0 },
    });
    const [a, b] = [await scope.insert(invoices, row(100)), await scope.insert(invoices, row(101))];
    const sel = { ...MAY, includeTime: true, includeExpenses: true, projectIds: [], timeMask: 'x', expenseMask: 'x' };
    let claimedA!: () => void;
    let finishA!: () => void;
    const aClaimed = new Promise<void>((r) => (claimedA = r));
    const aMayCommit = new Promise<void>((r) => (finishA = r));
    // A claims and stays open; B claims the same records meanwhile (on PostgreSQL it waits on A's links), then A commits.
    const txA = scope.tx(async (s) => {
      await claim(s, a!.id, f.acme, sel);
      claimedA();
      await aMayCommit;
    });
    await aClaimed;
    const txB = scope.tx((s) => claim(s, b!.id, f.acme, sel));
    finishA();
    await Promise.all([txA, txB]);
    const count = async (id: number) =>
      Number(
        (
          (await t.db.execute(
            sql`SELECT (SELECT count(*) FROM invoice_time_records WHERE invoice_id = ${id}) + (SELECT count(*) FROM invoice_expenses WHERE invoice_id = ${id}) AS n`,
          )) as any
        ).rows[0].n,
      );
    // 6 records (P1 ×2, P2 ×2, P3 ×2 with its unbillable task) and 4 billable expenses.
    expect([await count(a!.id), await count(b!.id)]).toEqual([10, 0]);
    await scope.tx((s) => release(s, a!.id));
  });
});
