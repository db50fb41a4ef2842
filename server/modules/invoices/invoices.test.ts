import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { logMileage, seedAcme } from '../../test/invoice-fixtures.ts';

let t: TestContext;
let f: Awaited<ReturnType<typeof seedAcme>>;
let mileage: number[];
const MAY = { limitDateFrom: '2026-05-01', limitDateTill: '2026-05-31' };

const uninvoiced = async () => {
  const rows = (await t.call('GET', `/dashboards/clients?date.gte=2026-05-01&date.lte=2026-05-31&clientId=${f.acme}`, { as: f.A })).body;
  return rows[0].uninvoicedAmount as number;
};

beforeAll(async () => {
  t = await setupTestApp();
  f = await seedAcme(t);
  mileage = await logMileage(t, f.A, f.categories.mileage, f.p.p1, f.p.p2);
});

describe('invoice amounts (docs/invoices.md, worked example)', () => {
  it('creates a draft with lines per project at the billing rates, checked by hand', async () => {
    expect(await uninvoiced()).toBe(570011);
    const res = await t.call('POST', `/clients/${f.acme}/invoices`, {
      as: f.A,
      body: { ...MAY, tax: { rate: 20 }, discount: { rate: 10 } },
    });
    expect(res.status).toBe(201);
    const inv = res.body;
    const lines = inv.invoiceItems.map((i: any) => [i.name, i.billedTime, i.quantity, i.rate, i.listAmount, i.netAmount, i.totalAmount]);
    expect(lines).toEqual([
      ['P1', 9000, 2.5, 15000, 37500, 33750, 40500],
      ['Expenses — Mileage (P1)', 0, 120.5, 55, 6628, 5965, 7158],
      ['Expenses — Travel (P1)', 0, 1, 4000, 4000, 3600, 4320],
      ['P2', 8200, 2.2778, null, 21333, 19200, 23040],
      ['Expenses — Mileage (P2)', 0, 10, 55, 550, 495, 594],
      ['P3', 4000, 1, 500000, 500000, 450000, 540000],
    ]);
    expect(inv).toMatchObject({
      status: 'draft',
      publicId: 'INV-0001',
      listAmount: 570011,
      netAmount: 513010,
      totalAmount: 615612,
      discount: { rate: 10, amount: 57001 },
      tax: { rate: 20, amount: 102602 },
      totalTime: 21200,
      dateFrom: '2026-05-04',
      dateTill: '2026-05-15',
      limitDateFrom: '2026-05-01',
      limitDateTill: '2026-05-31',
      includeTime: true,
      includeExpenses: true,
      projects: [],
      client: { id: f.acme, name: 'Acme' },
      createdBy: { id: f.A.id },
    });
    expect(inv.invoiceItems.map((i: any) => i.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(inv.invoiceItems.every((i: any) => i.taxable === 1 && i.custom === false)).toBe(true);
    // The dashboards' uninvoiced amount drops by exactly the invoiced list amount.
    expect(await uninvoiced()).toBe(0);
  });

  it('locks the covered records with a reason naming the invoice; deleting the draft releases them', async () => {
    const inv = (await t.call('GET', '/invoices', { as: f.A })).body[0];
    const rec = (id: number) => t.call('GET', `/time/${id}`, { as: f.A }).then((r) => r.body);
    expect(await rec(f.records.m1.id)).toMatchObject({
      isInvoiced: true,
      isLocked: true,
      lockReasons: ['The time is invoiced on invoice INV-0001'],
    });
    expect(await rec(f.records.a3u.id)).toMatchObject({ isInvoiced: true }); // fixed fee: all of the project's time
    for (const id of [f.records.m1u.id, f.records.m4.id, f.records.mb.id, f.records.june.id])
      expect(await rec(id)).toMatchObject({ isInvoiced: false, lockReasons: [] });
    const listed = (await t.call('GET', '/expenses?user=all&from=2026-05-01&to=2026-05-31', { as: f.A })).body;
    const byId = new Map(listed.map((e: any) => [e.id, e]));
    expect(byId.get(mileage[0])).toMatchObject({ isLocked: true, lockReasons: ['The expense is invoiced on invoice INV-0001'] });
    expect(byId.get(f.spent[2]!.id)).toMatchObject({ isLocked: false }); // a cost expense is not invoiced
    const edit = await t.call('PUT', `/expenses/${mileage[0]}`, { as: f.A, body: { quantity: 1 } });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toMatch(/invoiced/);

    // Nothing is left to invoice in May: a second invoice is empty.
    const second = await t.call('POST', `/clients/${f.acme}/invoices`, { as: f.A, body: MAY });
    expect(second.body).toMatchObject({ publicId: 'INV-0002', listAmount: 0, invoiceItems: [] });
    expect((await t.call('DELETE', `/invoices/${second.body.id}`, { as: f.A })).status).toBe(204);
    expect((await t.call('DELETE', `/invoices/${inv.id}`, { as: f.A })).status).toBe(204);
    expect((await t.call('GET', `/invoices/${inv.id}`, { as: f.A })).status).toBe(404);
    expect(await rec(f.records.m1.id)).toMatchObject({ isInvoiced: false, isLocked: false, lockReasons: [] });
    expect(await uninvoiced()).toBe(570011);
  });

  it('limits to projects, time or expenses; fixed amounts; reset-time rebuilds and keeps custom lines', async () => {
    const res = await t.call('POST', `/clients/${f.acme}/invoices`, {
      as: f.A,
      body: { ...MAY, projects: [`ev:${f.p.p1}`], includeExpenses: false, discount: { amount: 7500 }, tax: { amount: 1000 } },
    });
    expect(res.status).toBe(201);
    const inv = res.body;
    expect(inv.invoiceItems.map((i: any) => [i.name, i.listAmount, i.netAmount, i.totalAmount])).toEqual([['P1', 37500, 30000, 31000]]);
    expect(inv).toMatchObject({ projects: [`ev:${f.p.p1}`], discount: { rate: 0, amount: 7500 }, tax: { rate: 0, amount: 1000 } });
    // A custom line, then a reset to the whole client: the custom line stays after the rebuilt lines.
    const put = await t.call('PUT', `/invoices/${inv.id}`, {
      as: f.A,
      body: {
        invoiceItems: [{ id: inv.invoiceItems[0].id }, { name: 'Setup', quantity: 1.5, rate: 12345, taxable: false }],
        discount: { rate: 0 },
        tax: {},
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.invoiceItems.map((i: any) => [i.name, i.listAmount, i.custom, i.taxable])).toEqual([
      ['P1', 37500, false, 1],
      ['Setup', 18518, true, 0],
    ]);
    const reset = await t.call('POST', `/invoices/${inv.id}/reset-time`, { as: f.A, body: { projects: [], includeExpenses: true } });
    expect(reset.status).toBe(200);
    expect(reset.body.invoiceItems.map((i: any) => i.name)).toEqual([
      'P1',
      'Expenses — Mileage (P1)',
      'Expenses — Travel (P1)',
      'P2',
      'Expenses — Mileage (P2)',
      'P3',
      'Setup',
    ]);
    expect(reset.body.listAmount).toBe(570011 + 18518);
    expect(await uninvoiced()).toBe(0);
    expect((await t.call('DELETE', `/invoices/${inv.id}`, { as: f.A })).status).toBe(204);
  });
});

describe('status rules', () => {
  it('sent and paid refuse edits, resets and deletion; draft allows them again', async () => {
    const inv = (await t.call('POST', `/clients/${f.acme}/invoices`, { as: f.A, body: MAY })).body;
    const sent = await t.call('POST', `/invoices/${inv.id}/sent`, { as: f.A });
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sent');
    for (const status of ['sent', 'paid']) {
      if (status === 'paid') expect((await t.call('POST', `/invoices/${inv.id}/paid`, { as: f.A })).body.status).toBe('paid');
      const put = await t.call('PUT', `/invoices/${inv.id}`, { as: f.A, body: { reference: 'PO 1' } });
      expect(put.status).toBe(422);
      expect(put.body.message).toContain(`is ${status}`);
      expect((await t.call('POST', `/invoices/${inv.id}/reset-time`, { as: f.A, body: {} })).status).toBe(422);
      expect((await t.call('DELETE', `/invoices/${inv.id}`, { as: f.A })).status).toBe(422);
    }
    expect((await t.call('GET', `/invoices?status=paid&client=${f.acme}`, { as: f.A })).body.map((i: any) => i.id)).toEqual([inv.id]);
    expect((await t.call('GET', '/invoices?status=draft', { as: f.A })).body).toEqual([]);
    expect((await t.call('POST', `/invoices/${inv.id}/draft`, { as: f.A })).body.status).toBe('draft');
    const put = await t.call('PUT', `/invoices/${inv.id}`, {
      as: f.A,
      body: { reference: 'PO 1', publicId: 'A-7', dueDate: '2026-07-01', issueDate: '2026-06-01', publicNotes: 'Thanks' },
    });
    expect(put.body).toMatchObject({
      reference: 'PO 1',
      publicId: 'A-7',
      dueDate: '2026-07-01',
      issueDate: '2026-06-01',
      publicNotes: 'Thanks',
    });
    expect((await t.call('GET', '/invoices?from=2026-06-01&to=2026-06-30', { as: f.A })).body.map((i: any) => i.id)).toEqual([inv.id]);
    expect((await t.call('GET', '/invoices?to=2026-05-31', { as: f.A })).body).toEqual([]);
    // "" clears a date, as Everhour's resettable dates.
    expect((await t.call('PUT', `/invoices/${inv.id}`, { as: f.A, body: { dueDate: '' } })).body.dueDate).toBeNull();
    expect((await t.call('DELETE', `/invoices/${inv.id}`, { as: f.A })).status).toBe(204);
  });

  it('refuses bad input with the error body', async () => {
    const post = (body: unknown, client = f.acme) => t.call('POST', `/clients/${client}/invoices`, { as: f.A, body });
    expect((await post({ limitDateFrom: '2026-05-31', limitDateTill: '2026-05-01' })).body).toMatchObject({
      code: 422,
      errors: { limitDateFrom: expect.any(Array) },
    });
    expect((await post({ projects: [`ev:${f.p.pb}`] })).body).toMatchObject({ code: 422, errors: { projects: expect.any(Array) } });
    expect((await post({ projects: ['ev:999999999999999'] })).body).toMatchObject({
      code: 422,
      errors: { 'projects.0': expect.any(Array) },
    });
    expect((await post({ tax: { rate: 150 } })).status).toBe(422);
    expect((await post({ issueDate: '2026-05-10', dueDate: '2026-05-01' })).body.errors).toHaveProperty('dueDate');
    expect((await post({}, 999999)).status).toBe(404);
    const inv = (await post(MAY)).body;
    const bad = await t.call('PUT', `/invoices/${inv.id}`, { as: f.A, body: { invoiceItems: [{ id: 1 }, { name: 'No amount' }] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['invoiceItems.0.id', 'invoiceItems.1.listAmount']);
    expect((await t.call('GET', `/invoices/${inv.id}`, { as: f.A })).body.listAmount).toBe(570011);
    expect((await t.call('DELETE', `/invoices/${inv.id}`, { as: f.A })).status).toBe(204);
  });
});

describe('roles and teams', () => {
  it('admins only; another team sees nothing', async () => {
    const inv = (await t.call('POST', `/clients/${f.acme}/invoices`, { as: f.A, body: MAY })).body;
    for (const who of [f.S, f.M, f.L]) {
      expect((await t.call('GET', '/invoices', { as: who })).status).toBe(403);
      expect((await t.call('GET', `/invoices/${inv.id}`, { as: who })).status).toBe(403);
      expect((await t.call('POST', `/clients/${f.acme}/invoices`, { as: who, body: MAY })).status).toBe(403);
      expect((await t.call('POST', `/invoices/${inv.id}/sent`, { as: who })).status).toBe(403);
    }
    const other = await t.user((await t.team()).id, 'admin');
    expect((await t.call('GET', '/invoices', { as: other })).body).toEqual([]);
    expect((await t.call('GET', `/invoices/${inv.id}`, { as: other })).status).toBe(404);
    expect((await t.call('PUT', `/invoices/${inv.id}`, { as: other, body: {} })).status).toBe(404);
    expect((await t.call('POST', `/invoices/${inv.id}/paid`, { as: other })).status).toBe(404);
    expect((await t.call('POST', `/invoices/${inv.id}/reset-time`, { as: other, body: {} })).status).toBe(404);
    expect((await t.call('DELETE', `/invoices/${inv.id}`, { as: other })).status).toBe(404);
    expect((await t.call('POST', `/clients/${f.acme}/invoices`, { as: other, body: MAY })).status).toBe(404);
    expect((await t.call('GET', `/invoices/${inv.id}`, { as: f.A })).body.status).toBe('draft');
    // A client with invoices stays: deleting it is refused, and allowed once its invoices are gone.
    const refused = await t.call('DELETE', `/clients/${f.acme}`, { as: f.A });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/has invoices/);
    expect((await t.call('DELETE', `/invoices/${inv.id}`, { as: f.A })).status).toBe(204);
    const spare = (await t.call('POST', '/clients', { as: f.A, body: { name: 'Spare' } })).body;
    expect((await t.call('DELETE', `/clients/${spare.id}`, { as: f.A })).status).toBe(204);
  });
});
