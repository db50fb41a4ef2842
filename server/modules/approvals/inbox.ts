import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ApprovalInboxItem, ApprovalSummary } from '../../../contract/approvals.ts';
import type { ApprovalStatus } from '../../../contract/timesheets.ts';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { approvals, projects, tasks, timeRecords, users, type StoredApprovalEntry } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { toDateTime } from '../../lib/time.ts';
import { datesToDays } from '../timesheets/approvals.ts';

export interface InboxFilter {
  status?: ApprovalStatus | undefined;
  weekId?: number | undefined;
  user?: number | undefined;
  limit?: number | undefined;
}

const DEFAULT_LIMIT = 100;
const num = (v: unknown) => Number(v ?? 0);

/** A record counts as billable when its task is not `unbillable` and the task's project bills. */
const billable = sql`${tasks.id} IS NOT NULL AND NOT ${tasks.unbillable} AND coalesce(${projects.billing}->>'type', 'non_billable') <> 'non_billable'`;

/**
 * The team's submitted weeks for the approvals inbox: each approval with the seconds of its week (all,
 * billable, and on the requested days), summed for the listed weeks only. Pending weeks come first, the longest
 * waiting first (a pending row is last written when it is submitted); then the most recently decided.
 */
export async function inbox(scope: Scope, f: InboxFilter): Promise<ApprovalInboxItem[]> {
  const conds: (SQL | undefined)[] = [
    f.status ? eq(approvals.status, f.status) : ne(approvals.status, 'discarded'),
    f.weekId !== undefined ? eq(approvals.weekId, f.weekId) : undefined,
    f.user !== undefined ? eq(approvals.userId, f.user) : undefined,
  ];
  const pending = sql`${approvals.status} = 'pending'`;
  const rows = await scope.db
    .select()
    .from(approvals)
    .where(scope.where(approvals, ...conds))
    .orderBy(desc(pending), asc(sql`CASE WHEN ${pending} THEN ${approvals.updatedAt} END`), desc(approvals.updatedAt), desc(approvals.id))
    .limit(f.limit ?? DEFAULT_LIMIT);
  if (rows.length === 0) return [];

  const [sums, people] = await Promise.all([
    // Only the listed weeks' records are read.
    scope.db
      .select({
        id: approvals.id,
        totalTime: sql<string>`coalesce(sum(${timeRecords.time}), 0)`,
        billableTime: sql<string>`coalesce(sum(${timeRecords.time}) FILTER (WHERE ${billable}), 0)`,
        submittedTime: sql<string>`coalesce(sum(${timeRecords.time}) FILTER (WHERE ${timeRecords.date}::text = ANY(${approvals.submittedDates})), 0)`,
      })
      .from(approvals)
      .innerJoin(
        timeRecords,
        and(
          eq(timeRecords.teamId, approvals.teamId),
          eq(timeRecords.userId, approvals.userId),
          sql`${timeRecords.date} BETWEEN ${approvals.weekFrom} AND ${approvals.weekTo}`,
        ),
      )
      .leftJoin(tasks, eq(tasks.id, timeRecords.taskId))
      .leftJoin(projects, eq(projects.id, tasks.projectId))
      .where(
        scope.where(
          approvals,
          inArray(
            approvals.id,
            rows.map((r) => r.id),
          ),
        ),
      )
      .groupBy(approvals.id),
    scope.db.select({ id: users.id, name: users.name }).from(users).where(scope.where(users)),
  ]);
  const totals = new Map(sums.map((s) => [s.id, s]));
  const names = new Map(people.map((u) => [u.id, u.name]));
  const person = (id: number) => ({ id, name: names.get(id) ?? 'Former member' });

  return rows.map((a) => {
    const lastSubmit = a.history.findLastIndex((h) => h.action === 'submitted');
    const request: StoredApprovalEntry | undefined = a.history[lastSubmit];
    const after = a.history.slice(lastSubmit + 1).filter((h) => h.action !== 'submitted');
    const decided = after.at(-1);
    return {
      id: timesheetId(a.userId, a.weekId),
      user: person(a.userId),
      weekId: a.weekId,
      week: { from: a.weekFrom, to: a.weekTo },
      status: a.status,
      totalTime: num(totals.get(a.id)?.totalTime),
      billableTime: num(totals.get(a.id)?.billableTime),
      submittedTime: num(totals.get(a.id)?.submittedTime),
      submittedDays: datesToDays(a.submittedDates),
      approvedDays: datesToDays(a.approvedDates),
      submittedAt: toDateTime(request ? new Date(request.at) : a.createdAt),
      comment: request?.comment ?? '',
      reviewer: a.reviewerId === null ? null : person(a.reviewerId),
      decision: decided
        ? {
            action: decided.action,
            by: person(decided.userId),
            comment: decided.comment,
            at: toDateTime(new Date(decided.at)),
            days: datesToDays(decided.dates),
          }
        : null,
    };
  });
}

/** Counts for the navigation badge. */
export async function summary(scope: Scope, viewerId: number): Promise<ApprovalSummary> {
  const [row] = await scope.db
    .select({
      pending: sql<string>`count(*)`,
      pendingForMe: sql<string>`count(*) FILTER (WHERE ${approvals.reviewerId} = ${viewerId})`,
    })
    .from(approvals)
    .where(scope.where(approvals, eq(approvals.status, 'pending')));
  return { pending: num(row?.pending), pendingForMe: num(row?.pendingForMe) };
}
