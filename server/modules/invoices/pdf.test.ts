import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { pngImage } from '../../test/images.ts';
import { logMileage, seedAcme } from '../../test/invoice-fixtures.ts';

let t: TestContext;
let f: Awaited<ReturnType<typeof seedAcme>>;
let invoice: any;

const PNG = pngImage(240, 80);

const pdf = async (id: number, as = f.A, query = '') => {
  const res = await t.app.request(`/invoices/${id}/pdf${query}`, { headers: { 'X-Api-Key': as.key } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};
const textOf = async (bytes: Uint8Array) => {
  const { text, totalPages } = await extractText(bytes, { mergePages: true });
  // Text runs may break lines where the layout wraps: compare with single spaces.
  return { text: text.replace(/\s+/g, ' '), totalPages };
};
const uploadLogo = (content: string, as = f.A) => t.call('POST', '/team/billing-details/logo', { as, body: { name: 'logo.png', content } });

beforeAll(async () => {
  t = await setupTestApp();
  f = await seedAcme(t);
  await logMileage(t, f.A, f.categories.mileage, f.p.p1, f.p.p2);
  await t
    .scope(f.team.id)
    .update(
      clients,
      { name: 'Acme Café Müller', businessDetails: 'Acme Café GmbH\nMüllerstraße 12\n80331 München\nVAT DE123456789' },
      eq(clients.id, f.acme),
    );
  invoice = (
    await t.call('POST', `/clients/${f.acme}/invoices`, {
      as: f.A,
      body: {
        limitDateFrom: '2026-05-01',
        limitDateTill: '2026-05-31',
        tax: { rate: 20 },
        discount: { rate: 10 },
        issueDate: '2026-06-01',
        dueDate: '2026-07-01',
        reference: 'PO-4471',
        publicNotes: 'Thank you for your business — Zoë',
      },
    })
  ).body;
});

describe('team billing details (admins)', () => {
  it('are blank at first, and an admin sets them; fields left out stay', async () => {
    expect((await t.call('GET', '/team/billing-details', { as: f.A })).body).toEqual({
      displayName: '',
      address: '',
      paymentTerms: '',
      logo: null,
    });
    const put = await t.call('PUT', '/team/billing-details', {
      as: f.A,
      body: { displayName: 'Northwind Studio Ltd', address: '1 Harbour Row\nBristol BS1 4QA\nUnited Kingdom', paymentTerms: 'Net 30' },
    });
    expect(put.status).toBe(200);
    const again = await t.call('PUT', '/team/billing-details', {
      as: f.A,
      body: { paymentTerms: 'Net 30. Bank: GB29 NWBK 6016 1331 9268 19' },
    });
    expect(again.body).toEqual({
      displayName: 'Northwind Studio Ltd',
      address: '1 Harbour Row\nBristol BS1 4QA\nUnited Kingdom',
      paymentTerms: 'Net 30. Bank: GB29 NWBK 6016 1331 9268 19',
      logo: null,
    });
  });

  it('refuse other roles (403) and bad input (422 naming the field)', async () => {
    for (const who of [f.M, f.S, f.L]) {
      expect((await t.call('GET', '/team/billing-details', { as: who })).status).toBe(403);
      expect((await t.call('PUT', '/team/billing-details', { as: who, body: { displayName: 'x' } })).status).toBe(403);
      expect((await uploadLogo(PNG.toString('base64'), who)).status).toBe(403);
    }
    const long = await t.call('PUT', '/team/billing-details', { as: f.A, body: { displayName: 'x'.repeat(201) } });
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ code: 422, errors: { displayName: ['At most 200 characters'] } });
  });

  it('take a PNG or JPEG logo by its bytes and refuse anything else with the spec error body', async () => {
    const gif = await uploadLogo(Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'));
    expect(gif.status).toBe(422);
    expect(gif.body).toEqual({
      code: 422,
      message: 'Only PNG or JPEG images are accepted',
      errors: { content: ['Only PNG or JPEG images are accepted'] },
    });
    const text = await uploadLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'));
    expect(text.status).toBe(422);
    const broken = await uploadLogo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]).toString('base64'));
    expect(broken.status).toBe(422);
    expect(broken.body.errors.content[0]).toMatch(/cannot be read/);
    const big = await uploadLogo(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]).toString('base64'));
    expect(big.status).toBe(413);
    expect((await t.call('GET', '/team/billing-details', { as: f.A })).body.logo).toBeNull();

    const ok = await uploadLogo(PNG.toString('base64'));
    expect(ok.status).toBe(200);
    expect(ok.body.logo).toEqual({ type: 'image/png', size: PNG.length });
    const got = await t.app.request('/team/billing-details/logo', { headers: { 'X-Api-Key': f.A.key } });
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('of logos uploaded at once, one stays, and no stored file is left that the team does not name', async () => {
    const dir = path.join(t.deps.config.dataDir, 'attachments');
    const files = () =>
      fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((name) => fs.statSync(path.join(dir, name)).isFile()).length;
    expect((await uploadLogo(PNG.toString('base64'))).status).toBe(200);
    const before = files();
    const answers = await Promise.all([1, 2, 3, 4].map(() => uploadLogo(PNG.toString('base64'))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(files()).toBe(before);
    const got = await t.app.request('/team/billing-details/logo', { headers: { 'X-Api-Key': f.A.key } });
    expect(got.status).toBe(200);
  });
});

