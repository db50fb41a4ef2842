import { addDays, shiftWeek, weekDates, weekIdOf, weekRange } from '../../contract/weeks.ts';
import type { StoredApprovalEntry } from '../db/schema/index.ts';
import { toDate } from '../lib/time.ts';
import type { PersonKey } from './data.ts';

export interface PlannedApproval {
  userId: number;
  weekId: number;
  weekFrom: string;
  weekTo: string;
  reviewerId: number | null;
  status: 'pending' | 'approved' | 'partial_approved' | 'rejected';
  submittedDates: string[];
  approvedDates: string[];
  approvedAt: Date | null;
  history: StoredApprovalEntry[];
  createdAt: Date;
  updatedAt: Date;
}

type Outcome =
  | { status: 'pending' }
  | { status: 'approved' }
  | { status: 'partial_approved'; days: number; comment: string }
  | { status: 'rejected'; comment: string };

interface Story {
  who: PersonKey;
  /** 1 = last week, 2 = the week before. */
  weeksAgo: 1 | 2;
  comment: string;
  reviewer?: PersonKey;
  outcome: Outcome;
}

/** Last week waits for the reviewers; the week before shows each kind of decision. */
const stories: Story[] = [
  { who: 'priya', weeksAgo: 1, comment: 'The Bluebird workshop ran long on Thursday.', outcome: { status: 'pending' } },
  { who: 'tomas', weeksAgo: 1, comment: '', reviewer: 'marcus', outcome: { status: 'pending' } },
  { who: 'hannah', weeksAgo: 1, comment: 'Copy for the Helix launch pages.', outcome: { status: 'pending' } },
  { who: 'marcus', weeksAgo: 1, comment: 'Planning week.', outcome: { status: 'pending' } },
  { who: 'priya', weeksAgo: 2, comment: '', outcome: { status: 'approved' } },
  {
    who: 'tomas',
    weeksAgo: 2,
    comment: '',
    outcome: { status: 'partial_approved', days: 3, comment: 'Thursday and Friday: please split the review time by task.' },
  },
  {
    who: 'hannah',
    weeksAgo: 2,
    comment: '',
    outcome: { status: 'rejected', comment: 'Please move the Helix copy hours to the Helix project.' },
  },
];

/**
 * Submitted weeks of the demo team, built from its planned time: each request covers the days of the
 * week with time, made the Monday after at 09:00 UTC (or earlier than `now`), and decided by the admin
 * an hour later. `records` are the demo's time records (user and date).
 */
export function planApprovals(
  ids: Record<PersonKey, number>,
  records: readonly { userId: number; date: string }[],
  now: Date,
  weekStart = 1,
): PlannedApproval[] {
  const thisWeek = weekIdOf(toDate(now), weekStart);
  const admin = ids.olivia;
  return stories.flatMap((s, i) => {
    const weekId = shiftWeek(thisWeek, -s.weeksAgo);
    const { from, to } = weekRange(weekId, weekStart);
    const userId = ids[s.who];
    const withTime = new Set(records.filter((r) => r.userId === userId && r.date >= from && r.date <= to).map((r) => r.date));
    const dates = weekDates(weekId, weekStart).filter((d) => withTime.has(d));
    if (dates.length === 0) return [];
    const submittedAt = new Date(
      Math.min(Date.parse(`${addDays(to, 1)}T09:00:00Z`) + i * 600_000, now.getTime() - (stories.length - i) * 900_000),
    );
    const decidedAt = new Date(Math.min(submittedAt.getTime() + 3_600_000, now.getTime() - 60_000));
    const history: StoredApprovalEntry[] = [{ action: 'submitted', dates, userId, comment: s.comment, at: submittedAt.toISOString() }];
    const o = s.outcome;
    let approvedDates: string[] = [];
    if (o.status === 'approved' || o.status === 'partial_approved') {
      approvedDates = o.status === 'approved' ? dates : dates.slice(0, o.days);
      history.push({
        action: 'approved',
        dates: approvedDates,
        userId: admin,
        comment: o.status === 'approved' ? '' : o.comment,
        at: decidedAt.toISOString(),
      });
    } else if (o.status === 'rejected') {
      history.push({ action: 'rejected', dates, userId: admin, comment: o.comment, at: decidedAt.toISOString() });
    }
    const decided = o.status !== 'pending';
    return [
      {
        userId,
        weekId,
        weekFrom: from,
        weekTo: to,
        reviewerId: s.reviewer ? ids[s.reviewer] : null,
        status: o.status === 'partial_approved' && approvedDates.length === dates.length ? 'approved' : o.status,
        submittedDates: dates,
        approvedDates,
        approvedAt: approvedDates.length ? decidedAt : null,
        history,
        createdAt: submittedAt,
        updatedAt: decided ? decidedAt : submittedAt,
      },
    ];
  });
}
