import type { ApprovalStatus } from '../../../contract/timesheets.ts';
import { weekParam } from '../../lib/week-labels.ts';
import type { InboxSearch } from './search-params.ts';

export { parseInboxSearch, type InboxSearch } from './search-params.ts';

/** The inbox request's query for these filters (`GET /approvals`). */
export function inboxQuery(s: InboxSearch): { status?: ApprovalStatus; weekId?: string; user?: string } {
  return {
    ...(s.status ? { status: s.status } : {}),
    ...(s.week !== undefined ? { weekId: weekParam(s.week) } : {}),
    ...(s.person !== undefined ? { user: String(s.person) } : {}),
  };
}

export const statusLabels: Record<ApprovalStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  partial_approved: 'Partly approved',
  rejected: 'Rejected',
  discarded: 'Withdrawn',
};
