import { asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { format, parseISO } from 'date-fns';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { addDays, weekIdOf, weekRange } from '../../../contract/weeks.ts';
import { remindersSent, teams, timeOff, timeRecords, timers, users } from '../../db/schema/index.ts';
import { Scope } from '../../db/scope.ts';
import type { Deps } from '../../http/env.ts';
import { toDate } from '../../lib/time.ts';
import { notifierFor, type NotificationInput } from '../notifications/emit.ts';
import { weekLabel } from '../notifications/labels.ts';
import { lockReasons } from '../timesheets/locks.ts';
import { dueReminders, type DueReminder, type ReminderKind } from './due.ts';
import { scheduleOf } from './routes.ts';

export type ReminderDeps = Pick<Deps, 'db' | 'config' | 'secrets' | 'ops'>;
export type ReminderCounts = Record<ReminderKind, number>;

/** Everyone works Monday to Friday: their weekly capacity is spread over these five days. */
const WORKDAYS = [1, 2, 3, 4, 5];

interface PersonRow {
  id: number;
  timezone: number;
  capacity: number;
}
interface TimerRow {
  id: number;
  userId: number;
  userDate: string;
  startedAt: Date;
}
interface TeamRow {
  id: number;
  weekStart: number;
}

/** `7:30` for seconds. */
const hm = (seconds: number) => `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`;
const dayLabel = (date: string) => format(parseISO(date), 'EEEE d MMM yyyy');

async function loggedOn(s: Scope, userId: number, from: string, to: string): Promise<Map<string, number>> {
  const rows = await s.db
    .select({ date: timeRecords.date, time: sql<string>`sum(${timeRecords.time})` })
    .from(timeRecords)
    .where(s.where(timeRecords, eq(timeRecords.userId, userId), gte(timeRecords.date, from), lte(timeRecords.date, to)))
    .groupBy(timeRecords.date);
  return new Map(rows.map((r) => [r.date, Number(r.time)]).filter(([, t]) => Number(t) > 0) as [string, number][]);
}

/**
 * The notification of a due reminder when its condition holds now, else null. Submit: the week of the day has
 * time on days neither pending nor approved. Missing: the day's logged time is under the threshold's share
 * of the person's daily capacity. Timer: the timer is still running (it was read this run).
 */
async function reminderFor(
  s: Scope,
  team: TeamRow,
  threshold: number,
  person: PersonRow,
  due: DueReminder,
  timer: TimerRow | undefined,
): Promise<NotificationInput | null> {
  /** The reminder about the timesheet week of `date`; `extra` adds to its link (the day, the timer). */
  const about = (date: string, title: string, extra = ''): NotificationInput => {
    const weekId = weekIdOf(date, team.weekStart);
    return {
      kind: due.kind,
      to: [person.id],
      subject: { type: 'timesheet', id: timesheetId(person.id, weekId), user: person.id, weekId },
      link: `/timesheet?week=${weekId}${extra}`,
      payload: { title, comment: '', actor: null },
    };
  };
  const daily = person.capacity / WORKDAYS.length;
  if (due.kind === 'reminder.submit') {
    const { from, to } = weekRange(weekIdOf(due.period, team.weekStart), team.weekStart);
    const logged = await loggedOn(s, person.id, from, to);
    const locks = await lockReasons(s, person.id, [...logged.keys()], null);
    if ([...logged.keys()].every((d) => locks.has(d))) return null;
    const total = [...logged.values()].reduce((a, b) => a + b, 0);
    return about(due.period, `Reminder: submit your ${weekLabel(from)} (${hm(total)} logged) for approval`);
  }
  if (due.kind === 'reminder.missing') {
    const logged = (await loggedOn(s, person.id, due.period, due.period)).get(due.period) ?? 0;
    if (logged >= (daily * threshold) / 100) return null;
    return about(due.period, `Reminder: ${dayLabel(due.period)} has ${hm(logged)} logged of your ${hm(daily)} day`, `&day=${due.period}`);
  }
  if (!timer || due.period !== `timer-${timer.id}`) return null;
  const since = timer.startedAt.toISOString().slice(0, 16).replace('T', ' ');
  return about(timer.userDate, `Reminder: your timer has been running since ${since} UTC`, `&timer=${timer.id}`);
}

/** Approved time off of `userIds` around `today` as local dates per person. */
async function timeOffDays(s: Scope, userIds: number[], today: string): Promise<Map<number, Set<string>>> {
  const from = addDays(today, -9);
  const to = addDays(today, 1);
  const rows = await s.db
    .select({ userId: timeOff.userId, startDate: timeOff.startDate, endDate: timeOff.endDate })
    .from(timeOff)
    .where(s.where(timeOff, inArray(timeOff.userId, userIds), eq(timeOff.status, 'approved'), lte(timeOff.startDate, to), gte(timeOff.endDate, from)));
  const out = new Map<number, Set<string>>();
  for (const r of rows) {
    const days = out.get(r.userId) ?? new Set<string>();
    for (let d = r.startDate < from ? from : r.startDate; d <= r.endDate && d <= to; d = addDays(d, 1)) days.add(d);
    out.set(r.userId, days);
  }
  return out;
}

/**
 * Sends the reminders due at `now` to every active person of every team, each once: its (person, kind, period)
 * key goes into `reminders_sent` with ON CONFLICT DO NOTHING in the transaction that creates the notification,
 * so a second run, or another instance at the same moment, sends nothing again. Answers how many were sent.
 */
export async function runReminders(deps: ReminderDeps, now: Date): Promise<ReminderCounts> {
  const counts: ReminderCounts = { 'reminder.submit': 0, 'reminder.missing': 0, 'reminder.timer': 0 };
  const notifier = notifierFor(deps);
  const teamRows = await deps.db.select({ id: teams.id, weekStart: teams.weekStart, reminders: teams.reminders }).from(teams).orderBy(asc(teams.id));
  for (const team of teamRows) {
    const schedule = scheduleOf(team.reminders);
    if (!schedule.submitOn && !schedule.missingOn && !schedule.timerOn) continue;
    const s = new Scope(deps.db, team.id);
    const people = await s.db
      .select({ id: users.id, timezone: users.timezone, capacity: users.capacity })
      .from(users)
      .where(s.where(users, eq(users.status, 'active')))
      .orderBy(asc(users.id));
    if (people.length === 0) continue;
    const ids = people.map((p) => p.id);
    const [timerRows, offs] = await Promise.all([
      s.db
        .select({ id: timers.id, userId: timers.userId, userDate: timers.userDate, startedAt: timers.startedAt })
        .from(timers)
        .where(s.where(timers, inArray(timers.userId, ids))),
      timeOffDays(s, ids, toDate(now)),
    ]);
    const timerOf = new Map(timerRows.map((t) => [t.userId, t]));
    const due = people.flatMap((person) => {
      const timer = timerOf.get(person.id);
      return dueReminders(
        schedule,
        { timeZone: person.timezone, workdays: WORKDAYS, timeOff: offs.get(person.id) ?? new Set(), timer: timer && { id: timer.id, startedAt: timer.startedAt } },
        now,
      ).map((d) => ({ person, timer, d }));
    });
    if (due.length === 0) continue;
    // Keys already taken are skipped before their conditions are read (most runs find nothing new).
    const taken = await s.db
      .select({ userId: remindersSent.userId, kind: remindersSent.kind, period: remindersSent.period })
      .from(remindersSent)
      .where(s.where(remindersSent, inArray(remindersSent.userId, ids), inArray(remindersSent.period, [...new Set(due.map((x) => x.d.period))])));
    const key = (userId: number, kind: string, period: string) => `${userId} ${kind} ${period}`;
    const sent = new Set(taken.map((r) => key(r.userId, r.kind, r.period)));
    for (const { person, timer, d } of due) {
      if (sent.has(key(person.id, d.kind, d.period))) continue;
      const input = await reminderFor(s, team, schedule.missingThreshold, person, d, timer);
      if (!input) continue;
      const created = await s.tx(async (tx) => {
        const claimed = await tx.db
          .insert(remindersSent)
          .values({ teamId: team.id, userId: person.id, kind: d.kind, period: d.period })
          .onConflictDoNothing()
          .returning({ userId: remindersSent.userId });
        if (claimed.length === 0) return false;
        await notifier.notify(tx, input);
        return true;
      });
      if (created) counts[d.kind]++;
    }
  }
  return counts;
}
