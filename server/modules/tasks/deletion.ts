import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { approvals, tasks, timeRecords, timers, users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { unprocessable } from '../../http/errors.ts';
import { recordLockReasons } from '../time/records.ts';
import { stopTimerOf } from '../timers/service.ts';
import { autoLockBinds, autoLocksOf, type LockViewer } from '../timesheets/auto-lock.ts';

/** How many locked records a refusal names before "and N more", and counts at most. */
const NAMED = 3;
const MAX_COUNTED = 1000;

/**
 * 422 when the tasks hold time that is locked (in a pending or approved week, or invoiced): the timesheets,
 * approvals, invoices and dashboards count that time, so it must stay listed, which a deleted task's time is not.
 * The team's automatic lock counts too where it binds `viewer` (a supervisor may not take away time that its
 * owner may no longer change). `what` names what is deleted ("task", "project").
 */
export async function refuseIfLockedTime(scope: Scope, taskIds: number[], what: string, viewer: LockViewer | null): Promise<void> {
  if (taskIds.length === 0) return;
  await refuseIfApprovedOrInvoiced(scope, taskIds, what);
  if (autoLockBinds(viewer)) await refuseIfAutoLockedTime(scope, taskIds, what, viewer!);
}

/** The 422 naming the first locked records and how many more. */
function refuseNaming(what: string, named: string[], count: number, because: string): never {
  const more = count > NAMED ? ` and ${count - NAMED}${count === MAX_COUNTED ? '+' : ''} more` : '';
  throw unprocessable(`This ${what} holds time that is ${because}, so it cannot be deleted (${named.join(' | ')}${more})`, { time: named });
}

/**
 * The automatic lock's part: it locks the oldest days first (after N days, before a date, weeks ended), so the
 * oldest days with time on the tasks are the ones read.
 */
async function refuseIfAutoLockedTime(scope: Scope, taskIds: number[], what: string, viewer: LockViewer): Promise<void> {
  const days = await scope.db
    .selectDistinct({ userId: timeRecords.userId, name: users.name, date: timeRecords.date })
    .from(timeRecords)
    .innerJoin(users, eq(users.id, timeRecords.userId))
    .where(and(scope.mine(timeRecords), inArray(timeRecords.taskId, taskIds), gt(timeRecords.time, 0)))
    .orderBy(asc(timeRecords.date), asc(timeRecords.userId), asc(users.name))
    .limit(MAX_COUNTED);
  const locked: { date: string; text: string }[] = [];
  const reasons = await autoLocksOf(
    scope,
    viewer,
    days.map((d) => d.userId),
    days.map((d) => d.date),
  );
  for (const d of days) {
    const why = reasons.forViewer.get(d.userId)?.get(d.date);
    if (why) locked.push({ date: d.date, text: `${d.name}, ${d.date}: ${why.join('; ')}` });
  }
  locked.sort((a, b) => a.date.localeCompare(b.date));
  if (locked.length)
    refuseNaming(
      what,
      locked.slice(0, NAMED).map((l) => l.text),
      locked.length,
      'locked',
    );
}

async function refuseIfApprovedOrInvoiced(scope: Scope, taskIds: number[], what: string): Promise<void> {
  const locked = await scope.db
    .select({ userId: timeRecords.userId, name: users.name, date: timeRecords.date, isInvoiced: timeRecords.isInvoiced })
    .from(timeRecords)
    .innerJoin(users, eq(users.id, timeRecords.userId))
    .where(
      and(
        scope.mine(timeRecords),
        inArray(timeRecords.taskId, taskIds),
        gt(timeRecords.time, 0),
        or(
          eq(timeRecords.isInvoiced, true),
          sql`exists (select 1 from ${approvals} a where a.team_id = ${scope.teamId} and a.user_id = ${timeRecords.userId}
                and (a.approved_dates && array[${timeRecords.date}]::text[]
                     or (a.status = 'pending' and a.submitted_dates && array[${timeRecords.date}]::text[])))`,
        ),
      ),
    )
    .orderBy(asc(timeRecords.date), asc(timeRecords.id))
    .limit(MAX_COUNTED);
  if (locked.length === 0) return;
  const named: string[] = [];
  for (const r of locked.slice(0, NAMED)) {
    const reasons = await recordLockReasons(scope, r.userId, r.date, r.isInvoiced, null);
    named.push(`${r.name}, ${r.date}: ${reasons.join('; ')}`);
  }
  refuseNaming(what, named, locked.length, 'approved, pending approval or invoiced');
}

/**
 * Stops the timers running on the tasks, each booked like a stop by its owner (its seconds saved on the task,
 * locks and budgets applying), so no timer runs on a deleted task and writes time without a task later.
 */
export async function stopTimersOnTasks(scope: Scope, actor: Caller, taskIds: number[], now: Date): Promise<void> {
  if (taskIds.length === 0) return;
  const running = await scope.db
    .select({ userId: timers.userId })
    .from(timers)
    .where(and(scope.mine(timers), inArray(timers.taskId, taskIds)))
    .orderBy(asc(timers.id));
  for (const r of running) await stopTimerOf(scope, actor, r.userId, now);
}

/**
 * 422 when a timer runs on a task of the project: deleting the project deletes its tasks, and the timer's time
 * would be recorded on none. A project with time is archived, not deleted; so is one whose timer would give it time.
 */
export async function refuseIfTimersRunInProject(scope: Scope, projectId: number): Promise<void> {
  const [running] = await scope.db
    .select({ name: users.name })
    .from(timers)
    .innerJoin(tasks, eq(tasks.id, timers.taskId))
    .innerJoin(users, eq(users.id, timers.userId))
    .where(and(scope.mine(timers), eq(tasks.teamId, scope.teamId), eq(tasks.projectId, projectId)))
    .limit(1);
  if (running)
    throw unprocessable(`${running.name}'s timer is running on a task of this project; archive the project instead of deleting it`, {
      project: [`${running.name}'s timer is running on one of its tasks`],
    });
}
