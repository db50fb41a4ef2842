import { and, arrayOverlaps, eq, inArray, or } from 'drizzle-orm';
import { approvals } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { toDateTime } from '../../lib/time.ts';
import { autoLockReasons, type LockViewer } from './auto-lock.ts';

type ApprovalRow = typeof approvals.$inferSelect;

/** The reasons an approval locks `date`, or none. */
export function approvalLockReasons(a: Pick<ApprovalRow, 'weekId' | 'status' | 'submittedDates' | 'approvedDates' | 'approvedAt'>, date: string): string[] {
  const reasons: string[] = [];
  if (a.approvedDates.includes(date)) reasons.push(`Approved on ${a.approvedAt ? toDateTime(a.approvedAt) : 'an earlier date'} (week ${a.weekId})`);
  else if (a.status === 'pending' && a.submittedDates.includes(date)) reasons.push(`Week ${a.weekId} is pending approval`);
  return reasons;
}

/** The approvals of `userIds` that lock any of `dates` (approved there, or pending with them submitted). */
export function approvalsLocking(scope: Scope, userIds: number[], dates: string[]): Promise<ApprovalRow[]> {
  return scope.list(
    approvals,
    userIds.length === 1 ? eq(approvals.userId, userIds[0]!) : inArray(approvals.userId, userIds),
    or(arrayOverlaps(approvals.approvedDates, dates), and(eq(approvals.status, 'pending'), arrayOverlaps(approvals.submittedDates, dates))),
  );
}

/**
 * Why each of `dates` (YYYY-MM-DD) is locked for `userId`'s time and timecards: pending or approved
 * approvals, then the team's automatic lock where it binds `viewer` (null: approvals only). Days without a
 * reason are absent from the map.
 */
export async function lockReasons(scope: Scope, userId: number, dates: string[], viewer: LockViewer | null): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  const wanted = [...new Set(dates)];
  if (wanted.length === 0) return map;
  const [rows, auto] = await Promise.all([
    approvalsLocking(scope, [userId], wanted),
    autoLockReasons(scope, viewer, userId, wanted),
  ]);
  for (const date of wanted) {
    const reasons = [...rows.flatMap((a) => approvalLockReasons(a, date)), ...(auto.get(date) ?? [])];
    if (reasons.length) map.set(date, reasons);
  }
  return map;
}
