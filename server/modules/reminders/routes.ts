import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { defaultReminderSchedule, reminderRoutes, type FullReminderSchedule, type ReminderSchedule } from '../../../contract/reminders.ts';
import { teams } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/env.ts';
import { requireAdmin } from '../../http/permissions.ts';
import { register } from '../../http/route.ts';

/** A team's stored schedule, or the defaults when none is set. */
export const scheduleOf = (stored: ReminderSchedule | null | undefined): FullReminderSchedule => ({ ...defaultReminderSchedule, ...stored });

/** The team's reminder schedule: every member reads it, admins set it. */
export function registerReminderRoutes(app: Hono<AppEnv>) {
  register(app, reminderRoutes.getTeam, async (c) => {
    const scope = c.get('scope');
    const [team] = await scope.db.select({ reminders: teams.reminders }).from(teams).where(eq(teams.id, scope.teamId));
    return scheduleOf(team?.reminders);
  });

  register(app, reminderRoutes.putTeam, async (c, { body }, caller) => {
    requireAdmin(caller);
    const scope = c.get('scope');
    // A body without the digest's fields (from a client that predates them) keeps the stored ones.
    const [team] = await scope.db.select({ reminders: teams.reminders }).from(teams).where(eq(teams.id, scope.teamId));
    const schedule = scheduleOf({ ...scheduleOf(team?.reminders), ...body });
    await scope.db.update(teams).set({ reminders: schedule }).where(eq(teams.id, scope.teamId));
    return schedule;
  });
}
