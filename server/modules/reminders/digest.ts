import { asc, eq, inArray, ne } from 'drizzle-orm';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { approvals, teams, timeOff, users } from '../../db/schema/index.ts';
import { Scope } from '../../db/scope.ts';
import { notifierFor, notifyEachOnce, takenKeys, type NotificationInput } from '../notifications/emit.ts';
import { rangeLabel, weekLabel } from '../notifications/labels.ts';
import { toDate } from '../../lib/time.ts';
import { localNow } from './due.ts';
import type { ReminderDeps } from './run.ts';
import { scheduleOf } from './routes.ts';

/** Reviewers get their digest on these ISO weekdays (the same workdays as the reminders). */
const WORKDAYS = [1, 2, 3, 4, 5];
const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

interface Reviewer {
  id: number;
  role: 'admin' | 'supervisor';
}

/** Everything pending in the team, oldest first: weeks, and time-off requests. */
async function pendingOf(s: Scope) {
  const [weeks, requests] = await Promise.all([
    s.db
      .select({ userId: approvals.userId, weekId: approvals.weekId, from: approvals.weekFrom, reviewerId: approvals.reviewerId, name: users.name })
      .from(approvals)
      .innerJoin(users, eq(users.id, approvals.userId))
      .where(s.where(approvals, eq(approvals.status, 'pending'), ne(users.status, 'removed')))
      .orderBy(asc(approvals.weekFrom), asc(users.name)),
    s.db
      .select({ userId: timeOff.userId, start: timeOff.startDate, end: timeOff.endDate, reviewerId: timeOff.reviewerId, name: users.name })
      .from(timeOff)
      .innerJoin(users, eq(users.id, timeOff.userId))
      .where(s.where(timeOff, eq(timeOff.status, 'pending'), ne(users.status, 'removed')))
      .orderBy(asc(timeOff.startDate), asc(users.name)),
  ]);
  return { weeks, requests };
}

/**
 * What waits for `r`: weeks pending for them (asked of them, or of nobody in particular; never their own),
 * and, for admins (only they decide time off), time-off requests pending likewise. One line each, oldest first.
 */
function waitingFor(pending: Awaited<ReturnType<typeof pendingOf>>, r: Reviewer): { weeks: number; requests: number; lines: string[] } {
  const forThem = (x: { userId: number; reviewerId: number | null }) => x.userId !== r.id && (x.reviewerId === null || x.reviewerId === r.id);
  const weeks = pending.weeks.filter(forThem);
  const requests = r.role === 'admin' ? pending.requests.filter(forThem) : [];
  return {
    weeks: weeks.length,
    requests: requests.length,
    lines: [
      ...weeks.map((w) => `${w.name}: ${weekLabel(w.from)} (timesheet ${timesheetId(w.userId, w.weekId)})`),
      ...requests.map((q) => `${q.name}: time off ${rangeLabel(q.start, q.end)}`),
    ],
  };
}

const addDaysUtc = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Each reviewer's daily digest due at `now`: on their workdays, from the team's digest time in their own time
 * zone, a summary of the weeks and time-off requests waiting for them; nothing when nothing waits. Once per
 * reviewer and local day (`reminders_sent`), so a second run, or another instance, sends nothing again.
 * Answers how many were sent.
 */
export async function runDigests(deps: ReminderDeps, now: Date): Promise<number> {
  const notifier = notifierFor(deps);
  let sent = 0;
  const teamRows = await deps.db.select({ id: teams.id, reminders: teams.reminders }).from(teams).orderBy(asc(teams.id));
  for (const team of teamRows) {
    const schedule = scheduleOf(team.reminders);
    if (!schedule.digestOn) continue;
    const s = new Scope(deps.db, team.id);
    const reviewers = await s.db
      .select({ id: users.id, role: users.role, timezone: users.timezone })
      .from(users)
      .where(s.where(users, eq(users.status, 'active'), inArray(users.role, ['admin', 'supervisor'])))
      .orderBy(asc(users.id));
    const approvedOff = reviewers.length
      ? await s.db
          .select({ userId: timeOff.userId, start: timeOff.startDate, end: timeOff.endDate })
          .from(timeOff)
          .where(
            s.where(
              timeOff,
              inArray(
                timeOff.userId,
                reviewers.map((r) => r.id),
              ),
              eq(timeOff.status, 'approved'),
            ),
          )
      : [];
    // Digests already sent are skipped before what waits is read (most runs find nothing new).
    const taken = await takenKeys(s, 'digest.waiting', [toDate(addDaysUtc(now, -1)), toDate(now), toDate(addDaysUtc(now, 1))]);
    const due = reviewers.filter((r) => {
      const { date, time } = localNow(now, r.timezone);
      if (time < schedule.digestAt || !WORKDAYS.includes(isoDay(date)) || taken.has(`${r.id} ${date}`)) return false;
      return !approvedOff.some((o) => o.userId === r.id && o.start <= date && date <= o.end);
    });
    if (due.length === 0) continue;
    // What waits is read once for the team; each reviewer's share is picked from it.
    const pending = await pendingOf(s);
    const digests = due.flatMap((r) => {
      const waiting = waitingFor(pending, r as Reviewer);
      if (waiting.lines.length === 0) return [];
      const date = localNow(now, r.timezone).date;
      const what = [
        ...(waiting.weeks ? [plural(waiting.weeks, 'week', 'weeks')] : []),
        ...(waiting.requests ? [plural(waiting.requests, 'time-off request', 'time-off requests')] : []),
      ].join(' and ');
      const input: NotificationInput = {
        kind: 'digest.waiting',
        to: [r.id],
        subject: { type: 'digest', date },
        link: '/approvals',
        payload: { title: `${what} ${waiting.lines.length === 1 ? 'waits' : 'wait'} for your review`, comment: '', actor: null, lines: waiting.lines },
      };
      return [{ input, period: date }];
    });
    if (digests.length) sent += (await s.tx((tx) => notifyEachOnce(tx, notifier, digests))).length;
  }
  return sent;
}
