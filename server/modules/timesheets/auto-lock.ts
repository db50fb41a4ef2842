import { and, eq, inArray } from 'drizzle-orm';
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
export async function autoLockReasons(scope: Scope, viewer: LockViewer | null, userId: number, dates: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  const rule = bindingRule(viewer);
  if (!rule || dates.length === 0) return map;
  const { weekStart } = viewer!.team;
  const weeks = [...new Set(dates.map((d) => weekIdOf(d, weekStart)))];
  const [[owner], opened] = await Promise.all([
    scope.db.select({ timezone: users.timezone }).from(users).where(scope.where(users, eq(users.id, userId))),
    scope.db
      .select({ weekId: weekUnlocks.weekId })
      .from(weekUnlocks)
      .where(scope.where(weekUnlocks, and(eq(weekUnlocks.userId, userId), inArray(weekUnlocks.weekId, weeks)))),
  ]);
  const open = new Set(opened.map((o) => o.weekId));
  const today = dateAtOffset(viewer!.now, owner?.timezone ?? 0);
  for (const date of new Set(dates)) {
    if (open.has(weekIdOf(date, weekStart))) continue;
    const reasons = autoLockReasonsOf(rule, weekStart, today, date);
    if (reasons.length) map.set(date, reasons);
  }
  return map;
}
