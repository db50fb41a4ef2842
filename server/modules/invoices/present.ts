import { asc, inArray, sql } from 'drizzle-orm';
import type { Invoice } from '../../../contract/invoices.ts';
import { clients, invoiceItems, invoices, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { prefixed } from '../../lib/ids.ts';
import { toDateTime } from '../../lib/time.ts';
import { presentClients } from '../clients/routes.ts';
import { anyInt, queryRows } from '../time/sql.ts';
import { presentUser } from '../users/service.ts';
import { invoiceAmounts } from './amounts.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type ItemRow = typeof invoiceItems.$inferSelect;

/** First and last day, and the users, of the time and expenses each invoice covers. */
async function coverage(scope: Scope, ids: number[]) {
  const rows = await queryRows<{ invoice_id: number; date_from: string | null; date_till: string | null; users: number[] }>(
    scope,
    sql`SELECT invoice_id, min(date)::text AS date_from, max(date)::text AS date_till, array_agg(DISTINCT user_id) AS users
        FROM (SELECT x.invoice_id, r.date, r.user_id FROM invoice_time_records x JOIN time_records r ON r.id = x.record_id
               WHERE x.team_id = ${scope.teamId} AND x.invoice_id = ${anyInt(ids)}
              UNION ALL
              SELECT x.invoice_id, e.date, e.user_id FROM invoice_expenses x JOIN expenses e ON e.id = x.expense_id
               WHERE x.team_id = ${scope.teamId} AND x.invoice_id = ${anyInt(ids)}) covered
        GROUP BY invoice_id`,
  );
  return new Map(rows.map((r) => [Number(r.invoice_id), r]));
}

/** Invoices in the wire shape (docs/invoices.md): lines with their amounts, client, author, covered dates. */
export async function presentInvoices(scope: Scope, caller: Caller, rows: InvoiceRow[], now: Date): Promise<Invoice[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, clientRows, authors, covered] = await Promise.all([
    scope.db
      .select()
      .from(invoiceItems)
      .where(scope.where(invoiceItems, inArray(invoiceItems.invoiceId, ids)))
      .orderBy(asc(invoiceItems.position), asc(invoiceItems.id)),
    scope.list(clients, inArray(clients.id, [...new Set(rows.map((r) => r.clientId))])),
    scope.list(users, inArray(users.id, [...new Set(rows.map((r) => r.createdBy))])),
    coverage(scope, ids),
  ]);
  const presentedClients = new Map((await presentClients(scope, caller, clientRows, now)).map((c) => [c.id, c]));
  return rows.map((r) => {
    const lines = items.filter((i) => i.invoiceId === r.id);
    const a = invoiceAmounts(lines, r.discount, r.tax);
    const author = authors.find((u) => u.id === r.createdBy);
    const cov = covered.get(r.id);
    return {
      id: r.id,
      client: presentedClients.get(r.clientId)!,
      createdAt: toDateTime(r.createdAt),
      createdBy: author
        ? presentUser(author, 'names')
        : { id: r.createdBy, name: '', role: 'admin' as const, status: 'removed' as const, headline: '', avatarUrl: '' },
      status: r.status,
      publicId: r.publicId,
      reference: r.reference,
      publicNotes: r.publicNotes,
      dateFrom: cov?.date_from ?? null,
      dateTill: cov?.date_till ?? null,
      issueDate: r.issueDate,
      dueDate: r.dueDate,
      limitDateFrom: r.limitDateFrom,
      limitDateTill: r.limitDateTill,
      includeTime: r.includeTime,
      includeExpenses: r.includeExpenses,
      projects: r.projectIds.map(prefixed),
      timeMask: r.timeMask,
      expenseMask: r.expenseMask,
      listAmount: a.listAmount,
      netAmount: a.netAmount,
      totalAmount: a.totalAmount,
      tax: a.tax,
      discount: a.discount,
      totalTime: lines.reduce((s, l) => s + l.billedTime, 0),
      invoiceItems: lines.map((l, i) => ({
        id: l.id,
        name: l.name,
        billedTime: l.billedTime,
        recordedTime: l.recordedTime,
        quantity: l.quantity,
        rate: l.rate,
        ...a.lines[i]!,
        custom: l.custom,
        taxable: l.taxable ? 1 : 0,
        position: l.position,
        project: l.projectId === null ? null : prefixed(l.projectId),
        category: l.categoryId,
        createdAt: toDateTime(l.createdAt),
      })),
      updatedAt: toDateTime(r.updatedAt),
    };
  });
}

/** Users whose time or expenses the invoice covers (the webhook payload's `attributes.users`). */
export async function coveredUsers(scope: Scope, id: number): Promise<number[]> {
  return ((await coverage(scope, [id])).get(id)?.users ?? []).map(Number).sort((a, b) => a - b);
}
