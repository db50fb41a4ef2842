/**
 * An invoice PDF: `GET /invoices/{id}/pdf` of an invoice with 40 lines (two A4 pages), the team's logo, address
 * and payment terms, timed in-process (auth, SQL, layout, font subsetting, the whole body read) on PGlite and on
 * PostgreSQL when given. Budget: 300 ms at the median.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../server/db/client.ts';
import { createTeam, createUser } from '../server/modules/users/service.ts';
import { pngImage } from '../server/test/images.ts';
import { appOn } from './bench-app.ts';
import { onEachDatabase, quantile } from './databases.ts';
import type { Bench, BenchContext, BenchResult } from './types.ts';

const LINES = 40;
const RUNS = 15;
const BUDGET_MS = 300;

async function measure(ctx: BenchContext, database: Database, kind: 'pglite' | 'postgres'): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-invoice-pdf-'));
  const { app, secrets, close } = appOn(database, dataDir);
  try {
    const team = await createTeam(database.db, `Invoice PDF bench ${crypto.randomBytes(3).toString('hex')}`);
    const admin = await createUser(database.db, secrets, {
      teamId: team.id,
      role: 'admin',
      email: `admin-${team.id}@example.test`,
      name: 'Admin',
    });
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await app.request(url, {
        method,
        headers: { 'X-Api-Key': admin.apiKey, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<any>;
    };
    ctx.log(`invoice-pdf (${kind}): an invoice of ${LINES} lines`);
    await call('PUT', '/team/billing-details', {
      displayName: 'Northwind Studio Ltd',
      address: '1 Harbour Row\nBristol BS1 4QA\nUnited Kingdom',
      paymentTerms: 'Net 30',
    });
    await call('POST', '/team/billing-details/logo', { name: 'logo.png', content: pngImage(480, 160).toString('base64') });
    const project = await call('POST', '/projects', { name: 'Website' });
    await call('PUT', `/projects/${project.id}/billing`, { billing: { type: 'hourly' }, rate: { type: 'project_rate', rate: 12000 } });
    const client = await call('POST', '/clients', {
      name: 'Zürich Café',
      projects: [project.id],
      businessDetails: 'Zürich Café AG\nLimmatquai 5\n8001 Zürich',
    });
    const task = await call('POST', `/projects/${project.id}/tasks`, { name: 'Design' });
    await call('POST', '/time', { task: task.id, date: '2026-03-02', time: 7200 });
    const invoice = await call('POST', `/clients/${client.id}/invoices`, {
      tax: { rate: 20 },
      discount: { rate: 5 },
      publicNotes: 'Thank you for your business.',
    });
    const items = Array.from({ length: LINES - 1 }, (_, i) => ({ name: `Design review ${i + 1}`, quantity: 1.25, rate: 9500 }));
    await call('PUT', `/invoices/${invoice.id}`, { invoiceItems: [{ id: invoice.invoiceItems[0].id }, ...items] });

    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const res = await app.request(`/invoices/${invoice.id}/pdf`, { headers: { 'X-Api-Key': admin.apiKey } });
      const bytes = await res.arrayBuffer();
      const ms = performance.now() - start;
      if (res.status !== 200) throw new Error(`the PDF answered ${res.status}`);
      size = bytes.byteLength;
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    return [
      {
        name: `GET /invoices/{id}/pdf (${LINES} lines, logo)`,
        database: kind,
        value: Math.round(quantile(times, 0.5) * 10) / 10,
        unit: 'ms',
        budget: { value: BUDGET_MS, better: 'lower' },
        details: { p95: Math.round(quantile(times, 0.95) * 10) / 10, bytes: size, runs: RUNS },
      },
    ];
  } finally {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const bench: Bench = (ctx) => onEachDatabase(ctx, 'invoice_pdf', (database, kind) => measure(ctx, database, kind));

export default bench;
