import './approvals.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { Approval, Timesheet, WeekDays } from '../../../contract/timesheets.ts';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { formatDuration } from '../../lib/duration.ts';
import { lockedDays } from '../../lib/locked-days.ts';
import type { DayInfo } from '../../lib/week.ts';
import { Button } from '../../ui/button.tsx';
import { toast } from '../../ui/toast.tsx';
import { weekTimesheetQueryOptions } from '../timesheet/api.ts';
import { discardApproval, refreshWeek, teamUsersQueryOptions } from './api.ts';

// The dialog brings react-hook-form and zod: loaded when opened, never on the first render.
const SubmitWeekDialog = lazy(() => import('./submit-dialog.tsx'));

export interface ApprovalBarProps {
  timesheet: Timesheet | null;
  userId: number;
  weekId: number;
  days: DayInfo[];
}

const icons = {
  none: <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeDasharray="2.5 2" />,
  pending: (
    <path
      d="M8 4.5V8l2.5 1.5M8 2.5a5.5 5.5 0 100 11 5.5 5.5 0 000-11z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    />
  ),
  ok: <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />,
  bad: <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />,
};

const statusText: Record<string, { label: string; tone: string; icon: keyof typeof icons }> = {
  none: { label: 'Not submitted', tone: 'muted', icon: 'none' },
  discarded: { label: 'Not submitted (withdrawn)', tone: 'muted', icon: 'none' },
  pending: { label: 'Pending approval', tone: 'warn', icon: 'pending' },
  approved: { label: 'Approved', tone: 'ok', icon: 'ok' },
  partial_approved: { label: 'Partly approved', tone: 'ok', icon: 'ok' },
  rejected: { label: 'Rejected', tone: 'bad', icon: 'bad' },
};

const dayList = (days: WeekDays, week: DayInfo[]) =>
  week
    .filter((d) => days[d.long.toLowerCase() as keyof WeekDays])
    .map((d) => d.short)
    .join(', ');

/** The week's approval: status, history with reviewers' comments, and Submit or Withdraw. */
export function ApprovalBar({ timesheet, userId, weekId, days }: ApprovalBarProps) {
  const api = useApi();
  const team = useQuery(teamUsersQueryOptions(api));
  const names = useMemo(() => new Map((team.data ?? []).map((u) => [u.id, u.name])), [team.data]);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const approval: Approval | null = timesheet?.approval ?? null;
  const status = approval?.status ?? 'none';
  const info = statusText[status]!;
  const id = timesheetId(userId, weekId);
  // While the request waits, the reviewer's decision shows without a reload: the week is asked for again now
  // and then, and as soon as the window is back in front (a tab brought back is covered by the query's own
  // refetch on focus; a window brought back from behind another is not, so its focus asks too).
  const pending = status === 'pending';
  useQuery({ ...weekTimesheetQueryOptions(api, userId, weekId), refetchOnMount: false, refetchInterval: pending && 15_000 });
  useEffect(() => {
    if (!pending) return;
    const { queryKey } = weekTimesheetQueryOptions(api, userId, weekId);
    const again = () => void queryClient.refetchQueries({ queryKey, exact: true });
    addEventListener('focus', again);
    return () => removeEventListener('focus', again);
  }, [pending, queryClient, api, userId, weekId]);
  const withdraw = useMutation({
    mutationFn: () => discardApproval(api, id),
    onSuccess: async () => {
      await refreshWeek(queryClient, userId, weekId);
      toast('Request withdrawn: the week can be edited again.', 'success');
    },
    onError: (e) => toast(`Could not withdraw the request. ${describeError(e)}`, 'error'),
  });
  const lastRejection = approval?.history.filter((h) => h.action === 'rejected').at(-1);
  const hasTime = (timesheet?.dailyTime ?? []).some((d) => d.time > 0);
  // Days the team's automatic lock holds for the viewer: said here once, as each cell says it.
  const autoLocked = lockedDays(days, timesheet?.autoLocks ?? []);

  return (
    <section className={`approval approval--${info.tone}`} aria-labelledby="approval-title">
      <div className="approval__main">
        <span className="approval__icon" aria-hidden="true">
          <svg viewBox="0 0 16 16" width="16" height="16" focusable="false">
            {icons[info.icon]}
          </svg>
        </span>
        <div className="approval__text">
          <h2 id="approval-title" className="approval__status">
            {info.label}
          </h2>
          <p className="approval__detail">
            {status === 'pending' &&
              approval &&
              `Submitted ${dayList(approval.submittedDays, days)}${approval.reviewer ? ` to ${names.get(approval.reviewer) ?? 'a reviewer'}` : ''}. The week is read-only until it is reviewed or withdrawn.`}
            {(status === 'approved' || status === 'partial_approved') &&
              approval &&
              `Approved: ${dayList(approval.approvedDays, days)} (${formatDuration(approval.totalTime)}). Approved days are locked.`}
            {status === 'rejected' &&
              (lastRejection?.comment
                ? `\u201c${lastRejection.comment}\u201d \u2014 ${names.get(lastRejection.user) ?? 'Reviewer'}`
                : 'The reviewer sent the week back. Fix it and submit again.')}
            {(status === 'none' || status === 'discarded') &&
              (hasTime ? 'When the week is complete, submit it for approval.' : 'Log time, then submit the week for approval.')}
          </p>
          {autoLocked && status !== 'approved' && (
            <p className="approval__detail">
              {autoLocked.list} {autoLocked.one ? 'is' : 'are'} locked by the team{'\u2019'}s automatic lock ({autoLocked.reasons}): ask an admin to
              open the week again to change {autoLocked.one ? 'it' : 'them'}.
            </p>
          )}
        </div>
        <div className="approval__actions">
          {status === 'pending' ? (
            <Button busy={withdraw.isPending} onClick={() => withdraw.mutate()}>
              Withdraw request
            </Button>
          ) : (
            status !== 'approved' && (
              <Button variant="primary" onClick={() => setOpen(true)}>
                Submit week
              </Button>
            )
          )}
        </div>
      </div>
      {approval && approval.history.length > 0 && (
        <details className="approval__history">
          <summary>History ({approval.history.length})</summary>
          <ol className="history">
            {[...approval.history].reverse().map((h, i) => (
              <li key={i} className={`history__item history__item--${h.action}`}>
                <span className="history__what">
                  <strong>{actionLabel[h.action]}</strong> {dayList(h.days, days)} by {names.get(h.user) ?? `user ${h.user}`}
                </span>
                <time className="history__when" dateTime={h.createdAt.replace(' ', 'T') + 'Z'}>
                  {h.createdAt.slice(0, 16)} UTC
                </time>
                {h.comment && <q className="history__comment">{h.comment}</q>}
              </li>
            ))}
          </ol>
        </details>
      )}
      {open && (
        <Suspense fallback={null}>
          <SubmitWeekDialog timesheet={timesheet} userId={userId} weekId={weekId} days={days} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

const actionLabel = { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected', discarded: 'Withdrawn' } as const;
