import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TimeRecord } from '../../../contract/time.ts';
import { MAX_SECONDS_PER_DAY } from '../../../contract/time.ts';
import { approvals, tasks, timeHistory, timeRecords } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { unprocessable } from '../../http/errors.ts';
import { prefixed } from '../../lib/ids.ts';
import { toDateTime } from '../../lib/time.ts';
import { EVENT_VIEWER, type ProjectRow, type Viewer } from '../projects/access.ts';
import { approvalLockReasons, lockReasons } from '../timesheets/locks.ts';
import { emitEvent } from '../webhooks/outbox.ts';
import { queryRows } from './sql.ts';
import { presentLoadedTask, type LoadedTask, type TaskFieldRow, type TaskTimeRow } from './task-view.ts';
import { autoLockReasons, type LockViewer } from '../timesheets/auto-lock.ts';

export type RecordRow = typeof timeRecords.$inferSelect;
export type HistoryAction = (typeof timeHistory.$inferInsert)['action'];

export const INVOICED_REASON = 'The time is invoiced';
/** The lock reason of time on an invoice, naming it. */
export const invoicedOn = (publicId: string | null) => (publicId === null ? INVOICED_REASON : `The time is invoiced on invoice ${publicId}`);

/** Why the record of (user, date) is locked: approvals of the week (timesheets), the automatic lock for `viewer`, and invoicing. */
export async function recordLockReasons(scope: Scope, userId: number, date: string, invoiced: boolean, viewer: LockViewer | null): Promise<string[]> {
  const byDate = await lockReasons(scope, userId, [date], viewer);
  return [...(byDate.get(date) ?? []), ...(invoiced ? [INVOICED_REASON] : [])];
}

/**
 * 422 naming the reasons when locked, whatever the caller's role: time of a pending or approved week is
 * changed after the week is reopened (rejected or discarded, which its history records), invoiced time not at all.
 * The team's automatic lock binds `viewer` unless an admin (or opened again by one).
 */
export async function assertUnlocked(scope: Scope, userId: number, date: string, invoiced: boolean, viewer: LockViewer | null): Promise<void> {
  refuseIfLocked(await recordLockReasons(scope, userId, date, invoiced, viewer));
}

/** 422 when the team's automatic lock makes (user, date) read-only for `viewer`. */
export async function refuseIfAutoLocked(scope: Scope, viewer: LockViewer, userId: number, date: string): Promise<void> {
  refuseIfLocked((await autoLockReasons(scope, viewer, userId, [date])).get(date) ?? []);
}

/** The check of `assertUnlocked` on reasons already read. */
export function refuseIfLocked(reasons: string[]): void {
  if (reasons.length === 0) return;
  const message = `This time is locked: ${reasons.join('; ')}`;
  throw unprocessable(message, { time: reasons });
}

/** The record of (user, task, date), if any (task null = time without a task). */
export async function findDayRecord(scope: Scope, userId: number, taskId: number | null, date: string): Promise<RecordRow | undefined> {
  return scope.first(
    timeRecords,
    eq(timeRecords.userId, userId),
    taskId === null ? isNull(timeRecords.taskId) : eq(timeRecords.taskId, taskId),
    eq(timeRecords.date, date),
  );
}

