import type { ApprovalStatus } from '../../../contract/timesheets.ts';
import { parseWeekParam } from '../../lib/week.ts';
import { positiveId } from '../../lib/positive-id.ts';

/** The inbox's filters and the open week, as they stand in the URL (`/approvals?status=pending&week=2611`). */
export interface InboxSearch {
  status?: ApprovalStatus | undefined;
  week?: number | undefined;
  person?: number | undefined;
  /** The timesheet id of the week open beside the list. */
  open?: number | undefined;
}

const statuses: readonly ApprovalStatus[] = ['pending', 'approved', 'partial_approved', 'rejected', 'discarded'];

/** Keeps what is valid of a URL's search values and drops the rest (a bad link still opens the inbox). */
export function parseInboxSearch(raw: Record<string, unknown>): InboxSearch {
  const out: InboxSearch = {};
  if (typeof raw.status === 'string' && (statuses as readonly string[]).includes(raw.status)) out.status = raw.status as ApprovalStatus;
  const week = parseWeekParam(raw.week);
  if (week !== undefined) out.week = week;
  const person = positiveId(raw.person);
  if (person !== undefined && person <= 2_147_483_647) out.person = person;
  const open = positiveId(raw.open);
  if (open !== undefined) out.open = open;
  return out;
}
