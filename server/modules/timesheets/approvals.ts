import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { MAX_ID } from '../../../contract/common.ts';
import type { Approval, WeekDays } from '../../../contract/timesheets.ts';
import { dayNameOf, weekDates, weekRange } from '../../../contract/weeks.ts';
import { parseTimesheetId, timesheetId } from '../../../contract/timesheet-ids.ts';
import { approvals, timeRecords, users, type StoredApprovalEntry } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { isManager } from '../../http/permissions.ts';
import { toDateTime } from '../../lib/time.ts';
import { reviewersOf, type Notifier } from '../notifications/emit.ts';
import { weekLabel } from '../notifications/labels.ts';
import type { AuditWho } from '../audit/record.ts';
import { auditDecision } from './audit.ts';

export type ApprovalRow = typeof approvals.$inferSelect;
type DaysInput = Partial<WeekDays> | undefined;

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Dates to `{monday..sunday}` booleans (each date of a week has its own weekday). */
export function datesToDays(dates: readonly string[]): WeekDays {
  const names = new Set(dates.map(dayNameOf));
  return {
    monday: names.has('monday'),
    tuesday: names.has('tuesday'),
    wednesday: names.has('wednesday'),
    thursday: names.has('thursday'),
    friday: names.has('friday'),
    saturday: names.has('saturday'),
    sunday: names.has('sunday'),
  };
}

/** The dates of `week` whose weekday is true in `days`. */
const daysToDates = (days: Partial<WeekDays>, week: readonly string[]) => week.filter((d) => days[dayNameOf(d)] === true);

const sortDates = (dates: Iterable<string>) => [...new Set(dates)].sort();
const namesOf = (dates: readonly string[]) => dates.map((d) => capitalized(dayNameOf(d))).join(', ');

/** Seconds recorded by `userId` on each of `dates`. */
async function secondsByDate(scope: Scope, userId: number, dates: readonly string[]): Promise<Map<string, number>> {
  if (dates.length === 0) return new Map();
  const rows = await scope.db
    .select({ date: timeRecords.date, time: sql<string>`sum(${timeRecords.time})` })
    .from(timeRecords)
    .where(scope.where(timeRecords, eq(timeRecords.userId, userId), inArray(timeRecords.date, [...dates]), gt(timeRecords.time, 0)))
    .groupBy(timeRecords.date);
  return new Map(rows.map((r) => [r.date, Number(r.time)]));
}

/** Seconds recorded on each approved date of each row, keyed `user:date`, in one query for all rows. */
async function approvedSeconds(scope: Scope, rows: readonly ApprovalRow[]): Promise<Map<string, number>> {
  const userIds = [...new Set(rows.filter((a) => a.approvedDates.length > 0).map((a) => a.userId))];
  const dates = [...new Set(rows.flatMap((a) => a.approvedDates))];
  if (userIds.length === 0 || dates.length === 0) return new Map();
  const sums = await scope.db
    .select({ userId: timeRecords.userId, date: timeRecords.date, time: sql<string>`sum(${timeRecords.time})` })
    .from(timeRecords)
    .where(scope.where(timeRecords, inArray(timeRecords.userId, userIds), inArray(timeRecords.date, dates), gt(timeRecords.time, 0)))
    .groupBy(timeRecords.userId, timeRecords.date);
  return new Map(sums.map((r) => [`${r.userId}:${r.date}`, Number(r.time)]));
}

/** Approvals in their wire shape; `totalTime` is the seconds recorded on approved days. One query whatever the number of rows. */
export async function presentApprovals(scope: Scope, rows: ApprovalRow[]): Promise<Approval[]> {
  const seconds = await approvedSeconds(scope, rows);
  return rows.map((a) => {
    const id = timesheetId(a.userId, a.weekId);
    return {
      id,
      timesheetId: id,
      user: a.userId,
      weekId: a.weekId,
      reviewer: a.reviewerId,
      status: a.status,
      submittedDays: datesToDays(a.submittedDates),
      approvedDays: datesToDays(a.approvedDates),
      totalTime: a.approvedDates.reduce((s, d) => s + (seconds.get(`${a.userId}:${d}`) ?? 0), 0),
      history: a.history.map((h) => ({
        action: h.action,
        days: datesToDays(h.dates),
        user: h.userId,
        comment: h.comment,
        createdAt: toDateTime(new Date(h.at)),
      })),
    };
  });
}

export interface Target {
  userId: number;
  weekId: number;
  dates: string[];
  from: string;
  to: string;
  ownerName: string;
}

/** The user and week of a timesheet id of the caller's team; 404 for anything else. */
export async function resolve(scope: Scope, caller: Caller, rawId: string): Promise<Target> {
  const parsed = parseTimesheetId(rawId);
  if (!parsed || parsed.userId > MAX_ID) throw notFound('Timesheet');
  const owner = await scope.byId(users, parsed.userId);
  if (!owner) throw notFound('Timesheet');
  const { from, to } = weekRange(parsed.weekId, caller.team.weekStart);
  return { ...parsed, dates: weekDates(parsed.weekId, caller.team.weekStart), from, to, ownerName: owner.name };
}

