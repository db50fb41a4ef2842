import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { logMileage, seedAcme } from '../../test/invoice-fixtures.ts';

/**
 * The invoice calls of the third-party Everhour client library (everhour-api-notes.md §17: its source
 * is "LV"), made the way it makes them: JSON bodies, `X-Api-Key`, `X-Accept-Version: 1.2`, and its
 * request shapes (InvoiceCreateRequest, InvoiceUpdateRequest with InvoiceRequestItem, InvoiceRefreshRequest).
 */
let t: TestContext;
let f: Awaited<ReturnType<typeof seedAcme>>;

async function api(as: TestUser, method: string, path: string, payload?: unknown) {
  return t.call(method, path, { as, body: payload, headers: { 'Content-Type': 'application/json', 'X-Accept-Version': '1.2' } });
}

/** Every field the library's `Invoice` type names. */
function expectInvoiceShape(inv: any) {
  expect(inv).toMatchObject({
    id: expect.any(Number),
    status: expect.stringMatching(/^(draft|sent|paid)$/),
    createdAt: expect.any(String),
  });
  expect(inv.client).toMatchObject({ id: f.acme, name: 'Acme', projects: expect.any(Array) });
  expect(inv.createdBy).toMatchObject({ id: f.A.id, name: expect.any(String), role: 'admin' });
  for (const k of ['listAmount', 'netAmount', 'totalAmount', 'totalTime']) expect(Number.isInteger(inv[k])).toBe(true);
  for (const k of ['publicId', 'issueDate', 'timeMask', 'expenseMask']) expect(typeof inv[k]).toBe('string');
  expect(inv.tax).toEqual({ rate: expect.any(Number), amount: expect.any(Number) });
  expect(inv.discount).toEqual({ rate: expect.any(Number), amount: expect.any(Number) });
  for (const item of inv.invoiceItems)
    expect(item).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      billedTime: expect.any(Number),
      listAmount: expect.any(Number),
      netAmount: expect.any(Number),
      totalAmount: expect.any(Number),
      custom: expect.any(Boolean),
      taxable: expect.any(Number),
      position: expect.any(Number),
      createdAt: expect.any(String),
    });
}

beforeAll(async () => {
  t = await setupTestApp();
  f = await seedAcme(t);
  await logMileage(t, f.A, f.categories.mileage, f.p.p1, f.p.p2);
});

describe('the client library invoice calls', () => {
  it('list, create, get, update, reset, status and delete answer as it expects', async () => {
    expect((await api(f.A, 'GET', '/invoices')).body).toEqual([]);

    const created = await api(f.A, 'POST', `/clients/${f.acme}/invoices`, {
      limitDateFrom: '2026-05-01',
      limitDateTill: '2026-05-31',
      includeTime: true,
      includeExpenses: false,
      projects: [`ev:${f.p.p1}`, `ev:${f.p.p2}`],
      tax: { rate: 8.25 },
      discount: { amount: 1000 },
    });
    expect(created.status).toBe(201);
    expectInvoiceShape(created.body);
    const id = created.body.id as number;
    expect((await api(f.A, 'GET', '/invoices')).body.map((i: any) => i.id)).toEqual([id]);
    const got = (await api(f.A, 'GET', `/invoices/${id}`)).body;
    expectInvoiceShape(got);
    expect(got).toEqual(created.body);

    // updateInvoice: the lines as read back (InvoiceRequestItem), one renamed, plus a custom untaxed line.
    const items = got.invoiceItems.map((i: any) => ({
      id: i.id,
      name: i.name,
      billedTime: i.billedTime,
      listAmount: i.listAmount,
      position: i.position,
      taxable: true,
    }));
    items[0].name = 'Design work';
    items.push({ name: 'Hosting', listAmount: 5000, position: 3, taxable: false });
    const updated = await api(f.A, 'PUT', `/invoices/${id}`, {
      publicId: '2026-001',
      issueDate: '2026-06-01',
      dueDate: '2026-06-30',
      reference: 'PO-42',
      publicNotes: 'Thank you',
      tax: got.tax,
      discount: got.discount,
      invoiceItems: items,
    });
    expect(updated.status).toBe(200);
    expectInvoiceShape(updated.body);
    // 1000 spread over 37500, 21333, 5000 (Σ 63833): 587.47 → 588 (the leftover cent), 334, 78.
    // Tax 8.25% on the taxable nets: 36912 → 3045, 20999 → 1732.
    expect(updated.body.invoiceItems.map((i: any) => [i.name, i.listAmount, i.netAmount, i.totalAmount, i.taxable, i.custom])).toEqual([
      ['Design work', 37500, 36912, 39957, 1, false],
      ['P2', 21333, 20999, 22731, 1, false],
      ['Hosting', 5000, 4922, 4922, 0, true],
    ]);
    expect(updated.body).toMatchObject({
      publicId: '2026-001',
      listAmount: 63833,
      netAmount: 62833,
      totalAmount: 67610,
      tax: { rate: 8.25, amount: 4777 },
      discount: { rate: 0, amount: 1000 },
    });

    const refreshed = await api(f.A, 'POST', `/invoices/${id}/reset-time`, {
      limitDateFrom: '2026-05-01',
      limitDateTill: '2026-05-31',
      includeExpenses: true,
      includeTime: true,
      projects: [`ev:${f.p.p1}`],
      timeMask: '%PROJECT% time',
      expenseMask: '%CATEGORY% (%PROJECT%)',
    });
    expect(refreshed.status).toBe(200);
    expectInvoiceShape(refreshed.body);
    expect(refreshed.body.invoiceItems.map((i: any) => [i.name, i.listAmount])).toEqual([
      ['P1 time', 37500],
      ['Mileage (P1)', 6628],
      ['Travel (P1)', 4000],
      ['Hosting', 5000],
    ]);

    for (const status of ['sent', 'paid', 'draft']) {
      const res = await api(f.A, 'POST', `/invoices/${id}/${status}`);
      expect(res.status).toBe(200);
      expectInvoiceShape(res.body);
      expect(res.body.status).toBe(status);
    }
    const removed = await api(f.A, 'DELETE', `/invoices/${id}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
  });

  it('the routes are in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths['/clients/{client_id}/invoices'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/invoices/{invoice_id}']).sort()).toEqual(['delete', 'get', 'put']);
    for (const p of ['reset-time', 'draft', 'sent', 'paid']) expect(doc.paths[`/invoices/{invoice_id}/${p}`]).toHaveProperty('post');
  });
});
