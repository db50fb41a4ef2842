import {
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  format,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  subMonths,
  subWeeks,
  type Day,
} from 'date-fns';

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
 * Calendar days are handled at local noon: no daylight-saving change happens at noon, so a day never
 * slips to its neighbour whatever the browser's time zone.
 */
const toDate = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 12);
const toDay = (date: Date) => format(date, 'yyyy-MM-dd');
const span = (from: Date, to: Date): DateRange => ({ from: toDay(from), to: toDay(to) });

/** The days of `preset` around `today` (the user's date), for weeks starting on `weekStart` (0 = Sunday). */
export function presetRange(preset: RangePreset, today: string, weekStart: number): DateRange {
  const day = toDate(today);
  const week = { weekStartsOn: (((weekStart % 7) + 7) % 7) as Day };
  switch (preset) {
    case 'this-week':
      return span(startOfWeek(day, week), endOfWeek(day, week));
    case 'last-week': {
      const before = subWeeks(day, 1);
      return span(startOfWeek(before, week), endOfWeek(before, week));
    }
    case 'this-month':
      return span(startOfMonth(day), endOfMonth(day));
    case 'last-month': {
      const before = subMonths(day, 1);
      return span(startOfMonth(before), endOfMonth(before));
    }
    case 'this-quarter':
      return span(startOfQuarter(day), endOfQuarter(day));
    case 'this-year':
      return span(startOfYear(day), endOfYear(day));
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
