import type { WeekDays } from '../../../contract/timesheets.ts';
import { dayNameOf } from '../../../contract/weeks.ts';
import { dayInfo } from '../../lib/week.ts';

/**
 * The chosen days in the week's order as short names, runs joined: `Mon–Wed, Fri`; `No days` when none.
 * `dates` are the week's dates (`YYYY-MM-DD`), first day first.
 */
export function daysLabel(days: WeekDays, dates: readonly string[]): string {
  const on = dates.map((d) => days[dayNameOf(d)]);
  const runs: string[] = [];
  for (let i = 0; i < dates.length; i++) {
    if (!on[i]) continue;
    let j = i;
    while (j + 1 < dates.length && on[j + 1]) j++;
    const a = dayInfo(dates[i]!).short;
    const b = dayInfo(dates[j]!).short;
    runs.push(j === i ? a : j === i + 1 ? `${a}, ${b}` : `${a}\u2013${b}`);
    i = j;
  }
  return runs.length ? runs.join(', ') : 'No days';
}

/** The `days` body of a review for the chosen dates (every weekday named, chosen ones true). */
export function daysOf(chosen: ReadonlySet<string>, dates: readonly string[]): WeekDays {
  const out: WeekDays = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
  for (const d of dates) if (chosen.has(d)) out[dayNameOf(d)] = true;
  return out;
}

/** The dates of the week that `days` marks. */
export const datesOf = (days: WeekDays, dates: readonly string[]) => dates.filter((d) => days[dayNameOf(d)]);
