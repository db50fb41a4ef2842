import { eq, inArray, max, sql } from 'drizzle-orm';
import type {
  AdjustmentInput,
  CreateInvoiceBody,
  Invoice,
  InvoiceStatus,
  ResetInvoiceBody,
  UpdateInvoiceBody,
} from '../../../contract/invoices.ts';
import { MAX_ID } from '../../../contract/common.ts';
import { clients, invoiceItems, invoices, projects, type StoredAdjustment } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { invalid, notFound, unprocessable } from '../../http/errors.ts';
import { parsePrefixedId, prefixed } from '../../lib/ids.ts';
import { toDate } from '../../lib/time.ts';
import { emitEvent, type EventKind } from '../webhooks/outbox.ts';
import { claim, generatedItems, release, type Selection } from './build.ts';
import { itemChanges } from './items.ts';
import { coveredUsers, presentInvoices, type InvoiceRow } from './present.ts';
import { recordAudit, type AuditWho } from '../audit/record.ts';

export const DEFAULT_TIME_MASK = '%PROJECT%';
export const DEFAULT_EXPENSE_MASK = 'Expenses — %CATEGORY% (%PROJECT%)';

/** A rate above 0 decides (the amount is what it comes to); otherwise the fixed amount. */
const toAdjustment = (input: AdjustmentInput | undefined, current: StoredAdjustment): StoredAdjustment => {
  if (input === undefined) return current;
  const rate = input.rate ?? 0;
  return rate > 0 ? { rate, amount: 0 } : { rate: 0, amount: input.amount ?? 0 };
};
const NONE: StoredAdjustment = { rate: 0, amount: 0 };

/** The invoice as an admin sees it, after writing its event to the outbox in the same transaction. */
async function presentAndEmit(s: Scope, caller: Caller, row: InvoiceRow, now: Date, kind: EventKind): Promise<Invoice> {
  const [inv] = await presentInvoices(s, caller, [row], now);
  await emitEvent(s, {
    kind,
    actorId: caller.user.id,
    resourceId: String(row.id),
    resource: inv,
    projectId: null,
    projects: [...new Set(inv!.invoiceItems.flatMap((i) => (i.project ? [i.project] : [])))],
    users: await coveredUsers(s, row.id),
  });
  return inv!;
}

/** The invoice locked for this transaction; 404 when it is not the team's. */
async function loadForUpdate(s: Scope, id: number): Promise<InvoiceRow> {
  const [row] = await s.db
    .select()
    .from(invoices)
    .where(s.where(invoices, eq(invoices.id, id)))
    .for('update');
  if (!row) throw notFound('Invoice');
  return row;
}

function requireDraft(row: InvoiceRow, doing: string) {
  if (row.status !== 'draft') {
    const message = `Invoice ${row.publicId} is ${row.status}; mark it as draft to ${doing}`;
    throw unprocessable(message, { status: [message] });
  }
}

/** The projects of `body.projects`, each of which must be the client's; 422 naming the others. */
async function clientProjects(s: Scope, clientId: number, wanted: string[]): Promise<number[]> {
  const ids = [...new Set(wanted.map(parsePrefixedId))];
  if (ids.length === 0) return [];
  const storable = ids.filter((id) => id <= MAX_ID);
  const found = storable.length ? await s.list(projects, inArray(projects.id, storable), eq(projects.clientId, clientId)) : [];
  const missing = ids.filter((id) => !found.some((p) => p.id === id));
  if (missing.length) throw invalid('projects', `Not projects of this client: ${missing.map(prefixed).join(', ')}`);
  return ids;
}

function checkDates(issueDate: string, dueDate: string | null) {
  if (dueDate !== null && dueDate < issueDate) throw invalid('dueDate', 'Must not be before issueDate');
}

/** Replaces the generated lines with those of what the invoice covers now; custom lines follow them. */
async function rebuild(s: Scope, row: InvoiceRow, sel: Selection) {
  await release(s, row.id);
  await s.delete(invoiceItems, eq(invoiceItems.invoiceId, row.id), eq(invoiceItems.custom, false));
  await claim(s, row.id, row.clientId, sel);
  const generated = await generatedItems(s, row.id, sel);
  await s.insertMany(invoiceItems, generated);
  const custom = await s.db
    .select({ id: invoiceItems.id })
    .from(invoiceItems)
    .where(s.where(invoiceItems, eq(invoiceItems.invoiceId, row.id), eq(invoiceItems.custom, true)))
    .orderBy(invoiceItems.position, invoiceItems.id);
  for (const [i, c] of custom.entries()) await s.update(invoiceItems, { position: generated.length + i + 1 }, eq(invoiceItems.id, c.id));
}

