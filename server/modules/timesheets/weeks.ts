import { and, asc, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Timesheet } from '../../../contract/timesheets.ts';
import { toDayMonthYear, weekDates, weekIdOf, weekRange } from '../../../contract/weeks.ts';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { tasks, timeRecords } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { prefixed } from '../../lib/ids.ts';
import { presentTimecards, timecardsBetween } from '../timecards/present.ts';
import { presentTimeOff, timeOffBetween } from '../timeoff/present.ts';
import { presentTasks } from '../tasks/present.ts';
import { approvalsFor, presentApprovals } from './approvals.ts';
import { autoLocksOf, lockViewer } from './auto-lock.ts';

const key = (userId: number, weekId: number) => `${userId}:${weekId}`;

/**
 * Timesheet weeks of every (user, week) pair of `userIds` × `weekIds` in the team's week layout,
 * built from time records, timecards, time off and the approval. Ordered as given (users, then weeks).
 */
export async function buildTimesheets(scope: Scope, viewer: Caller, userIds: number[], weekIds: number[], now: Date): Promise<Timesheet[]> {
  if (userIds.length === 0 || weekIds.length === 0) return [];
  const weekStart = viewer.team.weekStart;
  const ranges = new Map(weekIds.map((w) => [w, weekRange(w, weekStart)]));
  const from = [...ranges.values()].map((r) => r.from).sort()[0]!;
  const to = [...ranges.values()].map((r) => r.to).sort().at(-1)!;

  const [records, cardRows, offRows, approvalRows] = await Promise.all([
    scope.db
      .select({ userId: timeRecords.userId, taskId: timeRecords.taskId, date: timeRecords.date, time: sql<string>`sum(${timeRecords.time})` })
      .from(timeRecords)
      .where(scope.where(timeRecords, inArray(timeRecords.userId, userIds), and(gte(timeRecords.date, from), lte(timeRecords.date, to))))
      .groupBy(timeRecords.userId, timeRecords.taskId, timeRecords.date),
    timecardsBetween(scope, userIds, from, to),
    timeOffBetween(scope, userIds, from, to),
    approvalsFor(scope, userIds, weekIds),
  ]);

  const taskIds = [...new Set(records.map((r) => r.taskId).filter((id): id is number => id !== null))].sort((a, b) => a - b);
  const taskRows = taskIds.length ? await scope.db.select().from(tasks).where(scope.where(tasks, inArray(tasks.id, taskIds))).orderBy(asc(tasks.id)) : [];
  const presentedTasks = new Map((await presentTasks(scope, viewer, taskRows)).map((t) => [t.id, t]));
  const locker = lockViewer(viewer, now);
  const allDates = weekIds.flatMap((w) => weekDates(w, weekStart));
  const [cards, offs, approvalsShown, { forViewer: autoLocks, forOwner: ownerAutoLocks }] = await Promise.all([
    presentTimecards(scope, cardRows, weekStart, now, locker),
    presentTimeOff(scope, offRows),
    presentApprovals(scope, [...approvalRows.values()]),
    // The automatic lock as it binds the viewer (admins: never), and as it binds each week's owner, per user and day.
    autoLocksOf(scope, locker, userIds, allDates, { owners: true }),
  ]);
  const approvalByKey = new Map(approvalsShown.map((a) => [key(a.user, a.weekId), a]));
  // Records grouped by (user, week) once, so a long list of weeks costs one pass over the records.
  const recordsByKey = new Map<string, typeof records>();
  for (const r of records) {
    const weekId = weekIdOf(r.date, weekStart);
    if (!ranges.has(weekId)) continue;
    const k = key(r.userId, weekId);
    const list = recordsByKey.get(k);
    if (list) list.push(r);
    else recordsByKey.set(k, [r]);
  }

  const out: Timesheet[] = [];
  for (const userId of userIds) {
    for (const weekId of weekIds) {
      const range = ranges.get(weekId)!;
      const mine = recordsByKey.get(key(userId, weekId)) ?? [];
      const perTask = new Map<number, number>();
      for (const r of mine) if (r.taskId !== null) perTask.set(r.taskId, (perTask.get(r.taskId) ?? 0) + Number(r.time));
      const weekTasks = [...perTask.keys()].sort((a, b) => a - b).filter((id) => presentedTasks.has(prefixed(id)));
      out.push({
        id: timesheetId(userId, weekId),
        week: { id: weekId, from: range.from, to: range.to, beginningOfWeek: weekStart },
        user: userId,
        tasks: weekTasks.map((id) => presentedTasks.get(prefixed(id))!),
        dailyTime: weekDates(weekId, weekStart).map((date) => {
          const day = mine.filter((r) => r.date === date);
          return {
            date: toDayMonthYear(date),
            time: day.reduce((s, r) => s + Number(r.time), 0),
            timeWithoutTask: day.filter((r) => r.taskId === null).reduce((s, r) => s + Number(r.time), 0),
            user: userId,
          };
        }),
        taskTime: weekTasks.map((id) => ({ task: prefixed(id), total: perTask.get(id)!, users: { [String(userId)]: perTask.get(id)! } })),
        approval: approvalByKey.get(key(userId, weekId)) ?? null,
        timecards: cards.filter((c) => c.user === userId && c.date >= range.from && c.date <= range.to),
        autoLocks: weekDates(weekId, weekStart).map((date) => autoLocks.get(userId)?.get(date) ?? []),
        ownerAutoLocks: weekDates(weekId, weekStart).map((date) => ownerAutoLocks.get(userId)?.get(date) ?? []),
        timeOffAssignments: offs.filter((t) => t.user === userId && t.startDate <= range.to && t.endDate >= range.from),
      });
    }
  }
  return out;
}
