import { z } from 'zod';
import { dateString, dateTimeString, numericId, numericIdQuery, queryInt, seconds } from './common.ts';
import { defineRoute } from './route.ts';
import { approvalAction, approvalStatus, queryWeekId, weekDays, weekIdNumber } from './timesheets.ts';

/** A person named in the inbox. */
const person = z.object({ id: numericId, name: z.string() });

/**
 * One submitted week as a reviewer sees it in the inbox: who, which week, how much time (the whole
 * week and its billable part), which days were asked for, when, with what comment, and the latest decision.
 */
export const approvalInboxItem = z.object({
  /** The timesheet id (user id digits followed by the week id). */
  id: numericId,
  user: person,
  weekId: weekIdNumber,
  week: z.object({ from: dateString, to: dateString }),
  status: approvalStatus,
  /** Seconds recorded in the week. */
  totalTime: seconds,
  /** Seconds recorded in the week on billable tasks. */
  billableTime: seconds,
  /** Seconds recorded on the days of the latest request. */
  submittedTime: seconds,
  submittedDays: weekDays,
  approvedDays: weekDays,
  /** When the latest request was made. */
  submittedAt: dateTimeString,
  /** The member's comment on the latest request. */
  comment: z.string(),
  /** The reviewer the member asked for, if any. */
  reviewer: person.nullable(),
  /** The latest approval, rejection or withdrawal after the latest request; null while nobody has acted. */
  decision: z.object({ action: approvalAction, by: person, comment: z.string(), at: dateTimeString, days: weekDays }).nullable(),
});
export type ApprovalInboxItem = z.infer<typeof approvalInboxItem>;

export const approvalInboxQuery = z.object({
  /** One status; by default every status but `discarded`. */
  status: approvalStatus.optional(),
  weekId: queryWeekId.optional(),
  user: numericIdQuery('user').optional(),
  /** At most this many weeks (default 100). */
  limit: queryInt(1, 500).optional(),
});

export const approvalSummary = z.object({
  /** Weeks waiting for a decision. */
  pending: z.number().int().min(0),
  /** Of those, the ones whose member asked the caller to review. */
  pendingForMe: z.number().int().min(0),
});
export type ApprovalSummary = z.infer<typeof approvalSummary>;

const T = 'Approvals';

export const approvalRoutes = {
  inbox: defineRoute({
    method: 'get',
    path: '/approvals',
    tag: T,
    summary: 'Submitted weeks of the team, pending first (oldest request first), then the most recently decided (admins, supervisors)',
    query: approvalInboxQuery,
    status: 200,
    response: z.array(approvalInboxItem),
  }),
  summary: defineRoute({
    method: 'get',
    path: '/approvals/summary',
    tag: T,
    summary: 'How many weeks wait for a decision (admins, supervisors)',
    status: 200,
    response: approvalSummary,
  }),
};