describe('GET /invoices/{id}/pdf', () => {
  it('is a PDF attachment holding every figure of the invoice, as the invoice screen formats them', async () => {
    const { res, bytes } = await pdf(invoice.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-INV-0001\.pdf"/);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync(path.join('.tmp', 'invoice-sample.pdf'), bytes); // to look at (the text is read below)
    const { text, totalPages } = await textOf(bytes);
    expect(totalPages).toBe(1);
    const expected = [
      'Northwind Studio Ltd',
      '1 Harbour Row',
      'Bristol BS1 4QA',
      'Invoice',
      'INV-0001',
      'PO-4471',
      'Jun 1, 2026', // issue date
      'Jul 1, 2026', // due date
      'For work from May 4, 2026 to May 15, 2026',
      'Acme Café Müller',
      'Acme Café GmbH',
      'Müllerstraße 12',
      'VAT DE123456789',
      // Lines: name, quantity, rate and amount (docs/invoices.md, worked example).
      'P1',
      '2.5',
      '$150.00',
      '$375.00',
      'Expenses — Mileage (P1)',
      '120.5',
      '$0.55',
      '$66.28',
      'Expenses — Travel (P1)',
      '$40.00',
      'P2',
      '2.28',
      '$213.33',
      'Expenses — Mileage (P2)',
      '$5.50',
      'P3',
      '$5,000.00',
      'Subtotal',
      '$5,700.11',
      'Discount (10%)',
      '−$570.01',
      'Tax (20%)',
      '$1,026.02',
      'Total',
      '$6,156.12',
      'Amounts in USD',
      'Payment terms',
      'Net 30. Bank: GB29 NWBK 6016 1331 9268 19',
      'Thank you for your business — Zoë',
      'Page 1 of 1',
    ];
    for (const s of expected) expect(text).toContain(s);
    // The same figures the API answers for the invoice screen.
    expect([invoice.listAmount, invoice.discount.amount, invoice.tax.amount, invoice.totalAmount]).toEqual([570011, 57001, 102602, 615612]);
  });

  it('runs over several pages with page numbers and the table header on each', async () => {
    const items = invoice.invoiceItems.map((i: any) => ({ id: i.id }));
    for (let n = 1; n <= 70; n++) items.push({ name: `Design review ${n}`, quantity: 1.5, rate: 12000 });
    const put = await t.call('PUT', `/invoices/${invoice.id}`, { as: f.A, body: { invoiceItems: items } });
    expect(put.status).toBe(200);
    const { res, bytes } = await pdf(invoice.id, f.A, '?paper=letter');
    expect(res.status).toBe(200);
    fs.writeFileSync(path.join('.tmp', 'invoice-sample-long.pdf'), bytes);
    const doc = await extractText(bytes, { mergePages: false });
    expect(doc.totalPages).toBeGreaterThan(1);
    doc.text.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${doc.totalPages}`);
      expect(page).toContain('Description');
    });
    const all = doc.text.join(' ').replace(/\s+/g, ' ');
    expect(all).toContain('Design review 70');
    expect(all).toContain(`$${(put.body.totalAmount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });

  it('is for admins of the team only: others 403, another team 404, a bad paper 422', async () => {
    for (const who of [f.M, f.S, f.L]) expect((await pdf(invoice.id, who)).res.status).toBe(403);
    const other = await t.roles();
    expect((await pdf(invoice.id, other.admin)).res.status).toBe(404);
    expect((await pdf(999_999)).res.status).toBe(404);
    expect((await pdf(invoice.id, f.A, '?paper=a3')).res.status).toBe(422);
  });
});
