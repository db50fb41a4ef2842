import type { ApprovalStatus } from '../../../contract/timesheets.ts';
import { weekLabel, weekNumberLabel } from '../../lib/week.ts';

/** `Week 11 · Mar 9 – 15, 2026` */
export const weekTitle = (weekId: number, weekStart: number) => `${weekNumberLabel(weekId)} \u00b7 ${weekLabel(weekId, weekStart)}`;

export { whenLabel } from '../../lib/format.ts';

/** The tone of a status badge. */
export const statusTone: Record<ApprovalStatus, 'warn' | 'ok' | 'bad' | 'muted'> = {
  pending: 'warn',
  approved: 'ok',
  partial_approved: 'ok',
  rejected: 'bad',
  discarded: 'muted',
};