/** POST /clients/{id}/invoices: a draft from the client's uninvoiced billable time and expenses. */
export async function createInvoice(scope: Scope, caller: Caller, clientId: number, body: CreateInvoiceBody, now: Date): Promise<Invoice> {
  return scope.tx(async (s) => {
    const client = await s.byId(clients, clientId);
    if (!client) throw notFound('Client');
    const sel: Selection = {
      limitDateFrom: body.limitDateFrom ?? null,
      limitDateTill: body.limitDateTill ?? null,
      includeTime: body.includeTime ?? true,
      includeExpenses: body.includeExpenses ?? true,
      projectIds: await clientProjects(s, clientId, body.projects ?? []),
      timeMask: body.timeMask ?? DEFAULT_TIME_MASK,
      expenseMask: body.expenseMask ?? DEFAULT_EXPENSE_MASK,
    };
    const issueDate = body.issueDate ?? toDate(now);
    checkDates(issueDate, body.dueDate ?? null);
    // Numbers are per team: the team's row is locked while the next one is taken.
    await s.db.execute(sql`SELECT id FROM teams WHERE id = ${s.teamId} FOR UPDATE`);
    const [last] = await s.db
      .select({ n: max(invoices.number) })
      .from(invoices)
      .where(s.mine(invoices));
    const number = (last?.n ?? 0) + 1;
    const row = await s.insert(invoices, {
      clientId,
      createdBy: caller.user.id,
      number,
      publicId: body.publicId ?? `INV-${String(number).padStart(4, '0')}`,
      reference: body.reference ?? '',
      publicNotes: body.publicNotes ?? '',
      issueDate,
      dueDate: body.dueDate ?? null,
      ...sel,
      tax: toAdjustment(body.tax, NONE),
      discount: toAdjustment(body.discount, NONE),
      createdAt: now,
      updatedAt: now,
    });
    await rebuild(s, row, sel);
    return presentAndEmit(s, caller, row, now, 'api:invoice:created');
  });
}

/** PUT /invoices/{id}: drafts only. */
export async function updateInvoice(scope: Scope, caller: Caller, id: number, body: UpdateInvoiceBody, now: Date): Promise<Invoice> {
  return scope.tx(async (s) => {
    const row = await loadForUpdate(s, id);
    requireDraft(row, 'change it');
    const issueDate = body.issueDate ?? row.issueDate;
    const dueDate = body.dueDate !== undefined ? body.dueDate : row.dueDate;
    checkDates(issueDate, dueDate);
    if (body.invoiceItems) {
      const existing = await s.list(invoiceItems, eq(invoiceItems.invoiceId, id));
      const changes = itemChanges(id, existing, body.invoiceItems);
      if (changes.remove.length) await s.delete(invoiceItems, inArray(invoiceItems.id, changes.remove));
      for (const { id: itemId, ...set } of changes.update) await s.update(invoiceItems, set, eq(invoiceItems.id, itemId));
      await s.insertMany(invoiceItems, changes.insert);
    }
    const [updated] = await s.update(
      invoices,
      {
        publicId: body.publicId ?? row.publicId,
        reference: body.reference ?? row.reference,
        publicNotes: body.publicNotes ?? row.publicNotes,
        issueDate,
        dueDate,
        tax: toAdjustment(body.tax, row.tax),
        discount: toAdjustment(body.discount, row.discount),
        updatedAt: now,
      },
      eq(invoices.id, id),
    );
    return presentAndEmit(s, caller, updated!, now, 'api:invoice:updated');
  });
}

/** POST /invoices/{id}/reset-time: drafts only; the selection may change with it. */
export async function resetInvoice(scope: Scope, caller: Caller, id: number, body: ResetInvoiceBody, now: Date): Promise<Invoice> {
  return scope.tx(async (s) => {
    const row = await loadForUpdate(s, id);
    requireDraft(row, 'rebuild its lines');
    const sel: Selection = {
      limitDateFrom: body.limitDateFrom !== undefined ? body.limitDateFrom : row.limitDateFrom,
      limitDateTill: body.limitDateTill !== undefined ? body.limitDateTill : row.limitDateTill,
      includeTime: body.includeTime ?? row.includeTime,
      includeExpenses: body.includeExpenses ?? row.includeExpenses,
      projectIds: body.projects ? await clientProjects(s, row.clientId, body.projects) : row.projectIds,
      timeMask: body.timeMask ?? row.timeMask,
      expenseMask: body.expenseMask ?? row.expenseMask,
    };
    if (sel.limitDateFrom && sel.limitDateTill && sel.limitDateFrom > sel.limitDateTill)
      throw invalid('limitDateFrom', 'Must not be after limitDateTill');
    const [updated] = await s.update(invoices, { ...sel, updatedAt: now }, eq(invoices.id, id));
    await rebuild(s, updated!, sel);
    return presentAndEmit(s, caller, updated!, now, 'api:invoice:updated');
  });
}

/** DELETE /invoices/{id}: drafts only; its time and expenses are uninvoiced again. */
export async function deleteInvoice(scope: Scope, caller: Caller, id: number, now: Date, who: AuditWho): Promise<void> {
  await scope.tx(async (s) => {
    const row = await loadForUpdate(s, id);
    requireDraft(row, 'delete it');
    await presentAndEmit(s, caller, row, now, 'api:invoice:deleted');
    await release(s, id);
    await s.delete(invoices, eq(invoices.id, id));
    await recordAudit(s.db, who, { kind: 'invoice.deleted', subject: { type: 'invoice', id, name: `Invoice ${row.number}` } });
  });
}

/** POST /invoices/{id}/draft|sent|paid. Sent and paid invoices refuse edits; marking one as draft allows them again. */
export async function setInvoiceStatus(scope: Scope, caller: Caller, id: number, status: InvoiceStatus, now: Date): Promise<Invoice> {
  return scope.tx(async (s) => {
    const row = await loadForUpdate(s, id);
    if (row.status === status) return (await presentInvoices(s, caller, [row], now))[0]!;
    const [updated] = await s.update(invoices, { status, updatedAt: now }, eq(invoices.id, id));
    return presentAndEmit(s, caller, updated!, now, 'api:invoice:updated');
  });
}
