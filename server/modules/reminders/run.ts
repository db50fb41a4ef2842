import { asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { format, parseISO } from 'date-fns';
import { formatDuration } from '../../../contract/durations.ts';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { addDays, datesFromTo, weekDates, weekIdOf } from '../../../contract/weeks.ts';
import { remindersSent, teams, timeOff, timeRecords, timers, users } from '../../db/schema/index.ts';
import { Scope } from '../../db/scope.ts';
import type { Deps } from '../../http/env.ts';
import { toDate } from '../../lib/time.ts';
import { notifierFor, notifyEachOnce, type NotificationInput } from '../notifications/emit.ts';
import { weekLabel } from '../notifications/labels.ts';
import { approvalLockReasons, approvalsLocking } from '../timesheets/locks.ts';
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

const dayLabel = (date: string) => format(parseISO(date), 'EEEE d MMM yyyy');

/** Seconds logged per person and day ("userId date"), for `userIds` from `from` to `to`; days without time are absent. */
async function loggedBy(s: Scope, userIds: number[], from: string, to: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (userIds.length === 0) return out;
  const rows = await s.db
    .select({ userId: timeRecords.userId, date: timeRecords.date, time: sql<string>`sum(${timeRecords.time})` })
    .from(timeRecords)
    .where(s.where(timeRecords, inArray(timeRecords.userId, userIds), gte(timeRecords.date, from), lte(timeRecords.date, to)))
    .groupBy(timeRecords.userId, timeRecords.date);
  for (const r of rows) if (Number(r.time) > 0) out.set(`${r.userId} ${r.date}`, Number(r.time));
  return out;
}

interface Pending {
  person: PersonRow;
  timer: TimerRow | undefined;
  d: DueReminder;
}

/** What deciding reads for every pending reminder of a team at once: time logged, and the approvals that lock it. */
interface Facts {
  logged: Map<string, number>;
  locking: Map<number, Awaited<ReturnType<typeof approvalsLocking>>>;
}

async function factsFor(s: Scope, team: TeamRow, pending: Pending[]): Promise<Facts> {
  const days = pending.flatMap(({ d }) => {
    if (d.kind === 'reminder.missing') return [d.period];
    if (d.kind !== 'reminder.submit') return [];
    return weekDates(weekIdOf(d.period, team.weekStart), team.weekStart);
  });
  const facts: Facts = { logged: new Map(), locking: new Map() };
  if (days.length === 0) return facts;
  const sorted = [...new Set(days)].sort();
  const userIds = [...new Set(pending.filter((p) => p.d.kind !== 'reminder.timer').map((p) => p.person.id))];
  const submitters = [...new Set(pending.filter((p) => p.d.kind === 'reminder.submit').map((p) => p.person.id))];
  const [logged, locking] = await Promise.all([
    loggedBy(s, userIds, sorted[0]!, sorted.at(-1)!),
    submitters.length ? approvalsLocking(s, submitters, sorted) : Promise.resolve([]),
  ]);
  facts.logged = logged;
  for (const a of locking) {
    const rows = facts.locking.get(a.userId) ?? [];
    rows.push(a);
    facts.locking.set(a.userId, rows);
  }
  return facts;
}

/**
 * The notification of a due reminder when its condition holds now, else null. Submit: the week of the day has
 * time on days neither pending nor approved. Missing: the day's logged time is under the threshold's share
 * of the person's daily capacity. Timer: the timer is still running (it was read this run).
 */
function reminderFor(team: TeamRow, threshold: number, facts: Facts, { person, d: due, timer }: Pending): NotificationInput | null {
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
  const loggedOn = (date: string) => facts.logged.get(`${person.id} ${date}`) ?? 0;
  const daily = person.capacity / WORKDAYS.length;
  if (due.kind === 'reminder.submit') {
    const days = weekDates(weekIdOf(due.period, team.weekStart), team.weekStart);
    const withTime = days.filter((date) => loggedOn(date) > 0);
    const approvalRows = facts.locking.get(person.id) ?? [];
    if (withTime.every((date) => approvalRows.some((a) => approvalLockReasons(a, date).length > 0))) return null;
    const total = withTime.reduce((sum, date) => sum + loggedOn(date), 0);
    return about(due.period, `Reminder: submit your ${weekLabel(days[0]!)} (${formatDuration(total)} logged) for approval`);
  }
  if (due.kind === 'reminder.missing') {
    const logged = loggedOn(due.period);
    if (logged >= (daily * threshold) / 100) return null;
    return about(due.period, `Reminder: ${dayLabel(due.period)} has ${formatDuration(logged)} logged of your ${formatDuration(daily)} day`, `&day=${due.period}`);
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
    for (const d of datesFromTo(r.startDate < from ? from : r.startDate, r.endDate < to ? r.endDate : to)) days.add(d);
    out.set(r.userId, days);
  }
  return out;
}

/** Reminders decided and told per transaction: each claims its keys and creates its notifications together. */
const BATCH = 250;

/**
 * Sends the reminders due at `now` to every active person of every team, each once: its (person, kind, period)
 * key goes into `reminders_sent` with ON CONFLICT DO NOTHING in the transaction that creates the notification,
 * so a second run, or another instance at the same moment, sends nothing again. A team's reminders are decided
 * together (a few queries per team, not per person) and told in batches. Answers how many were sent.
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
    const due: Pending[] = people.flatMap((person) => {
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
      .where(s.where(remindersSent, inArray(remindersSent.period, [...new Set(due.map((x) => x.d.period))])));
    const key = (userId: number, kind: string, period: string) => `${userId} ${kind} ${period}`;
    const sent = new Set(taken.map((r) => key(r.userId, r.kind, r.period)));
    const pending = due.filter(({ person, d }) => !sent.has(key(person.id, d.kind, d.period)));
    for (let i = 0; i < pending.length; i += BATCH) {
      const batch = pending.slice(i, i + BATCH);
      const facts = await factsFor(s, team, batch);
      const told = batch.flatMap((p) => {
        const input = reminderFor(team, schedule.missingThreshold, facts, p);
        return input ? [{ input, period: p.d.period }] : [];
      });
      if (told.length === 0) continue;
      // Claimed keys name who was told; a key another run took in between is left out.
      const claimed = await s.tx((tx) => notifyEachOnce(tx, notifier, told));
      for (const c of claimed) counts[c.kind as ReminderKind]++;
    }
  }
  return counts;
}
