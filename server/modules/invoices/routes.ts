import { asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { Hono } from 'hono';
import { invoiceRoutes, type InvoiceStatus } from '../../../contract/invoices.ts';
import { invoices } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { notFound } from '../../http/errors.ts';
import { requireRole } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { storageFor } from '../attachments/storage.ts';
import { contentDisposition } from '../attachments/upload.ts';
import { readLogo, registerBillingDetailsRoutes, teamBillingRow } from './billing-details.ts';
import { renderInvoicePdf } from './pdf.ts';
import { pdfResponse } from '../../lib/pdf.ts';
import { presentInvoices } from './present.ts';
import { createInvoice, deleteInvoice, resetInvoice, setInvoiceStatus, updateInvoice } from './service.ts';
import { auditCaller } from '../audit/record.ts';

const requireInvoicing = (caller: Parameters<typeof requireRole>[0]) =>
  requireRole(caller, ['admin'], 'Only admins can see and make invoices');

/** Invoices: admins only; everything through the caller's team scope (another team's invoice is not found). */
export function registerInvoiceRoutes(app: Hono<AppEnv>) {
  registerBillingDetailsRoutes(app);
  register(app, invoiceRoutes.list, async (c, { query }, caller) => {
    requireInvoicing(caller);
    const scope = c.get('scope');
    const rows = await scope.db
      .select()
      .from(invoices)
      .where(
        scope.where(
          invoices,
          query.client !== undefined ? eq(invoices.clientId, query.client) : undefined,
          query.status ? eq(invoices.status, query.status) : undefined,
          query.from ? gte(invoices.issueDate, query.from) : undefined,
          query.to ? lte(invoices.issueDate, query.to) : undefined,
        ),
      )
      .orderBy(desc(invoices.issueDate), desc(invoices.number), asc(invoices.id));
    return presentInvoices(scope, caller, rows, c.get('deps').clock());
  });

  register(app, invoiceRoutes.create, async (c, { params, body }, caller) => {
    requireInvoicing(caller);
    return createInvoice(c.get('scope'), caller, params.client_id, body, c.get('deps').clock());
  });

  register(app, invoiceRoutes.get, async (c, { params }, caller) => {
    requireInvoicing(caller);
    const scope = c.get('scope');
    const row = await scope.byId(invoices, params.invoice_id);
    if (!row) throw notFound('Invoice');
    return (await presentInvoices(scope, caller, [row], c.get('deps').clock()))[0]!;
  });

  register(app, invoiceRoutes.pdf, async (c, { params, query }, caller) => {
    requireInvoicing(caller);
    const scope = c.get('scope');
    const { db, config, clock } = c.get('deps');
    const row = await scope.byId(invoices, params.invoice_id);
    if (!row) throw notFound('Invoice');
    const now = clock();
    const [invoice, team] = await Promise.all([
      presentInvoices(scope, caller, [row], now).then((r) => r[0]!),
      teamBillingRow(db, scope.teamId),
    ]);
    const logo = await readLogo(storageFor(config), team);
    const pdf = await renderInvoicePdf(
      invoice,
      { name: team.billingName || team.name, address: team.billingAddress, paymentTerms: team.paymentTerms, logo },
      { paper: query.paper, now },
    );
    return pdfResponse(pdf, contentDisposition(`invoice-${invoice.publicId}.pdf`));
  });

  register(app, invoiceRoutes.update, async (c, { params, body }, caller) => {
    requireInvoicing(caller);
    return updateInvoice(c.get('scope'), caller, params.invoice_id, body, c.get('deps').clock());
  });

  register(app, invoiceRoutes.remove, async (c, { params }, caller) => {
    requireInvoicing(caller);
    await deleteInvoice(c.get('scope'), caller, params.invoice_id, c.get('deps').clock(), auditCaller(c, caller));
  });

  register(app, invoiceRoutes.reset, async (c, { params, body }, caller) => {
    requireInvoicing(caller);
    return resetInvoice(c.get('scope'), caller, params.invoice_id, body, c.get('deps').clock());
  });

  const statusRoutes: [typeof invoiceRoutes.markDraft, InvoiceStatus][] = [
    [invoiceRoutes.markDraft, 'draft'],
    [invoiceRoutes.markSent, 'sent'],
    [invoiceRoutes.markPaid, 'paid'],
  ];
  for (const [def, status] of statusRoutes)
    register(app, def, async (c, { params }, caller) => {
      requireInvoicing(caller);
      return setInvoiceStatus(c.get('scope'), caller, params.invoice_id, status, c.get('deps').clock());
    });
}
