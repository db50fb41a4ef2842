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
  })
  .strict();
export type ReminderSchedule = z.infer<typeof reminderSchedule>;

/** What a team has until an admin sets its schedule. */
export const defaultReminderSchedule: ReminderSchedule = {
  submitOn: true,
  submitAt: '16:00',
  missingOn: true,
  missingAt: '10:00',
  missingThreshold: 50,
  timerOn: true,
  timerLimitHours: 8,
};

const T = 'Notifications';
export const reminderRoutes = {
  getTeam: defineRoute({
    method: 'get',
    path: '/team/reminders',
    tag: T,
    summary: "The team's reminder schedule (any member): submit, missing time and long timer, each on or off",
    status: 200,
    response: reminderSchedule,
  }),
  putTeam: defineRoute({
    method: 'put',
    path: '/team/reminders',
    tag: T,
    summary: "Sets the team's reminder schedule (admins); every field is given",
    body: reminderSchedule,
    status: 200,
    response: reminderSchedule,
  }),
};