/** The approval row of a week, locked for update in the current transaction. */
async function lockRow(scope: Scope, t: Target): Promise<ApprovalRow | undefined> {
  const [row] = await scope.db
    .select()
    .from(approvals)
    .where(scope.where(approvals, eq(approvals.userId, t.userId), eq(approvals.weekId, t.weekId)))
    .for('update');
  return row;
}

const entry = (
  action: StoredApprovalEntry['action'],
  dates: string[],
  caller: Caller,
  comment: string,
  now: Date,
): StoredApprovalEntry => ({
  action,
  dates,
  userId: caller.user.id,
  comment,
  at: now.toISOString(),
});

/** `POST /timesheets/{id}/approval`: the owner submits days of the week; status pending. */
export async function submitWeek(
  scope: Scope,
  caller: Caller,
  rawId: string,
  body: { comment: string; reviewer?: number | undefined; sendNotification?: boolean; days?: DaysInput },
  now: Date,
  notifier: Notifier,
): Promise<ApprovalRow> {
  const t = await resolve(scope, caller, rawId);
  if (t.userId !== caller.user.id) throw forbidden("Only the week's owner can submit it for approval");
  if (body.reviewer !== undefined) {
    const reviewer = await scope.byId(users, body.reviewer);
    if (!reviewer || reviewer.status === 'removed' || (reviewer.role !== 'admin' && reviewer.role !== 'supervisor')) {
      throw unprocessable('The reviewer must be an admin or supervisor of the team', {
        reviewer: ['Must be an admin or supervisor of the team'],
      });
    }
  }
  return scope.tx(async (s) => {
    let row = await lockRow(s, t);
    if (row?.status === 'pending') throw unprocessable(`Week ${t.weekId} is already pending approval`);
    const approved = new Set(row?.approvedDates ?? []);
    let dates: string[];
    if (body.days) {
      dates = daysToDates(body.days, t.dates);
      const already = dates.filter((d) => approved.has(d));
      if (already.length) throw unprocessable(`Already approved: ${namesOf(already)}`, { days: [`Already approved: ${namesOf(already)}`] });
    } else {
      // The days with time; a week with none (a week off, or of time off only) submits every day not yet approved.
      const withTime = await secondsByDate(s, t.userId, t.dates);
      const open = t.dates.filter((d) => !approved.has(d));
      dates = open.some((d) => withTime.has(d)) ? open.filter((d) => withTime.has(d)) : open;
    }
    if (dates.length === 0) {
      const message = body.days ? 'Choose at least one day to submit' : `Every day of week ${t.weekId} is already approved`;
      throw unprocessable(message, { days: [message] });
    }
    const history = [...(row?.history ?? []), entry('submitted', dates, caller, body.comment, now)];
    const values = {
      status: 'pending' as const,
      submittedDates: dates,
      reviewerId: body.reviewer ?? row?.reviewerId ?? null,
      weekFrom: t.from,
      weekTo: t.to,
      history,
      updatedAt: now,
    };
    if (!row) {
      [row] = (await s.db
        .insert(approvals)
        .values({ ...values, teamId: s.teamId, userId: t.userId, weekId: t.weekId, createdAt: now })
        .onConflictDoNothing()
        .returning()) as ApprovalRow[];
      if (!row) throw unprocessable(`Week ${t.weekId} is already pending approval`);
    } else row = (await s.update(approvals, values, eq(approvals.id, row.id)))[0]!;
    // The reviewer the member asked for, or everyone who may decide: told only when the member asks for it (sendNotification).
    if (body.sendNotification) {
      const id = timesheetId(t.userId, t.weekId);
      await notifier.notify(s, {
        kind: 'week.waiting',
        to: row.reviewerId !== null ? [row.reviewerId] : await reviewersOf(s, ['admin', 'supervisor']),
        subject: { type: 'timesheet', id, user: t.userId, weekId: t.weekId },
        link: `/approvals?open=${id}`,
        payload: {
          title: `${caller.user.name} submitted the ${weekLabel(t.from)} for approval`,
          comment: body.comment,
          actor: { id: caller.user.id, name: caller.user.name },
        },
      });
    }
    return row;
  });
}

