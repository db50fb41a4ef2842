import { eq } from 'drizzle-orm';
import type { AddTimeBody, TimeRecord, UpdateTimeBody } from '../../../contract/time.ts';
import { timeRecords } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { budgetEvents, tellingRefusals } from '../budgets/notify.ts';
import { assertWithinBudgets, budgetGuards, mayHaveBudgetGuards } from '../budgets/progress.ts';
import type { Notifier } from '../notifications/emit.ts';
import { tellOwnerOfEdit } from './notify.ts';
import { loadTaskForWrite, loadTeamUser, requireReadOf, requireWriteFor } from './access.ts';
import { EVENT_VIEWER } from '../projects/access.ts';
import {
  assertUnlocked,
  refuseIfAutoLocked,
  emitFromReadBack,
  emitTimeUpdated,
  findDayRecord,
  loadRecordForWrite,
  presentRecordFor,
  projectOfTask,
  readBack,
  readBackReasons,
  refuseIfLocked,
  updateRecord,
  upsertAdd,
  type HistoryAction,
  type RecordForWrite,
} from './records.ts';
import { autoLockReasons, lockViewer } from '../timesheets/auto-lock.ts';

type BudgetedProject = NonNullable<RecordForWrite['project']>;

/**
 * POST /time: adds to the day's record of (task, user, date) or creates it; history ADD. With a `notifier`, the
 * person hears when a reviewer added to their time, when a budget refused it, and admins when a budget's level is reached.
 */
export async function addTime(scope: Scope, caller: Caller, body: AddTimeBody, now: Date, notifier?: Notifier): Promise<TimeRecord> {
  return tellingRefusals(scope, notifier, now, () =>
    scope.tx(async (s) => {
      const userId = body.user ?? caller.user.id;
      if (userId !== caller.user.id) await loadTeamUser(s, userId);
      requireWriteFor(caller, userId);
      const target = body.task ? await loadTaskForWrite(s, caller, body.task) : undefined;
      const taskId = target?.task.id ?? null;
      // The project row comes with the task: when no budget can watch it, `budgetGuards` (which reads the project,
      // its client and their usage) would answer none, so it is not asked.
      await refuseIfAutoLocked(s, lockViewer(caller, now), userId, body.date);
      const guards = target && mayHaveBudgetGuards(target.project) ? await budgetGuards(s, [target.project.id], now) : [];
      const row = await upsertAdd(s, {
        userId,
        taskId,
        date: body.date,
        seconds: body.time,
        comment: body.comment,
        action: 'ADD',
        actorId: caller.user.id,
      });
      // One read after the write (a fresh snapshot, so concurrent adds it waited for are in it): history, day
      // total, the approvals locking the day, and the task for both the caller and the webhook payload.
      const rb = await readBack(s, row, true);
      // Checked after the write (whose transaction rolls back on refusal): the record's own invoiced flag comes with it.
      refuseIfLocked(readBackReasons(rb, row));
      await assertWithinBudgets(s, guards, now, notifier && budgetEvents(notifier, userId, body.date));
      await tellOwnerOfEdit(s, notifier, caller, userId, body.date, now);
      return emitFromReadBack(s, caller, row, rb, [], [target?.project.id ?? null]);
    }),
  );
}

async function loadRecord(scope: Scope, id: number) {
  const row = await scope.byId(timeRecords, id);
  if (!row) throw notFound('Time record');
  return row;
}

/**
 * PUT /time/{id}: replaces the given fields. Moving the record to a (task, user, date) that already has a
 * record is refused with 422 naming that record (records stay one per day; edit or delete that one instead).
 *
 * A grid save (new time or comment, same task, user and date) is five statements: the record with its
 * task's project, the update with its history entry, one read-back (history, day total, the approvals
 * locking the day, the task), the event, and the budgets' usage only when a budget can watch the project.
 * Locks are checked on the read-back, after the write, whose transaction rolls back on refusal.
 */
