import { addDays, dateAtOffset, isWeekId, shiftWeek, weekDates, weekIdOf, weekRange } from '../../contract/weeks.ts';

/**
 * Week navigation for the timesheet on top of `contract/weeks.ts` (the one place week math lives).
 * Weeks are `YYWW` ids; in the URL they are written with four digits (`?week=2647`).
 */

/** The week id in a URL's search value, or undefined when it is not an existing week. */
export function parseWeekParam(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{3,4}$/.test(text)) return undefined;
  const id = Number(text);
  return isWeekId(id) ? id : undefined;
}

/** The week of today, for a user `offsetHours` from UTC whose weeks start on `weekStart`. */
export const thisWeek = (now: Date, offsetHours: number, weekStart: number) => weekIdOf(dateAtOffset(now, offsetHours), weekStart);

export const previousWeek = (weekId: number) => shiftWeek(weekId, -1);
export const nextWeek = (weekId: number) => shiftWeek(weekId, 1);

/** The week holding `date` (`YYYY-MM-DD`). */
export const weekOfDate = (date: string, weekStart: number) => weekIdOf(date, weekStart);

export { weekDates, weekRange, addDays };

/** The user's locale (the browser's language), for every date the app writes out; `en-US` outside a browser. */
let chosenLocale: string | undefined;

/** Dates, numbers and week labels follow the language the user chose (the browser's until then). */
export const setUserLocale = (locale: string) => {
  chosenLocale = locale;
};

export const userLocale = (): string => chosenLocale ?? ((typeof navigator !== 'undefined' && navigator.language) || 'en-US');

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return f;
}
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
// Some ICU versions put thin spaces around the range dash: plain spaces read the same everywhere.
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

/** In the user's locale: `Nov 16 – 22, 2026`, `Nov 30 – Dec 6, 2026`, `Dec 28, 2026 – Jan 3, 2027` in English. */
export function weekLabel(weekId: number, weekStart: number, locale = userLocale()): string {
  const { from, to } = weekRange(weekId, weekStart);
  return plainSpaces(format(locale, { month: 'short', day: 'numeric', year: 'numeric' }).formatRange(utcDay(from), utcDay(to)));
}

/** `Week 47` (the ISO week number of the id). */
export const weekNumberLabel = (weekId: number) => `Week ${weekId % 100}`;

export interface DayInfo {
  date: string;
  /** `Mon` */
  short: string;
  /** `Monday` */
  long: string;
  /** `16` */
  dayOfMonth: number;
  /** `Monday, Nov 16` */
  full: string;
  weekend: boolean;
}

export function dayInfo(date: string, locale = userLocale()): DayInfo {
  const day = utcDay(date);
  const wd = day.getUTCDay();
  return {
    date,
    short: format(locale, { weekday: 'short' }).format(day),
    long: format(locale, { weekday: 'long' }).format(day),
    dayOfMonth: day.getUTCDate(),
    full: format(locale, { weekday: 'long', month: 'short', day: 'numeric' }).format(day),
    weekend: wd === 0 || wd === 6,
  };
}

/** `Sunday, Nov 22` for today's header. */
export const todayLabel = (date: string) => dayInfo(date).full;
