import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { weekIdOf, weekRange } from '../../../contract/weeks.ts';
import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { notifyOnce, type Notifier } from '../notifications/emit.ts';
import { weekLabel } from '../notifications/labels.ts';

/**
 * A reviewer changed or deleted another person's time on `date`: that person hears of it, once per week, editor
 * and hour (a grid of edits is one notification, not one per keystroke). One's own changes tell nobody.
 */
export async function tellOwnerOfEdit(s: Scope, notifier: Notifier | undefined, caller: Caller, userId: number, date: string, now: Date) {
  if (!notifier || userId === caller.user.id) return;
  const { weekStart } = caller.team;
  const weekId = weekIdOf(date, weekStart);
  const { from } = weekRange(weekId, weekStart);
  await notifyOnce(
    s,
    notifier,
    {
      kind: 'time.edited',
      to: [userId],
      subject: { type: 'timesheet', id: timesheetId(userId, weekId), user: userId, weekId },
      link: `/timesheet?week=${String(weekId).padStart(4, '0')}`,
      payload: {
        title: `${caller.user.name} changed your time in the ${weekLabel(from)}`,
        comment: '',
        actor: { id: caller.user.id, name: caller.user.name },
      },
    },
    `${weekId}:${caller.user.id}:${now.toISOString().slice(0, 13)}`,
  );
}
