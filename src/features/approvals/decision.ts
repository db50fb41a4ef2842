import type { z } from 'zod';
import type { reviewApprovalBody, WeekDays } from '../../../contract/timesheets.ts';
import { datesOf, daysOf } from './days.ts';

export type ReviewBody = z.input<typeof reviewApprovalBody>;
export type DecisionKind = 'approve' | 'approve-days' | 'reject';

export interface DecisionInput {
  kind: DecisionKind;
  /** Dates ticked for a partial approval. */
  chosen: ReadonlySet<string>;
  comment: string;
  /** The week's dates, first day first. */
  dates: readonly string[];
  submittedDays: WeekDays;
  approvedDays: WeekDays;
}

export type Decision = { ok: true; body: ReviewBody } | { ok: false; field: 'days' | 'comment'; message: string };

/** Dates a reviewer can still approve: submitted and not yet approved. */
export const openDates = (dates: readonly string[], submitted: WeekDays, approved: WeekDays) =>
  datesOf(submitted, dates).filter((d) => !datesOf(approved, dates).includes(d));

/** The review request for a reviewer's choice, or why it cannot be sent yet. */
export function decide(input: DecisionInput): Decision {
  const comment = input.comment.trim();
  if (input.kind === 'reject') {
    if (!comment) return { ok: false, field: 'comment', message: 'Say what to change: the member sees this comment' };
    return { ok: true, body: { status: 'rejected', comment } };
  }
  if (input.kind === 'approve') return { ok: true, body: { status: 'approved', comment } };
  const open = new Set(openDates(input.dates, input.submittedDays, input.approvedDays));
  const chosen = [...input.chosen].filter((d) => open.has(d));
  if (chosen.length === 0) return { ok: false, field: 'days', message: 'Tick at least one submitted day to approve' };
  return { ok: true, body: { status: 'approved', days: daysOf(new Set(chosen), input.dates), comment } };
}
