import { and, asc, eq, sql } from 'drizzle-orm';
import type { StartTimerBody, Timer } from '../../../contract/time.ts';
import { timeRecords, timers, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller, UserRow } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { prefixed } from '../../lib/ids.ts';
import { toDate, toDateTime } from '../../lib/time.ts';
import { assertWithinBudgets, budgetGuards } from '../budgets/progress.ts';
import { EVENT_VIEWER, type Viewer } from '../projects/access.ts';
import { emitEvent } from '../webhooks/outbox.ts';
import { loadTaskForWrite } from '../time/access.ts';
import { assertUnlocked, findDayRecord, presentAndEmit, projectOfTask, upsertAdd } from '../time/records.ts';
import { taskViews } from '../time/task-view.ts';
import { lockViewer } from '../timesheets/auto-lock.ts';

type TimerRow = typeof timers.$inferSelect;

/** Today's date for a user whose timezone is `offsetHours` from UTC. */
export const userToday = (offsetHours: number, now: Date) => toDate(new Date(now.getTime() + offsetHours * 3_600_000));

/** Whole seconds from `startedAt` to `now` (never negative). */
export const elapsedSeconds = (startedAt: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));

async function presentTimer(
  scope: Scope,
  viewer: Viewer,
  row: TimerRow,
  user: UserRow,
  status: 'active' | 'stopped',
  now: Date,
): Promise<Timer> {
  // One after another: inside a transaction every query shares one connection.
  const views = await taskViews(scope, viewer, row.taskId === null ? [] : [row.taskId]);
  const [today] = await scope.db
    .select({ total: sql<string>`coalesce(sum(${timeRecords.time}), 0)` })
    .from(timeRecords)
    .where(
      and(
        scope.mine(timeRecords),
        eq(timeRecords.userId, row.userId),
        row.taskId === null ? sql`${timeRecords.taskId} is null` : eq(timeRecords.taskId, row.taskId),
        eq(timeRecords.date, row.userDate),
      ),
    );
  return {
    status,
    duration: elapsedSeconds(row.startedAt, now),
    today: Number(today?.total ?? 0),
    startedAt: toDateTime(row.startedAt),
    userDate: row.userDate,
    comment: row.comment,
    task: row.taskId === null ? null : (views.get(row.taskId)?.task ?? null),
    user: { id: user.id, name: user.name, role: user.role, status: user.status, headline: user.headline, avatarUrl: user.avatarUrl },
  };
}

/** Emits a timer event whose payload is the timer as the event viewer sees it (`timer` reused when the caller sees the same). */
async function timerEvent(
  scope: Scope,
  caller: Caller,
  kind: 'api:timer:started' | 'api:timer:stopped',
  row: TimerRow,
  timer: Timer,
  projectId: number | null,
  now: Date,
) {
  const resource =
    caller.user.role === EVENT_VIEWER.user.role ? timer : await presentTimer(scope, EVENT_VIEWER, row, caller.user, timer.status, now);
  await emitEvent(scope, {
    kind,
    actorId: row.userId,
    resourceId: String(row.id),
    resource,
    projectId,
    projects: projectId ? [prefixed(projectId)] : [],
    users: [row.userId],
  });
}

/**
 * Books the timer's elapsed seconds to the record of (task, user, userDate), history TIMER, whatever the
 * date is now (a timer that crosses midnight books to the day it was started). Locks and budgets apply.
 */
async function book(scope: Scope, caller: Caller, row: TimerRow, now: Date): Promise<Timer> {
  const seconds = elapsedSeconds(row.startedAt, now);
  const projectId = await projectOfTask(scope, row.taskId);
  if (seconds > 0) {
    const guards = projectId === null ? [] : await budgetGuards(scope, [projectId], now);
    const record = await upsertAdd(scope, {
      userId: row.userId,
      taskId: row.taskId,
      date: row.userDate,
      seconds,
      comment: row.comment,
      action: 'TIMER',
      actorId: caller.user.id,
    });
    await assertUnlocked(scope, row.userId, row.userDate, record.isInvoiced, lockViewer(caller, now));
    await assertWithinBudgets(scope, guards, now);
    await presentAndEmit(scope, caller, record, [projectId], []);
  }
  const timer = await presentTimer(scope, caller, row, caller.user, 'stopped', now);
  await timerEvent(scope, caller, 'api:timer:stopped', row, timer, projectId, now);
  return timer;
}