/** `PUT /timesheets/{id}/approval`: an admin or supervisor approves or rejects days. */
export async function reviewWeek(
  scope: Scope,
  caller: Caller,
  rawId: string,
  body: { status: 'approved' | 'rejected'; days?: DaysInput; comment: string },
  now: Date,
  notifier: Notifier,
  who: AuditWho,
): Promise<ApprovalRow> {
  if (!isManager(caller)) throw forbidden('Only admins and supervisors can approve or reject weeks');
  const t = await resolve(scope, caller, rawId);
  if (t.userId === caller.user.id && caller.user.role !== 'admin') throw forbidden('Supervisors cannot approve or reject their own week');
  return scope.tx(async (s) => {
    const prior = await lockRow(s, t);
    const decided = await decide(s, t, caller, body, now);
    await auditDecision(s.db, who, t, prior, decided, body.comment);
    // The week's owner hears of every decision, with its comment.
    const kind = decided.status === 'rejected' ? 'week.rejected' : decided.status === 'approved' ? 'week.approved' : 'week.partly_approved';
    const verb = kind === 'week.rejected' ? 'rejected' : kind === 'week.approved' ? 'approved' : 'approved part of';
    await notifier.notify(s, {
      kind,
      to: [t.userId],
      subject: { type: 'timesheet', id: timesheetId(t.userId, t.weekId), user: t.userId, weekId: t.weekId },
      link: `/timesheet?week=${String(t.weekId).padStart(4, '0')}`,
      payload: {
        title: `${caller.user.name} ${verb} your ${weekLabel(t.from)}`,
        comment: body.comment,
        actor: { id: caller.user.id, name: caller.user.name },
      },
    });
    return decided;
  });
}

/** The decision on a locked week (in the caller's transaction). */
async function decide(
  s: Scope,
  t: Target,
  caller: Caller,
  body: { status: 'approved' | 'rejected'; days?: DaysInput; comment: string },
  now: Date,
): Promise<ApprovalRow> {
  const row = await lockRow(s, t);
  if (!row) throw unprocessable(`Week ${t.weekId} has not been submitted for approval`);
  const submitted = new Set(row.submittedDates);
  const approved = new Set(row.approvedDates);
  const chosen = body.days ? daysToDates(body.days, t.dates) : undefined;
  if (chosen && chosen.length === 0) throw unprocessable('Choose at least one day', { days: ['Choose at least one day'] });

  if (body.status === 'approved') {
    if (row.status !== 'pending') throw unprocessable(`Week ${t.weekId} is not pending approval (status ${row.status})`);
    const dates = chosen ?? row.submittedDates.filter((d) => !approved.has(d));
    const notSubmitted = dates.filter((d) => !submitted.has(d));
    if (notSubmitted.length)
      throw unprocessable(`Not submitted: ${namesOf(notSubmitted)}`, { days: [`Not submitted: ${namesOf(notSubmitted)}`] });
    const approvedDates = sortDates([...approved, ...dates]);
    const all = row.submittedDates.every((d) => approvedDates.includes(d));
    const history = [...row.history, entry('approved', dates, caller, body.comment, now)];
    const set = {
      status: all ? ('approved' as const) : ('partial_approved' as const),
      approvedDates,
      approvedAt: now,
      history,
      updatedAt: now,
    };
    return (await s.update(approvals, set, eq(approvals.id, row.id)))[0]!;
  }

  // Rejecting reopens: days pending, or approved days whatever the status (a week partly rejected keeps its other approved days).
  const open = row.status === 'pending' ? sortDates([...row.submittedDates, ...row.approvedDates]) : row.approvedDates;
  if (open.length === 0) throw unprocessable(`Week ${t.weekId} has no pending or approved days (status ${row.status})`);
  const dates = chosen ?? (row.status === 'pending' ? row.submittedDates : row.approvedDates);
  const unknown = dates.filter((d) => !open.includes(d));
  if (unknown.length)
    throw unprocessable(`Neither submitted nor approved: ${namesOf(unknown)}`, {
      days: [`Neither submitted nor approved: ${namesOf(unknown)}`],
    });
  const approvedDates = row.approvedDates.filter((d) => !dates.includes(d));
  const history = [...row.history, entry('rejected', dates, caller, body.comment, now)];
  return (await s.update(approvals, { status: 'rejected', approvedDates, history, updatedAt: now }, eq(approvals.id, row.id)))[0]!;
}

/** `PUT /timesheets/{id}/discard-approval`: the owner withdraws a pending request. */
export async function discardWeek(scope: Scope, caller: Caller, rawId: string, comment: string, now: Date): Promise<ApprovalRow> {
  const t = await resolve(scope, caller, rawId);
  if (t.userId !== caller.user.id) throw forbidden("Only the week's owner can discard its approval request");
  return scope.tx(async (s) => {
    const row = await lockRow(s, t);
    if (row?.status !== 'pending') throw unprocessable(`Week ${t.weekId} is not pending approval`);
    const history = [...row.history, entry('discarded', row.submittedDates, caller, comment, now)];
    return (await s.update(approvals, { status: 'discarded', history, updatedAt: now }, eq(approvals.id, row.id)))[0]!;
  });
}

/** Approvals of `userIds` in `weekIds`, keyed `user:week`. */
export async function approvalsFor(scope: Scope, userIds: number[], weekIds: number[]): Promise<Map<string, ApprovalRow>> {
  if (userIds.length === 0 || weekIds.length === 0) return new Map();
  const rows = await scope.list(approvals, and(inArray(approvals.userId, userIds), inArray(approvals.weekId, weekIds)));
  return new Map(rows.map((r) => [`${r.userId}:${r.weekId}`, r]));
}
