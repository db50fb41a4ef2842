import { z } from 'zod';
import { dateString } from './common.ts';
import { addDays, dayNames, daysBetween, weekStartDate } from './weeks.ts';

// The team's automatic locks: time becomes read-only for everyone but admins once it is older than a number of
// days, before a chosen day, or of a week that ended before a weekday of the next week. An admin opens one
// person's week again with a reason.

export const autoLock = z
  .object({
    /** Time older than this many days (of the person's local today) is locked; null: no such rule. */
    afterDays: z.number().int('Must be whole days').min(1).max(3650).nullable(),
    /** Time before this day is locked; null: no such rule. */
    before: dateString.nullable(),
    /** A week locks on this weekday of the next week (0 = Sunday … 6 = Saturday); null: no such rule. */
    weeklyOn: z.number().int().min(0).max(6).nullable(),
  })
  .strict();
export type AutoLock = z.infer<typeof autoLock>;

/** Off until an admin sets a rule. */
export const noAutoLock: AutoLock = { afterDays: null, before: null, weeklyOn: null };

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The day a week (of `date`) locks by the weekly rule: the first `weeklyOn` after the week's last day. */
export function weekLocksOn(date: string, weekStart: number, weeklyOn: number): string {
  const nextWeek = addDays(weekStartDate(date, weekStart), 7);
  return addDays(nextWeek, (weeklyOn - weekStart + 7) % 7);
}

/** Why the rule locks `date` when the person's local day is `today`; none when it is open. */
export function autoLockReasonsOf(rule: AutoLock, weekStart: number, today: string, date: string): string[] {
  const reasons: string[] = [];
  if (rule.afterDays !== null && daysBetween(date, today) > rule.afterDays)
    reasons.push(`Locked after ${rule.afterDays} day${rule.afterDays === 1 ? '' : 's'}`);
  if (rule.before !== null && date < rule.before) reasons.push(`Locked: time before ${rule.before}`);
  if (rule.weeklyOn !== null) {
    const on = weekLocksOn(date, weekStart, rule.weeklyOn);
    if (today >= on) reasons.push(`Locked since ${on}: each week locks on the next ${capital(dayNames[rule.weeklyOn]!)}`);
  }
  return reasons;
}