export async function updateTime(
  scope: Scope,
  caller: Caller,
  id: number,
  body: UpdateTimeBody,
  now: Date,
  notifier?: Notifier,
): Promise<TimeRecord> {
  return tellingRefusals(scope, notifier, now, () =>
    scope.tx(async (s) => {
      const found = await loadRecordForWrite(s, id);
      if (!found) throw notFound('Time record');
      const { row } = found;
      requireWriteFor(caller, row.userId);
      const userId = body.user ?? row.userId;
      if (userId !== row.userId) {
        await loadTeamUser(s, userId);
        requireWriteFor(caller, userId);
      }
      let taskId = row.taskId;
      let newProject: BudgetedProject | null = found.project;
      const oldProject = found.project;
      if (body.task !== undefined && body.task !== (row.taskId === null ? null : `ev:${row.taskId}`)) {
        if (body.task === null) {
          taskId = null;
          newProject = null;
        } else {
          const t = await loadTaskForWrite(s, caller, body.task);
          taskId = t.task.id;
          newProject = t.project;
        }
      }
      const date = body.date ?? row.date;
      const time = body.time ?? row.time;
      const comment = body.comment ?? row.comment;
      const moved = userId !== row.userId || taskId !== row.taskId || date !== row.date;
      // The automatic lock: on the day the record is on, and on the day it lands on.
      const viewer = lockViewer(caller, now);
      await refuseIfAutoLocked(s, viewer, row.userId, row.date);
      if (userId !== row.userId || date !== row.date) await refuseIfAutoLocked(s, viewer, userId, date);

      if (moved) {
        // The day it leaves must be open too; the day it lands on is checked on the read-back.
        await assertUnlocked(s, row.userId, row.date, row.isInvoiced, null);
        const clash = await findDayRecord(s, userId, taskId, date);
        if (clash) {
          const message = `Time record ${clash.id} already holds this task, user and date; change that record instead`;
          throw unprocessable(message, { date: [message] });
        }
      }
      const watched = [oldProject, newProject].filter((p): p is BudgetedProject => p !== null && mayHaveBudgetGuards(p));
      const guards = watched.length
        ? await budgetGuards(
            s,
            watched.map((p) => p.id),
            now,
          )
        : [];
      const action: HistoryAction | undefined =
        time !== row.time ? 'EDIT' : moved ? 'MOVE' : comment !== row.comment ? 'COMMENT' : undefined;
      const updated = await updateRecord(
        s,
        id,
        { userId, taskId, date, time, comment, updatedAt: now },
        action && { action, actorId: caller.user.id, time: time - row.time, previousTime: row.time },
      );
      const rb = await readBack(s, updated, true);
      const reasons = readBackReasons(rb, updated);
      refuseIfLocked(reasons);
      await assertWithinBudgets(s, guards, now, notifier && budgetEvents(notifier, userId, date));
      if (action) {
        await tellOwnerOfEdit(s, notifier, caller, row.userId, row.date, now);
        if (userId !== row.userId || date !== row.date) await tellOwnerOfEdit(s, notifier, caller, userId, date, now);
      }
      return emitFromReadBack(s, caller, updated, rb, reasons, [newProject?.id ?? null, oldProject?.id ?? null]);
    }),
  );
}

/** DELETE /time/{id}; the record's person hears when a reviewer deleted it. */
export async function deleteTime(scope: Scope, caller: Caller, id: number, now: Date, notifier?: Notifier): Promise<void> {
  await scope.tx(async (s) => {
    const row = await loadRecord(s, id);
    requireWriteFor(caller, row.userId);
    await assertUnlocked(s, row.userId, row.date, row.isInvoiced, lockViewer(caller, now));
    const project = await projectOfTask(s, row.taskId);
    await s.delete(timeRecords, eq(timeRecords.id, id));
    const rec = await (await presentRecordFor(s, [EVENT_VIEWER], { ...row, time: 0 }))[0]!;
    await emitTimeUpdated(s, caller.user.id, { ...rec, history: [] }, [project]);
    await tellOwnerOfEdit(s, notifier, caller, row.userId, row.date, now);
  });
}

/** GET /time/{id}: one's own, or anyone's for admins and supervisors. */
export async function getTime(scope: Scope, caller: Caller, id: number, now: Date): Promise<TimeRecord> {
  const row = await loadRecord(scope, id);
  requireReadOf(caller, row.userId);
  // The approvals' and the invoice's reasons (naming the invoice) as the read-back gives them, with the automatic lock's.
  const auto = (await autoLockReasons(scope, lockViewer(caller, now), row.userId, [row.date])).get(row.date) ?? [];
  const rec = (await presentRecordFor(scope, [caller], row))[0]!;
  return auto.length ? { ...rec, isLocked: true, lockReasons: [...auto, ...rec.lockReasons] } : rec;
}
