import type { ApprovalStatus } from '../../../contract/timesheets.ts';
import { weekLabel, weekNumberLabel } from '../../lib/week.ts';

/** `Week 11 · Mar 9 – 15, 2026` */
export const weekTitle = (weekId: number, weekStart: number) => `${weekNumberLabel(weekId)} \u00b7 ${weekLabel(weekId, weekStart)}`;

/** A server date-time (`YYYY-MM-DD HH:MM:SS`, UTC) in the viewer's time, e.g. `Mar 16, 09:00`. */
export function whenLabel(dateTime: string): string {
  const d = new Date(`${dateTime.replace(' ', 'T')}Z`);
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** The tone of a status badge. */
export const statusTone: Record<ApprovalStatus, 'warn' | 'ok' | 'bad' | 'muted'> = {
  pending: 'warn',
  approved: 'ok',
  partial_approved: 'ok',
  rejected: 'bad',
  discarded: 'muted',
};
