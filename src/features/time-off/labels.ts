import type { TimeOffAssignment, TimeOffPeriod, TimeOffType } from '../../../contract/timeoff.ts';

export const periodLabel: Record<TimeOffPeriod, string> = {
  'full-day': 'Full day',
  'half-of-day': 'Half day',
  'quarter-of-day': 'Quarter day',
  'half-and-quarter-of-day': 'Three quarters',
};

export const statusLabel: Record<TimeOffAssignment['status'], string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** `Mon 6 Jul`. */
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
/** `Mon 6 Jul` or `Mon 6 Jul – Fri 10 Jul`, with the year when it is not `year`. */
export function rangeLabel(from: string, to: string, year?: string) {
  const withYear = (d: string) => (year && d.slice(0, 4) !== year ? `${dayLabel(d)} ${d.slice(0, 4)}` : dayLabel(d));
  return from === to ? withYear(from) : `${withYear(from)} \u2013 ${withYear(to)}`;
}

/** An allocation's period on its own line (the request form's preview): a date outside `today`'s year shows its year. */
export const allocationPeriodLabel = (a: { startDate: string; endDate: string }, today: string) =>
  rangeLabel(a.startDate, a.endDate, today.slice(0, 4));

/** `1 day`, `0.5 days`. */
export const daysText = (n: number) => `${Math.round(n * 100) / 100} ${n === 1 ? 'day' : 'days'}`;

export const typeName = (types: readonly TimeOffType[], id: number | null) =>
  id === null ? 'Time off' : (types.find((t) => t.id === id)?.name ?? 'Time off');

/** The type's initial, shown with its colour so a marker does not rely on colour alone. */
export const typeLetter = (types: readonly TimeOffType[], id: number | null) => typeName(types, id).slice(0, 1).toUpperCase();
