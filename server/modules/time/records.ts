import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TimeRecord } from '../../../contract/time.ts';
import { MAX_SECONDS_PER_DAY } from '../../../contract/time.ts';
import { tasks, timeHistory, timeRecords } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { unprocessable } from '../../http/errors.ts';
import { isAdmin } from '../../http/permissions.ts';
import { prefixed } from '../../lib/ids.ts';
import { toDateTime } from '../../lib/time.ts';
import { EVENT_VIEWER, type Viewer } from '../projects/access.ts';
import { lockReasons } from '../timesheets/locks.ts';
import { emitEvent } from '../webhooks/outbox.ts';
import { queryRows } from './sql.ts';
import { taskViews } from './task-view.ts';

export type RecordRow = typeof timeRecords.$inferSelect;
export type HistoryAction = (typeof timeHistory.$inferInsert)['action'];

export const INVOICED_REASON = 'The time is invoiced';

/** Why the record of (user, date) is locked: approvals of the week (timesheets) and invoicing. */
export async function recordLockReasons(scope: Scope, userId: number, date: string, invoiced: boolean): Promise<string[]> {
  const byDate = await lockReasons(scope, userId, [date]);
  return [...(byDate.get(date) ?? []), ...(invoiced ? [INVOICED_REASON] : [])];
}

/** 422 naming the reasons when locked; admins pass (their change is recorded in the history like any other). */
export async function assertUnlocked(scope: Scope, caller: Caller, userId: number, date: string, invoiced: boolean): Promise<string[]> {
  const reasons = await recordLockReasons(scope, userId, date, invoiced);
  if (reasons.length === 0 || isAdmin(caller)) return reasons;
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
  return {
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
  };
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

/** The full shape of a record for each of `viewers` (the task differs by viewer): history, task, locks, and the warning when legal but suspicious. */
export async function presentRecordFor(scope: Scope, viewers: Viewer[], row: RecordRow, knownReasons?: string[]): Promise<TimeRecord[]> {
  // One after another: inside a transaction every query shares one connection.
  const history = await scope.db
    .select()
    .from(timeHistory)
    .where(and(scope.mine(timeHistory), eq(timeHistory.recordId, row.id)))
    .orderBy(asc(timeHistory.id));
  const reasons = knownReasons ?? (await recordLockReasons(scope, row.userId, row.date, row.isInvoiced));
  const [day] = await scope.db
    .select({ total: sql<string>`coalesce(sum(${timeRecords.time}), 0)` })
    .from(timeRecords)
    .where(and(scope.mine(timeRecords), eq(timeRecords.userId, row.userId), eq(timeRecords.date, row.date)));
  const views = [];
  for (const v of viewers) views.push(await taskViews(scope, v, row.taskId === null ? [] : [row.taskId]));
  const dayTotal = Number(day?.total ?? 0);
  const historyOut = history.map((h) => ({
    id: h.id,
    createdBy: h.createdBy,
    time: h.time,
    previousTime: h.previousTime,
    action: h.action,
    createdAt: toDateTime(h.createdAt),
  }));
  return views.map((v) => {
    const task = row.taskId === null ? null : (v.get(row.taskId)?.task ?? null);
    const warnings: { code: string; message: string }[] = [];
    if (dayTotal > MAX_SECONDS_PER_DAY)
      warnings.push({ code: 'day_over_24h', message: `The user has ${dayTotal} seconds on ${row.date}, more than 24 hours` });
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
      history: historyOut,
      createdAt: toDateTime(row.createdAt),
      lockReasons: reasons,
    };
    if (warnings.length) rec.warning = { code: warnings.map((w) => w.code).join(','), message: warnings.map((w) => w.message).join('; ') };
    return rec;
  });
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
  const same = caller.user.role === EVENT_VIEWER.user.role;
  const [rec, forEvent] = await presentRecordFor(scope, same ? [caller] : [caller, EVENT_VIEWER], row, reasons);
  await emitTimeUpdated(scope, caller.user.id, forEvent ?? rec!, projectIds);
  return rec!;
}
