import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { weekIdOf } from '../../../contract/weeks.ts';
import type { Scope } from '../../db/scope.ts';
import { toDate } from '../../lib/time.ts';
import { notifyOnce, reviewersOf, type NotificationInput, type Notifier } from '../notifications/emit.ts';
import { BudgetRefusal, teamWeekStart, type BudgetEvents, type BudgetLevelReached } from './progress.ts';
import type { BudgetOwner } from './thresholds.ts';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The budget's own page: the project's Budget tab or the client's page. */
function budgetSubject(owner: BudgetOwner): Pick<NotificationInput, 'subject' | 'link'> {
  return owner.kind === 'project'
    ? { subject: { type: 'project', id: `ev:${owner.id}` }, link: `/projects/ev:${owner.id}/budget` }
    : { subject: { type: 'client', id: owner.id }, link: `/clients/${owner.id}` };
}

/** The team's admins hear once per budget period and level that a budget reached its threshold or 100 %. */
async function tellLevels(s: Scope, notifier: Notifier, reached: BudgetLevelReached[]) {
  const admins = await reviewersOf(s, ['admin']);
  for (const r of reached) {
    const what = `${r.budget.period} ${r.budget.type} budget of ${r.label}`;
    await notifyOnce(
      s,
      notifier,
      {
        kind: r.level === 'threshold' ? 'budget.threshold' : 'budget.exceeded',
        to: admins,
        ...budgetSubject(r.owner),
        payload: {
          title:
            r.level === 'threshold'
              ? `${capitalized(what)} reached its ${r.percent} % alert threshold (${r.progress} % used)`
              : `${capitalized(what)} is used up (${r.progress} % used)`,
          comment: '',
          actor: null,
        },
      },
      `${r.owner.kind}:${r.owner.id}:${r.period.budgetKey}:${r.period.periodStart ?? 'all'}:${r.level}`,
    );
  }
}

/** What a change of `userId`'s time on `date` tells about budgets, through `notifier`. */
export const budgetEvents = (notifier: Notifier, userId: number, date: string): BudgetEvents => ({
  entry: { userId, date },
  levels: (s, reached) => tellLevels(s, notifier, reached),
});

/**
 * Runs a change of time; when a budget refuses it, the person whose entry it was hears of it once per
 * budget and day (not per keystroke), in a transaction of its own since the change's rolls back; the 422 still
 * answers the request.
 */
export async function tellingRefusals<R>(scope: Scope, notifier: Notifier | undefined, now: Date, change: () => Promise<R>): Promise<R> {
  try {
    return await change();
  } catch (e) {
    if (notifier && e instanceof BudgetRefusal && e.entry) {
      const { userId, date } = e.entry;
      await scope.tx(async (s) => {
        const weekId = weekIdOf(date, await teamWeekStart(s));
        await notifyOnce(
          s,
          notifier,
          {
            kind: 'budget.refused',
            to: [userId],
            subject: { type: 'timesheet', id: timesheetId(userId, weekId), user: userId, weekId },
            link: `/timesheet?week=${String(weekId).padStart(4, '0')}`,
            payload: { title: `A budget of ${e.label} refused your time on ${date}`, comment: e.message, actor: null },
          },
          `${e.owner.kind}:${e.owner.id}:${toDate(now)}`,
        );
      });
    }
    throw e;
  }
}
