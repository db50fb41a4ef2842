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

/** `2647` → `"2647"`, `2601` → `"2601"`, `901` → `"0901"`. */
export const weekParam = (weekId: number) => String(weekId).padStart(4, '0');

/** The week of today, for a user `offsetHours` from UTC whose weeks start on `weekStart`. */
export const thisWeek = (now: Date, offsetHours: number, weekStart: number) => weekIdOf(dateAtOffset(now, offsetHours), weekStart);

export const previousWeek = (weekId: number) => shiftWeek(weekId, -1);
export const nextWeek = (weekId: number) => shiftWeek(weekId, 1);

/** The week holding `date` (`YYYY-MM-DD`). */
export const weekOfDate = (date: string, weekStart: number) => weekIdOf(date, weekStart);

export { weekDates, weekRange, addDays };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WEEKDAYS_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const parts = (date: string) => ({ y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)) - 1, d: Number(date.slice(8, 10)) });
const weekday = (date: string) => new Date(Date.UTC(parts(date).y, parts(date).m, parts(date).d)).getUTCDay();

/** `Nov 16 – 22, 2026`, `Nov 30 – Dec 6, 2026`, `Dec 28, 2026 – Jan 3, 2027`. */
export function weekLabel(weekId: number, weekStart: number): string {
  const { from, to } = weekRange(weekId, weekStart);
  const a = parts(from);
  const b = parts(to);
  if (a.y !== b.y) return `${MONTHS[a.m]} ${a.d}, ${a.y} \u2013 ${MONTHS[b.m]} ${b.d}, ${b.y}`;
  if (a.m !== b.m) return `${MONTHS[a.m]} ${a.d} \u2013 ${MONTHS[b.m]} ${b.d}, ${b.y}`;
  return `${MONTHS[a.m]} ${a.d} \u2013 ${b.d}, ${b.y}`;
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

export function dayInfo(date: string): DayInfo {
  const wd = weekday(date);
  const p = parts(date);
  return {
    date,
    short: WEEKDAYS[wd]!,
    long: WEEKDAYS_LONG[wd]!,
    dayOfMonth: p.d,
    full: `${WEEKDAYS_LONG[wd]}, ${MONTHS[p.m]} ${p.d}`,
    weekend: wd === 0 || wd === 6,
  };
}

/** `Sunday, Nov 22` for today's header. */
export const todayLabel = (date: string) => dayInfo(date).full;
