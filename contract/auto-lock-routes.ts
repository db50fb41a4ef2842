import { z } from 'zod';
import { autoLock } from './auto-lock.ts';
import { dateTimeString, numericId } from './common.ts';
import { defineRoute } from './route.ts';
import { timesheetParams, weekIdNumber } from './timesheets.ts';

// The routes of the automatic lock, apart from its rule (./auto-lock.ts) so the Team screen's form loads only the rule.

export const unlockWeekBody = z.object({ reason: z.string().trim().min(1, 'Give the reason').max(1000) }).strict();
export type UnlockWeekBody = z.infer<typeof unlockWeekBody>;

/** A person's week opened again by an admin: the automatic lock leaves it alone. */
export const weekUnlock = z.object({
  timesheetId: numericId,
  user: numericId,
  weekId: weekIdNumber,
  reason: z.string(),
  /** The admin who opened it. */
  unlockedBy: numericId,
  createdAt: dateTimeString,
});
export type WeekUnlock = z.infer<typeof weekUnlock>;

export const autoLockRoutes = {
  getTeam: defineRoute({
    method: 'get',
    path: '/team/auto-lock',
    tag: 'Timesheets',
    summary: "The team's automatic lock (any member): after days, before a day, or weekly on a weekday; null turns a rule off",
    status: 200,
    response: autoLock,
  }),
  putTeam: defineRoute({
    method: 'put',
    path: '/team/auto-lock',
    tag: 'Timesheets',
    summary: "Sets the team's automatic lock (admins); every field is given, null turns a rule off",
    body: autoLock,
    status: 200,
    response: autoLock,
  }),
  unlock: defineRoute({
    method: 'post',
    path: '/timesheets/{timesheet_id}/unlock',
    tag: 'Timesheets',
    summary: "Opens a person's week again despite the automatic lock (admins), with the reason (kept in the audit log)",
    params: timesheetParams,
    body: unlockWeekBody,
    status: 200,
    response: weekUnlock,
  }),
};
