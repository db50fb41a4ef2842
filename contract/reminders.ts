import { z } from 'zod';
import { clockTime } from './common.ts';
import { defineRoute } from './route.ts';

// The team's reminder schedule: when the scheduler reminds people to submit their week, to log a short day and
// to stop a long timer. Times are each person's own local time; reminders come on their workdays only.

export const reminderSchedule = z
  .object({
    /** Remind people to submit their week on their last workday of it. */
    submitOn: z.boolean(),
    /** Local `HH:MM` of the submit reminder. */
    submitAt: clockTime,
    /** Remind people the next workday when a workday's logged time is short. */
    missingOn: z.boolean(),
    /** Local `HH:MM` of the missing-time reminder on the next workday. */
    missingAt: clockTime,
    /** A day is short below this share (percent) of the person's daily capacity (weekly capacity over five workdays). */
    missingThreshold: z.number().int('Must be a whole percent').min(1).max(100),
    /** Remind the owner of a timer running longer than the limit. */
    timerOn: z.boolean(),
    /** Hours a timer may run before its owner is reminded (0.25 h steps). */
    timerLimitHours: z
      .number()
      .min(0.25)
      .max(24)
      .refine((n) => Number.isInteger(n * 4), 'Must be a multiple of 0.25 hours'),
    /** Send each reviewer a daily summary of the weeks and time-off requests waiting for them (default on). */
    digestOn: z.boolean().optional(),
    /** Local `HH:MM` of the reviewer's daily digest, on their workdays (default 09:00). */
    digestAt: clockTime.optional(),
  })
  .strict();
export type ReminderSchedule = z.infer<typeof reminderSchedule>;

/** A schedule with every field set (the stored one over the defaults). */
export type FullReminderSchedule = Required<ReminderSchedule>;

/** What a team has until an admin sets its schedule. */
export const defaultReminderSchedule: FullReminderSchedule = {
  submitOn: true,
  submitAt: '16:00',
  missingOn: true,
  missingAt: '10:00',
  missingThreshold: 50,
  timerOn: true,
  timerLimitHours: 8,
  digestOn: true,
  digestAt: '09:00',
};

const T = 'Notifications';
export const reminderRoutes = {
  getTeam: defineRoute({
    method: 'get',
    path: '/team/reminders',
    tag: T,
    summary: "The team's reminder schedule (any member): submit, missing time, long timer and the reviewers' daily digest, each on or off",
    status: 200,
    response: reminderSchedule,
  }),
  putTeam: defineRoute({
    method: 'put',
    path: '/team/reminders',
    tag: T,
    summary: "Sets the team's reminder schedule (admins); the digest's fields keep their stored or default values when left out",
    body: reminderSchedule,
    status: 200,
    response: reminderSchedule,
  }),
};
