import { z } from 'zod';
import { clockTime, dateString, numericId, numericIdParam, numericIdQuery, seconds } from './common.ts';
import { defineRoute } from './route.ts';
import { isWeekId } from './weeks.ts';

/** Shared id schemas, under the names the time-off and timesheet contracts use. */
export const rowId = numericId;
export const rowIdParam = numericIdParam;
export const rowIdQuery = numericIdQuery;

export const timecardAction = z.enum(['clock-in', 'clock-out', 'break']);
export const timecardTrigger = z.enum(['manually', 'timer', 'button', 'day-end', 'idle-state']);

export const timecardHistoryItem = z.object({
  action: timecardAction,
  /** Clock time `HH:MM` (clock-in, clock-out) or duration `HH:MM:SS` (break) before the change; null when unset. */
  previousTime: z.string().nullable(),
  time: z.string().nullable(),
  trigger: timecardTrigger,
  user: numericId,
  createdAt: z.string(),
});

/** Problems of a timecard, by field: `clockIn`, `clockOut`, `breakTime`. */
export const timecardProblems = z.record(z.string(), z.string());

export const timecard = z.object({
  user: numericId,
  date: dateString,
  weekId: z.number().int().refine(isWeekId),
  /** clock-out − clock-in − break, in seconds; a clock-out earlier than the clock-in is on the next day. */
  workTime: seconds,
  clockIn: clockTime.nullable(),
  clockOut: clockTime.nullable(),
  breakTime: seconds,
  history: z.array(timecardHistoryItem),
  isLocked: z.boolean(),
  invalid: timecardProblems.nullable(),
  lockReasons: z.array(z.string()),
});
export type Timecard = z.infer<typeof timecard>;

/** A day's break cannot exceed the day. */
const breakSeconds = seconds.max(86_400, 'Must be at most 24 hours');

export const putTimecardBody = z
  .object({ clockIn: clockTime.nullable(), clockOut: clockTime.nullable(), breakTime: breakSeconds })
  .partial()
  .strict();
export const clockBody = z.object({ userDate: dateString.optional() });
export const timecardsQuery = z.object({ from: dateString.optional(), to: dateString.optional() });
export const teamTimecardsQuery = timecardsQuery.extend({ user: rowIdQuery('user').optional() });

/** Where a member stands today (their own date, in their timezone). */
export const todayStatus = z.enum(['clocked-in', 'clocked-out', 'not-clocked-in']);
export const teamTodayEntry = z.object({
  user: numericId,
  /** The member's date now. */
  today: dateString,
  status: todayStatus,
  /** The day of the shift counted: today, or yesterday for a shift still running past midnight; null when not clocked in. */
  date: dateString.nullable(),
  clockIn: clockTime.nullable(),
  clockOut: clockTime.nullable(),
  breakTime: seconds,
  workTime: seconds,
});
export type TeamTodayEntry = z.infer<typeof teamTodayEntry>;

const userParams = z.object({ user_id: rowIdParam });
/** Any `YYYY-MM-DD`; the handler refuses an impossible date (2026-02-30) with 422. */
const dayParams = z.object({ user_id: rowIdParam, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const T = 'Timecards';

export const timecardRoutes = {
  teamList: defineRoute({ method: 'get', path: '/timecards', tag: T, summary: "Timecards of the team (admins, supervisors; the caller's own for everyone else); default the last two weeks", query: teamTimecardsQuery, status: 200, response: z.array(timecard) }),
  teamToday: defineRoute({ method: 'get', path: '/timecards/today', tag: T, summary: 'Who of the team is clocked in now, since when, who has clocked out and who has not clocked in today (admins, supervisors)', status: 200, response: z.array(teamTodayEntry) }),
  userList: defineRoute({ method: 'get', path: '/users/{user_id}/timecards', tag: T, summary: "A user's timecards; default the last two weeks", params: userParams, query: timecardsQuery, status: 200, response: z.array(timecard) }),
  clockIn: defineRoute({ method: 'post', path: '/users/{user_id}/timecards/clock-in', tag: T, summary: 'Clock in now', params: userParams, body: clockBody, status: 200, response: timecard }),
  clockOut: defineRoute({ method: 'post', path: '/users/{user_id}/timecards/clock-out', tag: T, summary: 'Clock out now', params: userParams, body: clockBody, status: 200, response: timecard }),
  get: defineRoute({ method: 'get', path: '/users/{user_id}/timecards/{date}', tag: T, summary: "A user's timecard of one day", params: dayParams, status: 200, response: timecard }),
  put: defineRoute({ method: 'put', path: '/users/{user_id}/timecards/{date}', tag: T, summary: 'Create or update the timecard of a day', params: dayParams, body: putTimecardBody, status: 200, response: timecard }),
  remove: defineRoute({ method: 'delete', path: '/users/{user_id}/timecards/{date}', tag: T, summary: 'Delete the timecard of a day', params: dayParams, status: 204 }),
};
