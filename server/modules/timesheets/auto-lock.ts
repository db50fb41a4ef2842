import { and, inArray } from 'drizzle-orm';
import { autoLockReasonsOf, type AutoLock } from '../../../contract/auto-lock.ts';
import { dateAtOffset, weekIdOf } from '../../../contract/weeks.ts';
import { users, weekUnlocks } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';

/**
 * Who looks at or writes time, and when: the team's automatic lock binds everyone but admins. `null` where no
 * person acts (the scheduler): only approvals lock then.
 */
export interface LockViewer {
  role: Caller['user']['role'];
  team: { weekStart: number; autoLock: AutoLock | null };
  now: Date;
}

export const lockViewer = (caller: Caller, now: Date): LockViewer => ({ role: caller.user.role, team: caller.team, now });

/** The rule that binds the viewer, or null (no rule, an admin, or no person). */
const bindingRule = (viewer: LockViewer | null): AutoLock | null => {
  const rule = viewer?.team.autoLock;
  if (!viewer || viewer.role === 'admin' || !rule) return null;
  return rule.afterDays === null && rule.before === null && rule.weeklyOn === null ? null : rule;
};

/** Whether the team's automatic lock binds the viewer at all (a rule is set and the viewer is not an admin). */
export const autoLockBinds = (viewer: LockViewer | null): boolean => bindingRule(viewer) !== null;

/**
 * Why the team's automatic lock makes each of `dates` of `userId` read-only for the viewer, counted from that
 * person's local today; days of weeks an admin opened again, and open days, are absent.
 */
export async function autoLockReasons(
  scope: Scope,
  viewer: LockViewer | null,
  userId: number,
  dates: string[],
): Promise<Map<string, string[]>> {
  return (await autoLocksOf(scope, viewer, [userId], dates)).forViewer.get(userId) ?? new Map();
}

/** Per person, their locked days and why. */
export type LockedDays = Map<number, Map<string, string[]>>;

/**
 * `autoLockReasons` for several people at once, with two queries. `forViewer`: the locked days among `dates` as
 * the lock binds the viewer. With `owners`, also `forOwner`: as it binds each person themselves (none for an
 * admin), whoever looks — what an admin sees of a member's week and can open again. Both come from one reading.
 */
export async function autoLocksOf(
  scope: Scope,
  viewer: LockViewer | null,
  userIds: number[],
  dates: string[],
  { owners = false } = {},
): Promise<{ forViewer: LockedDays; forOwner: LockedDays }> {
  const forViewer: LockedDays = new Map();
  const forOwner: LockedDays = new Map();
  // The team's rule as it binds a member: what binds each owner who is not an admin, and the viewer when it binds them.
  const rule = viewer && bindingRule({ ...viewer, role: 'member' });
  const bindsViewer = autoLockBinds(viewer);
  if (!rule || !(bindsViewer || owners) || dates.length === 0 || userIds.length === 0) return { forViewer, forOwner };
  const { weekStart } = viewer!.team;
  const days = [...new Set(dates)];
  const weeks = [...new Set(days.map((d) => weekIdOf(d, weekStart)))];
  const [people, opened] = await Promise.all([
    scope.db
      .select({ id: users.id, timezone: users.timezone, role: users.role })
      .from(users)
      .where(scope.where(users, inArray(users.id, userIds))),
    scope.db
      .select({ userId: weekUnlocks.userId, weekId: weekUnlocks.weekId })
      .from(weekUnlocks)
      .where(scope.where(weekUnlocks, and(inArray(weekUnlocks.userId, userIds), inArray(weekUnlocks.weekId, weeks)))),
  ]);
  const open = new Set(opened.map((o) => `${o.userId}:${o.weekId}`));
  const byId = new Map(people.map((o) => [o.id, o]));
  for (const userId of new Set(userIds)) {
    const owner = byId.get(userId);
    const today = dateAtOffset(viewer!.now, owner?.timezone ?? 0);
    const map = new Map<string, string[]>();
    for (const date of days) {
      if (open.has(`${userId}:${weekIdOf(date, weekStart)}`)) continue;
      const reasons = autoLockReasonsOf(rule, weekStart, today, date);
      if (reasons.length) map.set(date, reasons);
    }
    if (bindsViewer) forViewer.set(userId, map);
    if (owners && owner?.role !== 'admin') forOwner.set(userId, map);
  }
  return { forViewer, forOwner };
}
