import { count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { auditRoutes, type AuditEntry, type AuditFilter } from '../../../contract/audit-log.ts';
import { textCell } from '../../../contract/report-csv.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { requireAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';
import { attachment } from '../../lib/xlsx.ts';
import { toDateTime } from '../../lib/time.ts';

type Row = typeof auditLog.$inferSelect;
const DEFAULT_LIMIT = 50;
/** Rows read per query while the CSV streams. */
const EXPORT_BATCH = 1000;

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

export const presentAudit = (r: Row): AuditEntry => ({
  id: r.id,
  kind: r.kind,
  actor: { id: r.actorId, name: r.actorLabel },
  subject: r.subjectType ? { type: r.subjectType, id: r.subjectId ?? '', name: r.subjectName ?? '' } : null,
  before: r.before,
  after: r.after,
  address: r.address,
  createdAt: toDateTime(r.createdAt),
});

/** The team's entries matching the filters (days are UTC, both ends included). */
const filterOf = (scope: Scope, q: AuditFilter, ...more: (SQL | undefined)[]) =>
  scope.where(
    auditLog,
    q.actor !== undefined ? eq(auditLog.actorId, q.actor) : undefined,
    q.kind ? eq(auditLog.kind, q.kind) : undefined,
    q.from ? gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(auditLog.createdAt, dayAfter(q.to)) : undefined,
    ...more,
  );

const CSV_HEADER = ['When (UTC)', 'Who', 'Who (id)', 'What', 'Subject type', 'Subject id', 'Subject', 'Before', 'After', 'Address'];

const csvLine = (r: Row) =>
  [
    toDateTime(r.createdAt),
    r.actorLabel,
    r.actorId === null ? '' : String(r.actorId),
    r.kind,
    r.subjectType ?? '',
    r.subjectId ?? '',
    r.subjectName ?? '',
    r.before ? JSON.stringify(r.before) : '',
    r.after ? JSON.stringify(r.after) : '',
    r.address,
  ]
    .map(textCell)
    .join(',') + '\r\n';

/** `GET /audit-log` and its CSV export: admins read their own team's entries; nothing changes or removes one. */
export function registerAuditRoutes(app: Hono<AppEnv>) {
  register(app, auditRoutes.list, async (c, { query }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    const limit = query.limit ?? DEFAULT_LIMIT;
    const page = query.page ?? 1;
    const filter = filterOf(scope, query);
    const [rows, [total]] = await Promise.all([
      scope.db
        .select()
        .from(auditLog)
        .where(filter)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset((page - 1) * limit),
      scope.db.select({ n: count() }).from(auditLog).where(filter),
    ]);
    return { items: rows.map(presentAudit), total: Number(total?.n ?? 0) };
  });

  register(app, auditRoutes.export, async (c, { query }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    const logger = c.get('deps').logger;
    const encoder = new TextEncoder();
    let last: number | undefined;
    let started = false;
    // Streams newest first in batches by id, so a long log never sits in memory whole.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            controller.enqueue(encoder.encode(`\ufeff${CSV_HEADER.map(textCell).join(',')}\r\n`));
          }
          const rows = await scope.db
            .select()
            .from(auditLog)
            .where(filterOf(scope, query, last !== undefined ? lt(auditLog.id, last) : undefined))
            .orderBy(desc(auditLog.id))
            .limit(EXPORT_BATCH);
          if (rows.length > 0) {
            last = rows.at(-1)!.id;
            controller.enqueue(encoder.encode(rows.map(csvLine).join('')));
          }
          if (rows.length < EXPORT_BATCH) controller.close();
        } catch (e) {
          logger.error('audit log export failed', { error: e instanceof Error ? e.message : String(e) });
          controller.error(e);
        }
      },
    });
    const range = query.from || query.to ? `-${query.from ?? 'start'}-to-${query.to ?? 'today'}` : '';
    return new Response(body, {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': attachment(`timekeep-audit-log${range}.csv`) },
    });
  });
}
