import type { Scope } from '../../db/scope.ts';
import type { Caller } from '../../http/env.ts';
import { reviewersOf, type Notifier } from '../notifications/emit.ts';
import { rangeLabel } from '../notifications/labels.ts';
import type { TimeOffRow } from './present.ts';

const actorOf = (caller: Caller) => ({ id: caller.user.id, name: caller.user.name });

/** A request waits: the admin the person asked for, or every admin (only admins decide time off). */
export async function notifyRequest(s: Scope, notifier: Notifier, caller: Caller, row: TimeOffRow) {
  await notifier.notify(s, {
    kind: 'timeoff.waiting',
    to: row.reviewerId !== null ? [row.reviewerId] : await reviewersOf(s, ['admin']),
    subject: { type: 'timeoff', id: row.id, user: row.userId },
    link: '/time-off',
    payload: {
      title: `${caller.user.name} asked for time off ${rangeLabel(row.startDate, row.endDate)}`,
      comment: row.note,
      actor: actorOf(caller),
    },
  });
}

/** Time off approved or rejected: its person hears of it, with the comment. */
export async function notifyDecision(s: Scope, notifier: Notifier, caller: Caller, row: TimeOffRow, comment: string) {
  if (row.status !== 'approved' && row.status !== 'rejected') return;
  await notifier.notify(s, {
    kind: row.status === 'approved' ? 'timeoff.approved' : 'timeoff.rejected',
    to: [row.userId],
    subject: { type: 'timeoff', id: row.id, user: row.userId },
    link: '/time-off',
    payload: {
      title: `${caller.user.name} ${row.status} your time off ${rangeLabel(row.startDate, row.endDate)}`,
      comment,
      actor: actorOf(caller),
    },
  });
}