interface RawRecord {
  id: number | string;
  team_id: number;
  user_id: number;
  task_id: number | null;
  date: string;
  time: number | string;
  comment: string;
  is_invoiced: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * Adds `seconds` to the record of (user, task, date) or creates it, and appends the history entry, in ONE
 * statement (`INSERT … ON CONFLICT … DO UPDATE SET time = time_records.time + excluded.time`), so
 * concurrent adds never lose an update. Answers the record after the add.
 */
export async function upsertAdd(
  scope: Scope,
  a: {
    userId: number;
    taskId: number | null;
    date: string;
    seconds: number;
    comment: string | undefined;
    action: HistoryAction;
    actorId: number;
  },
): Promise<RecordRow> {
  const [row] = await queryRows<RawRecord>(
    scope,
    sql`
    with up as (
      insert into time_records (team_id, user_id, task_id, date, time, comment)
      values (${scope.teamId}, ${a.userId}, ${a.taskId}, ${a.date}, ${a.seconds}, ${a.comment ?? ''})
      on conflict on constraint time_records_user_task_date_uq do update
        set time = time_records.time + excluded.time,
            comment = case when excluded.comment = '' then time_records.comment else excluded.comment end,
            updated_at = now()
      returning *
    ), h as (
      insert into time_history (team_id, record_id, created_by, action, time, previous_time)
      select team_id, id, ${a.actorId}, ${a.action}, ${a.seconds}, time - ${a.seconds} from up
    )
    select id, team_id, user_id, task_id, date::text as date, time, comment, is_invoiced, created_at, updated_at from up`,
  );
  if (!row) throw new Error('upsert of a time record answered no row');
  return recordOf(row);
}

const recordOf = (row: RawRecord): RecordRow => ({
  id: Number(row.id),
  teamId: row.team_id,
  userId: row.user_id,
  taskId: row.task_id,
  date: row.date,
  time: Number(row.time),
  comment: row.comment,
  isInvoiced: row.is_invoiced,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** What `loadRecordForWrite` answers: the record, and the project of its task as budget checks need it. */
export interface RecordForWrite {
  row: RecordRow;
  project: { id: number; clientId: number | null; budget: ProjectRow['budget'] } | null;
}

/** The record `id` of the team with its task's project (id, client, budget), in one statement; undefined when none. */
export async function loadRecordForWrite(scope: Scope, id: number): Promise<RecordForWrite | undefined> {
  const [r] = await queryRows<RawRecord & { project_id: number | null; client_id: number | null; budget: ProjectRow['budget'] }>(
    scope,
    sql`
    select r.id, r.team_id, r.user_id, r.task_id, r.date::text as date, r.time, r.comment, r.is_invoiced, r.created_at, r.updated_at,
           p.id as project_id, p.client_id, p.budget
      from time_records r
      left join tasks t on t.team_id = r.team_id and t.id = r.task_id
      left join projects p on p.team_id = r.team_id and p.id = t.project_id
     where r.team_id = ${scope.teamId} and r.id = ${id}`,
  );
  if (!r) return undefined;
  return { row: recordOf(r), project: r.project_id === null ? null : { id: r.project_id, clientId: r.client_id, budget: r.budget } };
}

/**
 * Sets the record's fields and, when `history` is given, appends that history entry, in ONE statement.
 * Answers the record after the change.
 */
export async function updateRecord(
  scope: Scope,
  id: number,
  set: { userId: number; taskId: number | null; date: string; time: number; comment: string; updatedAt: Date },
  history?: { action: HistoryAction; actorId: number; time: number; previousTime: number },
): Promise<RecordRow> {
  const h = history
    ? sql`, h as (
        insert into time_history (team_id, record_id, created_by, action, time, previous_time)
        select team_id, id, ${history.actorId}, ${history.action}, ${history.time}, ${history.previousTime} from up)`
    : sql``;
  const [row] = await queryRows<RawRecord>(
    scope,
    sql`
    with up as (
      update time_records
         set user_id = ${set.userId}, task_id = ${set.taskId}, date = ${set.date}, time = ${set.time},
             comment = ${set.comment}, updated_at = ${set.updatedAt.toISOString()}
       where team_id = ${scope.teamId} and id = ${id}
      returning *
    )${h}
    select id, team_id, user_id, task_id, date::text as date, time, comment, is_invoiced, created_at, updated_at from up`,
  );
  if (!row) throw new Error('update of a time record answered no row');
  return recordOf(row);
}

/** The project of a task, or null (no task). */
export async function projectOfTask(scope: Scope, taskId: number | null): Promise<number | null> {
  if (taskId === null) return null;
  const [row] = await scope.db
    .select({ projectId: tasks.projectId })
    .from(tasks)
    .where(and(scope.mine(tasks), eq(tasks.id, taskId)))
    .limit(1);
  return row?.projectId ?? null;
}

/** An approval as the read-back needs it for lock reasons. */
interface LockingApproval {
  weekId: number;
  status: (typeof approvals.$inferSelect)['status'];
  submittedDates: string[];
  approvedDates: string[];
  /** Epoch milliseconds, or null. */
  approvedAt: number | null;
}

/** Everything the full shape of a record needs besides the record itself, read in ONE statement. */
export interface RecordReadBack {
  history: TimeRecord['history'];
  /** Seconds of the record's user on the record's date, every task. */
  dayTotal: number;
  /** Approvals of the user that lock the record's date (only when asked for). */
  locking: LockingApproval[];
  /** Public id of the invoice covering the record, if any. */
  invoice: string | null;
  task: LoadedTask | null;
}

/** A history entry as the read-back answers it (`createdAt` in epoch milliseconds). */
type HistoryJson = Omit<TimeRecord['history'][number], 'createdAt'> & { createdAt: number | string };

const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)`;

/**
 * Reads, in one statement (a fresh snapshot after any write of the same transaction): the record's history,
 * the day total of its user, the approvals locking its date when `withLocks`, and its task with what
 * `presentTasks` reads for it (live section, time per user, custom-field values), so the record can be
 * presented for any number of viewers without another query.
 */
export async function readBack(scope: Scope, row: RecordRow, withLocks: boolean): Promise<RecordReadBack> {
  const team = scope.teamId;
  const taskCond = row.taskId === null ? sql`false` : sql`${tasks.teamId} = ${team} and ${tasks.id} = ${row.taskId}`;
  const none = sql`'[]'::json`;
  const [r] = await scope.db
    .select({
      task: tasks,
      history: sql<HistoryJson[]>`(select coalesce(json_agg(json_build_object(
          'id', h.id, 'createdBy', h.created_by, 'time', h.time, 'previousTime', h.previous_time, 'action', h.action,
          'createdAt', ${epochMs(sql`h.created_at`)}) order by h.id), '[]'::json)
        from time_history h where h.team_id = ${team} and h.record_id = ${row.id})`,
      dayTotal: sql<number>`(select coalesce(sum(d.time), 0) from time_records d
        where d.team_id = ${team} and d.user_id = ${row.userId} and d.date = ${row.date})`.mapWith(Number),
      locking: withLocks
        ? sql<LockingApproval[]>`(select coalesce(json_agg(json_build_object(
              'weekId', a.week_id, 'status', a.status, 'submittedDates', a.submitted_dates, 'approvedDates', a.approved_dates,
              'approvedAt', ${epochMs(sql`a.approved_at`)}) order by a.id), '[]'::json)
            from approvals a
           where a.team_id = ${team} and a.user_id = ${row.userId}
             and (a.approved_dates && array[${row.date}]::text[]
                  or (a.status = 'pending' and a.submitted_dates && array[${row.date}]::text[])))`
        : sql<LockingApproval[]>`${none}`,
      invoice: row.isInvoiced
        ? sql<string | null>`(select i.public_id from invoice_time_records x join invoices i on i.id = x.invoice_id
            where x.team_id = ${team} and x.record_id = ${row.id})`
        : sql<string | null>`null::text`,
      sectionLive: sql<boolean>`exists (select 1 from sections s
        where s.team_id = ${team} and s.id = ${tasks.sectionId} and s.deleted_at is null)`,
      times:
        row.taskId === null
          ? sql<TaskTimeRow[]>`${none}`
          : sql<TaskTimeRow[]>`(select coalesce(json_agg(json_build_object('user', x.user_id, 'seconds', x.seconds)), '[]'::json)
              from (select r.user_id, sum(r.time) as seconds from time_records r
                     where r.team_id = ${team} and r.task_id = ${row.taskId} group by r.user_id) x)`,
      fields:
        row.taskId === null
          ? sql<TaskFieldRow[]>`${none}`
          : sql<
              TaskFieldRow[]
            >`(select coalesce(json_agg(json_build_object('field', v.field_id, 'value', v.value, 'forAll', f.visibility = 'all')
                order by f.position, f.id), '[]'::json)
              from task_field_values v join custom_fields f on f.id = v.field_id
             where v.team_id = ${team} and v.task_id = ${row.taskId})`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(tasks, taskCond);
  if (!r) throw new Error('read-back of a time record answered no row');
  return {
    history: r.history.map((h) => ({ ...h, createdAt: toDateTime(new Date(Number(h.createdAt))) })),
    dayTotal: r.dayTotal,
    locking: r.locking,
    invoice: r.invoice,
    task: r.task ? { row: r.task, sectionLive: r.sectionLive, times: r.times, fields: r.fields } : null,
  };
}

/** The lock reasons of a record from its read-back (same rules and order as `recordLockReasons`). */
export function readBackReasons(rb: RecordReadBack, row: RecordRow): string[] {
  const fromApprovals = rb.locking.flatMap((a) =>
    approvalLockReasons({ ...a, approvedAt: a.approvedAt === null ? null : new Date(Number(a.approvedAt)) }, row.date),
  );
  return [...fromApprovals, ...(row.isInvoiced ? [invoicedOn(rb.invoice)] : [])];
}

/** The full shape of a record for `viewer` from its read-back: history, task, locks, and the warning when legal but suspicious. */
export function recordFromReadBack(rb: RecordReadBack, viewer: Viewer, row: RecordRow, reasons: string[]): TimeRecord {
  const task = rb.task === null ? null : presentLoadedTask(viewer, rb.task);
  const warnings: { code: string; message: string }[] = [];
  if (rb.dayTotal > MAX_SECONDS_PER_DAY)
    warnings.push({ code: 'day_over_24h', message: `The user has ${rb.dayTotal} seconds on ${row.date}, more than 24 hours` });
  if (task?.status === 'closed') warnings.push({ code: 'task_closed', message: `Task ${task.id} is closed` });
  const rec: TimeRecord = {
    id: row.id,
    time: row.time,
    user: row.userId,
    date: row.date,
    task,
    isLocked: reasons.length > 0,
    isInvoiced: row.isInvoiced,
    comment: row.comment,
    history: rb.history.map((h) => ({ ...h })),
    createdAt: toDateTime(row.createdAt),
    lockReasons: reasons,
    // Time is entered here, never tracked on a web page, so the page is not known.
    website: null,
  };
  if (warnings.length) rec.warning = { code: warnings.map((w) => w.code).join(','), message: warnings.map((w) => w.message).join('; ') };
  return rec;
}

/** The full shape of a record for each of `viewers` (the task differs by viewer): one read-back, whatever their number. */
export async function presentRecordFor(scope: Scope, viewers: Viewer[], row: RecordRow, knownReasons?: string[]): Promise<TimeRecord[]> {
  const rb = await readBack(scope, row, knownReasons === undefined);
  const reasons = knownReasons ?? readBackReasons(rb, row);
  return viewers.map((v) => recordFromReadBack(rb, v, row, reasons));
}

export async function presentRecord(scope: Scope, viewer: Viewer, row: RecordRow): Promise<TimeRecord> {
  return (await presentRecordFor(scope, [viewer], row))[0]!;
}

/** `api:time:updated` in the outbox, in the caller's transaction; `rec` as the event viewer sees it. */
export async function emitTimeUpdated(scope: Scope, actorId: number, rec: TimeRecord, projectIds: (number | null)[]) {
  const ps = [...new Set(projectIds.filter((p): p is number => p !== null))];
  await emitEvent(scope, {
    kind: 'api:time:updated',
    actorId,
    resourceId: String(rec.id),
    resource: rec,
    projectId: ps[0] ?? null,
    projects: ps.map(prefixed),
    users: [rec.user],
  });
}

/**
 * The record as `caller` sees it, after emitting `api:time:updated` with the record as the event viewer
 * sees it (never more than a non-admin may read), in the same transaction.
 */
export async function presentAndEmit(
  scope: Scope,
  caller: Caller,
  row: RecordRow,
  projectIds: (number | null)[],
  /** The record's lock reasons when just computed for it (saves a query). */
  reasons?: string[],
): Promise<TimeRecord> {
  const rb = await readBack(scope, row, reasons === undefined);
  return emitFromReadBack(scope, caller, row, rb, reasons ?? readBackReasons(rb, row), projectIds);
}

/**
 * `presentAndEmit` on a read-back already made: the record as `caller` sees it, and the event with the
 * record as the event viewer sees it (the same object when both see the same), with no query but the event's.
 */
export async function emitFromReadBack(
  scope: Scope,
  caller: Caller,
  row: RecordRow,
  rb: RecordReadBack,
  reasons: string[],
  projectIds: (number | null)[],
): Promise<TimeRecord> {
  const rec = recordFromReadBack(rb, caller, row, reasons);
  const same = caller.user.role === EVENT_VIEWER.user.role;
  await emitTimeUpdated(scope, caller.user.id, same ? rec : recordFromReadBack(rb, EVENT_VIEWER, row, reasons), projectIds);
  return rec;
}
