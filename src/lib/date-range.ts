import { addDays, weekStartDate } from '../../contract/weeks.ts';

/** Dates are `YYYY-MM-DD` calendar days, both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

export const rangePresets = ['this-week', 'last-week', 'this-month', 'last-month', 'this-quarter', 'this-year'] as const;
export type RangePreset = (typeof rangePresets)[number];

export const presetLabels: Record<RangePreset | 'custom', string> = {
  'this-week': 'This week',
  'last-week': 'Last week',
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-quarter': 'This quarter',
  'this-year': 'This year',
  custom: 'Custom',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** The first and last day of the month `month` (1–12, may run past either end of the year) of `year`. */
function monthSpan(year: number, month: number, months = 1): DateRange {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const last = new Date(Date.UTC(year, month - 1 + months, 0));
  const day = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return { from: day(first), to: day(last) };
}

/**
 * The days of `preset` around `today` (the user's date), for weeks starting on `weekStart` (0 = Sunday).
 * Pure calendar arithmetic on `YYYY-MM-DD` days: the browser's time zone and daylight saving play no part.
 */
export function presetRange(preset: RangePreset, today: string, weekStart: number): DateRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const week = (start: string): DateRange => ({ from: start, to: addDays(start, 6) });
  switch (preset) {
    case 'this-week':
      return week(weekStartDate(today, ((weekStart % 7) + 7) % 7));
    case 'last-week':
      return week(addDays(weekStartDate(today, ((weekStart % 7) + 7) % 7), -7));
    case 'this-month':
      return monthSpan(year, month);
    case 'last-month':
      return monthSpan(year, month - 1);
    case 'this-quarter':
      return monthSpan(year, month - ((month - 1) % 3), 3);
    case 'this-year':
      return monthSpan(year, 1, 12);
  }
}

/** The preset that gives exactly `range` today, or `custom`. */
export function matchPreset(range: DateRange | null | undefined, today: string, weekStart: number): RangePreset | 'custom' {
  if (!range) return 'custom';
  return rangePresets.find((p) => {
    const r = presetRange(p, today, weekStart);
    return r.from === range.from && r.to === range.to;
  }) ?? 'custom';
}
