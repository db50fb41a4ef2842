import { ne } from 'drizzle-orm';
import type { TeamTodayEntry } from '../../../contract/timecards.ts';
import { addDays, dateAtOffset } from '../../../contract/weeks.ts';
import { users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { timecardsBetween, workTimeOf, type TimecardRow } from './present.ts';

const isOpen = (r: TimecardRow | undefined): r is TimecardRow => !!r?.clockIn && !r.clockOut;
/** A finished shift that ran past midnight (its clock-out is on the next day). */
const endedOvernight = (r: TimecardRow | undefined): r is TimecardRow => !!r?.clockIn && !!r.clockOut && r.clockOut < r.clockIn;

/**
 * Where each member of the team (not removed) stands now, each on their own date: clocked in (today, or since
 * yesterday for a shift running past midnight, as the clock-out button counts it), clocked out (today, or
 * from a night shift that ended today), or not clocked in today. One read of the cards of the days around now.
 */
export async function teamToday(scope: Scope, now: Date): Promise<TeamTodayEntry[]> {
  const members = await scope.list(users, ne(users.status, 'removed'));
  if (members.length === 0) return [];
  const todays = new Map(members.map((m) => [m.id, dateAtOffset(now, m.timezone)]));
  const dates = [...todays.values()].sort();
  const rows = await timecardsBetween(scope, members.map((m) => m.id), addDays(dates[0]!, -1), dates.at(-1)!);
  const card = new Map(rows.map((r) => [`${r.userId}|${r.date}`, r]));
  const entries = members.map((m): TeamTodayEntry => {
    const today = todays.get(m.id)!;
    const todayCard = card.get(`${m.id}|${today}`);
    const yesterday = card.get(`${m.id}|${addDays(today, -1)}`);
    // Today's open shift, else yesterday's still running, else today's finished one, else last night's that ended today.
    const shift = [todayCard, yesterday].find(isOpen) ?? (todayCard?.clockIn ? todayCard : endedOvernight(yesterday) ? yesterday : undefined);
    const status = !shift ? 'not-clocked-in' : isOpen(shift) ? 'clocked-in' : 'clocked-out';
    return {
      user: m.id,
      today,
      status,
      date: shift?.date ?? null,
      clockIn: shift?.clockIn ?? null,
      clockOut: shift?.clockOut ?? null,
      breakTime: shift?.breakTime ?? 0,
      workTime: shift ? workTimeOf(shift) : 0,
    };
  });
  const byName = new Map(members.map((m) => [m.id, m.name]));
  return entries.sort((a, b) => byName.get(a.user)!.localeCompare(byName.get(b.user)!) || a.user - b.user);
}
