import type { AddTaskTimeBody, SetTaskTimeBody, TimeRecord } from '../../../contract/time.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { fieldError, invalid, notFound } from '../../http/errors.ts';
import { tellingRefusals } from '../budgets/notify.ts';
import type { Notifier } from '../notifications/emit.ts';
import { loadTaskForRead, loadTeamUser, requireWriteFor } from './access.ts';
import { addTime, deleteTime, updateTime } from './mutations.ts';
import { findDayRecord } from './records.ts';

/**
 * Time on a task (`/tasks/{task_id}/time`): the same operations as `/time`, the task named by the path.
 * Every change goes through the `/time` service, so its rules, locks, budgets and webhook events apply.
 */

/** The path's task (404 when not visible) and the user the change is for (422 on `user` when not of the team). */
async function target(scope: Scope, caller: Caller, taskWireId: string, user: number | undefined) {
  const { task } = await loadTaskForRead(scope, caller, taskWireId);
  const userId = user ?? caller.user.id;
  if (userId !== caller.user.id) await loadTeamUser(scope, userId);
  requireWriteFor(caller, userId);
  return { taskId: task.id, userId };
}

/** POST /tasks/{task_id}/time: adds to the record of (task, user, date); history ADD. */
export async function addTaskTime(
  scope: Scope,
  caller: Caller,
  taskWireId: string,
  body: AddTaskTimeBody,
  now: Date,
  notifier?: Notifier,
): Promise<TimeRecord> {
  await loadTaskForRead(scope, caller, taskWireId);
  return addTime(scope, caller, { ...body, task: taskWireId }, now, notifier);
}

/** PUT /tasks/{task_id}/time: the record of (task, user, date) holds `time` afterwards (history EDIT, or ADD when created). */
export async function setTaskTime(
  scope: Scope,
  caller: Caller,
  taskWireId: string,
  body: SetTaskTimeBody,
  now: Date,
  notifier?: Notifier,
): Promise<TimeRecord> {
  // A refusal rolls back this whole transaction, so it is told outside it (the inner one's telling is undone).
  return tellingRefusals(scope, notifier, now, () =>
    scope.tx(async (s) => {
      const { taskId, userId } = await target(s, caller, taskWireId, body.user);
      const existing = await findDayRecord(s, userId, taskId, body.date);
      if (existing) return updateTime(s, caller, existing.id, { time: body.time, comment: body.comment }, now, notifier);
      if (body.time === 0) throw invalid('time', 'Must be at least 1 second: the task has no time of this user on this date');
      const added = await addTime(
        s,
        caller,
        { time: body.time, date: body.date, task: taskWireId, user: userId, comment: body.comment },
        now,
        notifier,
      );
      // A concurrent add of the same day landed first: the answer must still hold exactly `time`.
      return added.time === body.time ? added : updateTime(s, caller, added.id, { time: body.time }, now, notifier);
    }),
  );
}

/** DELETE /tasks/{task_id}/time: removes the record of (task, user, date); `date` is required. */
export async function removeTaskTime(
  scope: Scope,
  caller: Caller,
  taskWireId: string,
  input: { date?: string | undefined; user?: number | undefined },
  now: Date,
  notifier?: Notifier,
): Promise<void> {
  if (input.date === undefined) throw fieldError(input, 'date', 'The date of the time to delete is required');
  const date = input.date;
  await scope.tx(async (s) => {
    const { taskId, userId } = await target(s, caller, taskWireId, input.user);
    const existing = await findDayRecord(s, userId, taskId, date);
    if (!existing) throw notFound('Time record');
    await deleteTime(s, caller, existing.id, now, notifier);
  });
}