const runningTimer = async (scope: Scope, userId: number) =>
  (
    await scope.db
      .select()
      .from(timers)
      .where(and(scope.mine(timers), eq(timers.userId, userId)))
      .for('update')
      .limit(1)
  )[0];

/** POST /timers: stops (and books) a running timer first, then starts one on `task`. */
export async function startTimer(scope: Scope, caller: Caller, body: StartTimerBody, now: Date): Promise<Timer> {
  return scope.tx(async (s) => {
    const target = await loadTaskForWrite(s, caller, body.task);
    const userDate = body.userDate ?? userToday(caller.user.timezone, now);
    const existingRecord = await findDayRecord(s, caller.user.id, target.task.id, userDate);
    await assertUnlocked(s, caller.user.id, userDate, existingRecord?.isInvoiced ?? false, lockViewer(caller, now));
    const values = { taskId: target.task.id, userDate, comment: body.comment ?? '', startedAt: now };
    const running = await runningTimer(s, caller.user.id);
    let row: TimerRow;
    if (running) {
      await book(s, caller, running, now);
      [row] = (await s.update(timers, values, eq(timers.id, running.id))) as [TimerRow];
    } else {
      const [inserted] = await s.db
        .insert(timers)
        .values({ ...values, teamId: s.teamId, userId: caller.user.id })
        .onConflictDoUpdate({ target: timers.userId, set: values })
        .returning();
      row = inserted!;
    }
    const timer = await presentTimer(s, caller, row, caller.user, 'active', now);
    await timerEvent(s, caller, 'api:timer:started', row, timer, target.project.id, now);
    return timer;
  });
}

/** DELETE /timers/current: stops the caller's timer and books its time; 404 when none runs. */
export async function stopTimer(scope: Scope, caller: Caller, now: Date): Promise<Timer> {
  return scope.tx(async (s) => {
    const running = await runningTimer(s, caller.user.id);
    if (!running) throw new ApiError(404, 'No timer is running');
    const timer = await book(s, caller, running, now);
    await s.delete(timers, eq(timers.id, running.id));
    return timer;
  });
}

/**
 * Stops `userId`'s running timer on behalf of `actor` (the task under it is being deleted): booked as its owner's
 * stop would be, the history naming the owner. Nothing when no timer runs.
 */
export async function stopTimerOf(scope: Scope, actor: Caller, userId: number, now: Date): Promise<void> {
  const running = await runningTimer(scope, userId);
  if (!running) return;
  const owner = userId === actor.user.id ? actor.user : await scope.byId(users, userId);
  if (!owner) throw new Error(`user ${userId} of a running timer vanished`);
  await book(scope, { ...actor, user: owner }, running, now);
  await scope.delete(timers, eq(timers.id, running.id));
}

/** GET /timers/current. */
export async function currentTimer(scope: Scope, caller: Caller, now: Date): Promise<Timer | { status: 'stopped' }> {
  const [row] = await scope.db
    .select()
    .from(timers)
    .where(and(scope.mine(timers), eq(timers.userId, caller.user.id)))
    .limit(1);
  return row ? presentTimer(scope, caller, row, caller.user, 'active', now) : { status: 'stopped' };
}

/** GET /team/timers: the running timers of the team, or of `userId` alone. */
export async function teamTimers(scope: Scope, viewer: Viewer, now: Date, userId?: number): Promise<Timer[]> {
  const rows = await scope.db
    .select({ timer: timers, user: users })
    .from(timers)
    .innerJoin(users, eq(users.id, timers.userId))
    .where(and(scope.mine(timers), userId !== undefined ? eq(timers.userId, userId) : undefined))
    .orderBy(asc(timers.startedAt), asc(timers.id));
  const out: Timer[] = [];
  for (const r of rows) out.push(await presentTimer(scope, viewer, r.timer, r.user, 'active', now));
  return out;
}
