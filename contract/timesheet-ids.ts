// Timesheet ids (a user's week): apart from ./weeks.ts, so the web app's first screen does not carry them.
import { isWeekId } from './weeks.ts';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Timesheet id: the user id digits followed by the 4-digit week id. */
export function timesheetId(userId: number, weekId: number): number {
  if (!isWeekId(weekId)) throw new RangeError(`Not a week id: ${weekId}`);
  return Number(`${userId}${pad(weekId, 4)}`);
}

/** The user and week of a timesheet id, or null when it is not one. */
export function parseTimesheetId(id: number | string): { userId: number; weekId: number } | null {
  const s = String(id);
  if (!/^[1-9]\d{4,19}$/.test(s)) return null;
  const weekId = Number(s.slice(-4));
  const userId = Number(s.slice(0, -4));
  if (!Number.isSafeInteger(userId) || !isWeekId(weekId)) return null;
  return { userId, weekId };
}
