import { timesheetId } from '../../../contract/timesheet-ids.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditWho } from '../audit/record.ts';
import type { ApprovalRow } from './approvals.ts';

const state = (a: Pick<ApprovalRow, 'status' | 'approvedDates'> | undefined) => (a ? { status: a.status, approvedDates: a.approvedDates } : null);

/**
 * Records a reviewer's decision on a week: approved (all or part), rejected, or reopened (a rejection that
 * takes back days approved before, unlocking their time).
 */
export async function auditDecision(
  db: Db,
  who: AuditWho,
  week: { userId: number; weekId: number; ownerName: string },
  prior: ApprovalRow | undefined,
  decided: ApprovalRow,
  comment: string,
) {
  const reopened = (prior?.approvedDates ?? []).filter((d) => !decided.approvedDates.includes(d));
  const kind = decided.status === 'rejected' ? (reopened.length > 0 ? 'timesheet.reopened' : 'timesheet.rejected') : 'timesheet.approved';
  const name = `${week.ownerName}, week ${String(week.weekId).padStart(4, '0')}`;
  await recordAudit(db, who, {
    kind,
    subject: { type: 'timesheet', id: timesheetId(week.userId, week.weekId), name },
    before: state(prior),
    after: { ...state(decided), ...(comment ? { comment } : {}) },
  });
}
