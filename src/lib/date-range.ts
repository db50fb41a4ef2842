import { addDays, monthSpan, weekStartDate } from '../../contract/weeks.ts';

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

/**
 * The days of `preset` around `today` (the user's date), for weeks starting on `weekStart` (0 = Sunday).
 * Pure calendar arithmetic on `YYYY-MM-DD` days: the browser's time zone and daylight saving play no part.
 */
export function presetRange(preset: RangePreset, today: string, weekStart: number): DateRange {
  const month = Number(today.slice(5, 7));
  const week = (start: string): DateRange => ({ from: start, to: addDays(start, 6) });
  switch (preset) {
    case 'this-week':
      return week(weekStartDate(today, ((weekStart % 7) + 7) % 7));
    case 'last-week':
      return week(addDays(weekStartDate(today, ((weekStart % 7) + 7) % 7), -7));
    case 'this-month':
      return monthSpan(today);
    case 'last-month':
      return monthSpan(today, -1);
    case 'this-quarter':
      return monthSpan(today, -((month - 1) % 3), 3);
    case 'this-year':
      return monthSpan(today, 1 - month, 12);
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
