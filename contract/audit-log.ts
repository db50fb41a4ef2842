import { z } from 'zod';
import { dateString, dateTimeString, numericId, numericIdQuery, queryInt } from './common.ts';
import { defineRoute } from './route.ts';

// The audit log stands in a contract file of its own: only the Team screen's audit tab asks for it.

/**
 * What an entry records. Add a kind at the end of its group; the database keeps the text, so a kind never
 * changes its spelling once entries carry it.
 */
export const auditKinds = [
  'signin.succeeded',
  'signin.failed',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes_renewed',
  'team.security_changed',
  'team.rounding_changed',
  'api_key.rotated',
  'user.role_changed',
  'user.status_changed',
  'user.rates_changed',
  'timesheet.approved',
  'timesheet.rejected',
  'timesheet.reopened',
  'week.unlocked',
  'team.auto_lock_changed',
  'client.deleted',
  'project.billing_changed',
  'project.deleted',
  'task.deleted',
  'invoice.deleted',
  'import.applied',
  'import.undone',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
] as const;
export const auditKind = z.enum(auditKinds, { error: `Must be one of ${auditKinds.join(', ')}` });
export type AuditKind = z.infer<typeof auditKind>;

/** What the entry is about, with its name as it was at the time (the thing may be gone since). */
export const auditSubject = z.object({ type: z.string(), id: z.string(), name: z.string() });
export type AuditSubject = z.infer<typeof auditSubject>;

/** Who acted: a person of the team, or (id null) a label such as an unknown address's failed sign-in. */
export const auditActor = z.object({ id: numericId.nullable(), name: z.string() });
export type AuditActor = z.infer<typeof auditActor>;

export const auditEntry = z.object({
  id: numericId,
  kind: auditKind,
  actor: auditActor,
  subject: auditSubject.nullable(),
  /** The changed values before and after, where the change has them (null otherwise). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The client's address as the trusted-proxy rule gives it ('' when unknown). */
  address: z.string(),
  createdAt: dateTimeString,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditList = z.object({
  items: z.array(auditEntry),
  /** Entries matching the filters in all. */
  total: z.number().int().min(0),
});
export type AuditList = z.infer<typeof auditList>;

const filterFields = {
  /** Entries by this person. */
  actor: numericIdQuery('user').optional(),
  kind: auditKind.optional(),
  /** First and last day (UTC), both included. */
  from: dateString.optional(),
  to: dateString.optional(),
};
const orderedRange = (q: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before from' });
};

export const auditListQuery = z
  .object({
    ...filterFields,
    /** Per page (default 50). */
    limit: queryInt(1, 200).optional(),
    /** 1-based page. */
    page: queryInt(1, 100_000).optional(),
  })
  .superRefine(orderedRange);
export type AuditListQuery = z.output<typeof auditListQuery>;

export const auditExportQuery = z
  .object({ ...filterFields, format: z.enum(['csv'], { error: 'Must be csv' }).default('csv') })
  .superRefine(orderedRange);
export type AuditExportQuery = z.output<typeof auditExportQuery>;

export type AuditFilter = Pick<AuditListQuery, 'actor' | 'kind' | 'from' | 'to'>;

const T = 'Audit log';

export const auditRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/audit-log',
    tag: T,
    summary: "The team's audit log, newest first (admins); entries are kept at least 400 days and never changed",
    query: auditListQuery,
    status: 200,
    response: auditList,
  }),
  export: defineRoute({
    method: 'get',
    path: '/audit-log/export',
    tag: T,
    summary: "The team's audit log with the same filters as a CSV file (admins)",
    query: auditExportQuery,
    status: 200,
    produces: 'text/csv',
  }),
};
