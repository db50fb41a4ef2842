import { z } from 'zod';
import { idInput, idInRange, dateString, dateTimeString, numericId, queryLimit, seconds, taskId, userMap } from './common.ts';
import { defineRoute } from './route.ts';
import { task } from './tasks.ts';
import { rowIdParam, timecard } from './timecards.ts';
import { timeOffAssignment } from './timeoff.ts';
import { isWeekId } from './weeks.ts';

/** Week id `YYWW` of an existing ISO week (2599 is refused). */
export const weekIdNumber = z.number().int().refine(isWeekId, 'Must be a week id as YYWW with an existing ISO week');
export const queryWeekId = z
  .string()
  .regex(/^\d{1,4}$/, 'Must be a week id as YYWW')
  .transform(Number)
  .pipe(weekIdNumber);

export const approvalStatus = z.enum(['pending', 'rejected', 'approved', 'partial_approved', 'discarded']);
export type ApprovalStatus = z.infer<typeof approvalStatus>;
export const approvalAction = z.enum(['submitted', 'approved', 'rejected', 'discarded']);

/** Days of a week by weekday name; `true` = included. */
export const weekDays = z.object({
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
});
export type WeekDays = z.infer<typeof weekDays>;
/** In a body: any subset of the weekday names; missing ones are false. */
export const weekDaysInput = weekDays.partial().strict();

export const approvalHistoryItem = z.object({
  action: approvalAction,
  days: weekDays,
  user: numericId,
  comment: z.string(),
  createdAt: dateTimeString,
});

export const approval = z.object({
  /** The timesheet id. */
  id: numericId,
  timesheetId: numericId,
  user: numericId,
  weekId: weekIdNumber,
  reviewer: numericId.nullable(),
  status: approvalStatus,
  /** Days of the latest request. */
  submittedDays: weekDays,
  /** Days approved so far (locked). */
  approvedDays: weekDays,
  /** Approved seconds. */
  totalTime: seconds,
  history: z.array(approvalHistoryItem),
});
export type Approval = z.infer<typeof approval>;

export const dailyTime = z.object({
  /** `DD-MM-YYYY`, as the spec says. */
  date: z.string().regex(/^\d{2}-\d{2}-\d{4}$/),
  time: seconds,
  timeWithoutTask: seconds,
  user: numericId,
});

export const timesheet = z.object({
  id: numericId,
  week: z.object({ id: weekIdNumber, from: dateString, to: dateString, beginningOfWeek: z.number().int().min(0).max(6) }),
  user: numericId,
  tasks: z.array(task),
  dailyTime: z.array(dailyTime),
  /** One item per entry of `tasks`, same order: the week's seconds on that task. */
  taskTime: z.array(z.object({ task: taskId, total: seconds, users: userMap(seconds) })),
  approval: approval.nullable(),
  timecards: z.array(timecard),
  timeOffAssignments: z.array(timeOffAssignment),
  /** Per day of the week (as `dailyTime`): why the team's automatic lock makes it read-only for the caller; empty when open. */
  autoLocks: z.array(z.array(z.string())),
  /**
   * Per day, the same as it binds the week's owner (none for an admin's own week), whoever asks: what an admin
   * sees of a member's week and opens again with `POST /timesheets/{id}/unlock`.
   */
  ownerAutoLocks: z.array(z.array(z.string())),
});
export type Timesheet = z.infer<typeof timesheet>;

/** Most weeks one timesheet list answers: ten years. */
export const MAX_TIMESHEET_WEEKS = 522;

export const userTimesheetsQuery = z.object({
  from: dateString.optional(),
  to: dateString.optional(),
  /** Weeks to list; more than ten years' worth is clamped to ten years. */
  limit: queryLimit(MAX_TIMESHEET_WEEKS).optional(),
  weekId: queryWeekId.optional(),
});
export const teamTimesheetsQuery = z.object({ weekId: queryWeekId.optional() });

export const submitApprovalBody = z.object({
  comment: z.string().max(5000).default(''),
  reviewer: idInput.optional(),
  sendNotification: z.boolean().default(false),
  /** Days to submit; by default every day of the week with time. */
  days: weekDaysInput.optional(),
});
export const reviewApprovalBody = z.object({
  status: z.enum(['approved', 'rejected']),
  /** Days acted on; by default every submitted day. */
  days: weekDaysInput.optional(),
  comment: z.string().max(5000).default(''),
  sendNotification: z.boolean().default(false),
});
export const discardApprovalBody = z.object({ comment: z.string().max(5000).default('') });

const userParams = z.object({ user_id: rowIdParam });
/** A user id that can exist followed by four digits; the user and week are checked by the handler (an unknown one answers 404). */
export const timesheetParams = z.object({
  timesheet_id: z
    .string()
    .regex(/^\d{5,14}$/)
    .refine((s) => idInRange(s.slice(0, -4))),
});
const T = 'Timesheets';

export const timesheetRoutes = {
  userWeeks: defineRoute({
    method: 'get', path: '/users/{user_id}/timesheets', tag: T, summary: "A user's timesheet weeks, newest first", params: userParams, query: userTimesheetsQuery,
    status: 200, response: z.array(timesheet),
  }),
  teamWeek: defineRoute({
    method: 'get', path: '/timesheets', tag: T, summary: 'One week of every team member (admins, supervisors)', query: teamTimesheetsQuery, status: 200,
    response: z.array(timesheet),
  }),
  submit: defineRoute({
    method: 'post', path: '/timesheets/{timesheet_id}/approval', tag: T, summary: 'Submit a week for approval (its owner)', params: timesheetParams,
    body: submitApprovalBody, status: 200, response: approval,
  }),
  review: defineRoute({
    method: 'put', path: '/timesheets/{timesheet_id}/approval', tag: T, summary: 'Approve or reject a week (admins, supervisors)', params: timesheetParams,
    body: reviewApprovalBody, status: 200, response: approval,
  }),
  discard: defineRoute({
    method: 'put', path: '/timesheets/{timesheet_id}/discard-approval', tag: T, summary: 'Withdraw a pending request (its owner)', params: timesheetParams,
    body: discardApprovalBody, status: 200, response: approval,
  }),
};
