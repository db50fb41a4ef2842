import {
  addDays as addDaysTo,
  addMonths,
  differenceInCalendarDays,
  getISOWeek,
  getISOWeekYear,
  lastDayOfMonth,
  startOfISOWeek,
  startOfWeek,
  type Day,
} from 'date-fns';

/**
 * Calendar and week math on `YYYY-MM-DD` strings, shared by the server and the web app, on date-fns. A date
 * string is a calendar day: it becomes the local midnight of that day for date-fns (whose day arithmetic keeps
 * the wall-clock day across daylight-saving changes) and is written back from the same local day.
 *
 * Week id `YYWW`: the ISO week-numbering year (two digits) and ISO week of the Monday inside the week.
 * A week starts on the team's `weekStart` (0 = Sunday … 6 = Saturday) and always contains exactly one Monday.
 */

export const dayNames = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type DayName = (typeof dayNames)[number];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local midnight of a `YYYY-MM-DD` day (years below 100 included). */
function toDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(2000, 0, 1);
  t.setFullYear(y, m - 1, d);
  return t;
}

/** The `YYYY-MM-DD` of a local day. */
const toText = (t: Date) => `${pad(t.getFullYear(), 4)}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;

/** True for a real calendar date written `YYYY-MM-DD` (no 2026-02-30). */
export function isDate(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && toText(toDay(s)) === s;
}

export const addDays = (date: string, days: number) => toText(addDaysTo(toDay(date), days));
/** Whole days from `a` to `b` (negative when `b` is earlier). */
export const daysBetween = (a: string, b: string) => differenceInCalendarDays(toDay(b), toDay(a));
/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string) => toDay(date).getDay();
export const dayNameOf = (date: string): DayName => dayNames[weekdayOf(date)]!;

/** `DD-MM-YYYY`, the day-month-year order of `dailyTime[].date`. */
export const toDayMonthYear = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** The ISO week-numbering year and week of a date. */
export function isoWeekOf(date: string): { year: number; week: number } {
  const t = toDay(date);
  return { year: getISOWeekYear(t), week: getISOWeek(t) };
}

/** Number of ISO weeks (52 or 53) of an ISO week-numbering year: the week of its 28 December. */
export const isoWeeksInYear = (year: number) => getISOWeek(toDay(`${pad(year, 4)}-12-28`));

/** True for a `YYWW` week id whose week exists (years 2000–2099). */
export function isWeekId(id: number): boolean {
  if (!Number.isInteger(id) || id < 0 || id > 9999) return false;
  const week = id % 100;
  return week >= 1 && week <= isoWeeksInYear(2000 + Math.floor(id / 100));
}

/** The Monday of the ISO week `weekId`. */
export function mondayOf(weekId: number): string {
  if (!isWeekId(weekId)) throw new RangeError(`Not a week id: ${weekId}`);
  // 4 January is always in ISO week 1 of its year.
  return toText(addDaysTo(startOfISOWeek(toDay(`${2000 + Math.floor(weekId / 100)}-01-04`)), ((weekId % 100) - 1) * 7));
}

/** First day of the week (starting on `weekStart`) that contains `date`. */
export const weekStartDate = (date: string, weekStart = 1) => toText(startOfWeek(toDay(date), { weekStartsOn: weekStart as Day }));

/** Week id of the week (starting on `weekStart`) that contains `date`. */
export function weekIdOf(date: string, weekStart = 1): number {
  const { year, week } = isoWeekOf(addDays(weekStartDate(date, weekStart), (1 - weekStart + 7) % 7));
  return (year % 100) * 100 + week;
}

/** First and last day of week `weekId` for a team whose weeks start on `weekStart`. */
export function weekRange(weekId: number, weekStart = 1): { from: string; to: string } {
  const from = addDays(mondayOf(weekId), -((1 - weekStart + 7) % 7));
  return { from, to: addDays(from, 6) };
}

/** The seven dates of week `weekId`, first to last. */
export function weekDates(weekId: number, weekStart = 1): string[] {
  const { from } = weekRange(weekId, weekStart);
  return Array.from({ length: 7 }, (_, i) => addDays(from, i));
}

/** Every date from `from` to `to`, both included; none when `to` comes first. */
export function datesFromTo(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysBetween(from, to) + 1) }, (_, i) => addDays(from, i));
}

/** The week id `n` weeks after (or before, when negative) `weekId`. */
export const shiftWeek = (weekId: number, n: number) => weekIdOf(addDays(mondayOf(weekId), n * 7));

/**
 * The first and last day of `months` calendar months, starting `shift` months after the month of `date`
 * (`monthSpan('2026-03-17', -1)` is February 2026).
 */
export function monthSpan(date: string, shift = 0, months = 1): { from: string; to: string } {
  const first = addMonths(toDay(`${date.slice(0, 7)}-01`), shift);
  return { from: toText(first), to: toText(lastDayOfMonth(addMonths(first, months - 1))) };
}

/** Monday-to-Friday days from `from` to `to` inclusive (0 when `to` is before `from`). */
export function workdaysBetween(from: string, to: string): number {
  const total = daysBetween(from, to) + 1;
  if (total <= 0) return 0;
  const full = Math.floor(total / 7) * 5;
  let rest = 0;
  const first = weekdayOf(from);
  for (let i = 0; i < total % 7; i++) {
    const wd = (first + i) % 7;
    if (wd !== 0 && wd !== 6) rest++;
  }
  return full + rest;
}

/** Today's date at `now` for a UTC offset in hours (fractions allowed). */
export const dateAtOffset = (now: Date, offsetHours: number) => localParts(now, offsetHours).date;

/** Wall-clock `HH:MM` at `now` for a UTC offset in hours. */
export const clockAtOffset = (now: Date, offsetHours: number) => localParts(now, offsetHours).time;

function localParts(now: Date, offsetHours: number) {
  const t = new Date(now.getTime() + Math.round(offsetHours * 60) * 60_000);
  const iso = t.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Minutes since midnight of `HH:MM`. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Seconds from clock time `from` to `to`; a `to` earlier than `from` is on the next day (past midnight). */
export function shiftSeconds(from: string, to: string): number {
  const diff = minutesOf(to) - minutesOf(from);
  return (diff < 0 ? diff + 24 * 60 : diff) * 60;
}
