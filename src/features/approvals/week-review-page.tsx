import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApprovalInboxItem } from '../../../contract/approvals.ts';
import { weekDates, weekRange } from '../../../contract/weeks.ts';
import { parseTimesheetId } from '../../../contract/timesheet-ids.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { formatDuration } from '../../lib/duration.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { projectsQueryOptions } from '../../api/projects.ts';
import { personRecordsQueryOptions, personWeekQueryOptions, teamUsersQueryOptions } from './api.ts';
import { datesOf, daysLabel } from './days.ts';
import { DecisionPanel } from './decision-panel.tsx';
import { openDates as openDatesOf, type DecisionKind } from './decision.ts';
import { weekTitle, whenLabel } from './format.ts';
import { HistoryList } from './history-list.tsx';
import { ReviewDays } from './review-days.tsx';
import { ReviewGrid } from './review-grid.tsx';
import { useNarrow } from '../../ui/use-narrow.ts';
import styles from './review.module.css';
import { StatusBadge } from './status-badge.tsx';
import { reviewWeek as layWeek } from './week-view.ts';

export interface WeekReviewPageProps {
  timesheetId: number;
  weekStart: number;
  viewer: { id: number; role: string };
  /** The inbox entry of this week, when it is in the inbox. */
  entry?: ApprovalInboxItem | undefined;
  /** `2 of 5`, when the week is in the inbox. */
  position?: { index: number; count: number } | undefined;
  onBack: () => void;
  onPrevious?: (() => void) | undefined;
  onNext?: (() => void) | undefined;
  onDecided: (kind: DecisionKind) => void;
}

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** One person's week for a reviewer: the read-only grid, the request, the decision and the history. */
export function WeekReviewPage(p: WeekReviewPageProps) {
  const api = useApi();
  const parsed = parseTimesheetId(p.timesheetId);
  const userId = parsed?.userId ?? 0;
  const weekId = parsed?.weekId ?? 0;
  const dates = parsed ? weekDates(weekId, p.weekStart) : [];
  const range = parsed ? weekRange(weekId, p.weekStart) : { from: '', to: '' };
  const sheet = useQuery({ ...personWeekQueryOptions(api, userId, weekId), enabled: Boolean(parsed) });
  const records = useQuery({ ...personRecordsQueryOptions(api, userId, range.from, range.to), enabled: Boolean(parsed) });
  const projects = useQuery(projectsQueryOptions(api));
  const team = useQuery(teamUsersQueryOptions(api));
  const names = useMemo(() => new Map((team.data ?? []).map((u) => [u.id, u.name])), [team.data]);
  const projectNames = useMemo(() => new Map((projects.data ?? []).map((x) => [x.id, x.name])), [projects.data]);
  // Ticked days belong to one state of the week: a decision clears them.
  const [picked, setPicked] = useState<{ tag: string; dates: Set<string> }>({ tag: '', dates: new Set() });
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const approveRef = useRef<() => void>(() => undefined);
  const approval = sheet.data?.approval ?? null;
  const WeekLayout = useNarrow() ? ReviewDays : ReviewGrid;
  const name = names.get(userId) ?? p.entry?.user.name ?? 'Team member';
  const blocked =
    approval?.status === 'pending' && userId === p.viewer.id && p.viewer.role !== 'admin'
      ? 'an admin approves a supervisor’s week'
      : undefined;

  const tag = `${p.timesheetId}:${approval?.history.length ?? 0}`;
  const chosen = picked.tag === tag ? picked.dates : new Set<string>();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target) || document.querySelector('[role="dialog"]')) return;
      if (e.key === 'j' && p.onNext) p.onNext();
      else if (e.key === 'k' && p.onPrevious) p.onPrevious();
      else if (e.key === 'Escape') p.onBack();
      else if (e.key === 'r' && commentRef.current) {
        e.preventDefault();
        commentRef.current.focus();
      } else if (e.key === 'a') approveRef.current();
      else return;
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [p]);

  if (!parsed)
    return (
      <ErrorState
        title="No such week"
        message="This link does not name a person's week."
        onRetry={p.onBack}
        retryLabel="Back to the inbox"
      />
    );
  if (sheet.isError || records.isError) {
    return (
      <ErrorState
        title="This week could not be loaded"
        message={describeError(sheet.error ?? records.error)}
        onRetry={() => void Promise.all([sheet.refetch(), records.refetch()])}
      />
    );
  }
  const week = records.data
    ? layWeek(records.data, dates, {
        timecards: sheet.data?.timecards,
        timeOff: sheet.data?.timeOffAssignments,
        projectName: (id) => projectNames.get(id) ?? '',
      })
    : null;
  const open = approval?.status === 'pending' && !blocked ? openDatesOf(dates, approval.submittedDays, approval.approvedDays) : [];
  const request = approval?.history.filter((h) => h.action === 'submitted').at(-1);

  return (
    <div className={`${styles.page} page--wide`}>
      <nav className={styles.reviewNav} aria-label="Inbox">
        <Button size="sm" variant="ghost" onClick={p.onBack}>
          {'\u2190'} Inbox
        </Button>
        {p.position && (
          <span className={styles.position}>
            <Button size="sm" disabled={!p.onPrevious} onClick={p.onPrevious} aria-label="Previous week in the inbox">
              Previous
            </Button>
            <span className={styles.muted}>
              {p.position.index + 1} of {p.position.count}
            </span>
            <Button size="sm" disabled={!p.onNext} onClick={p.onNext} aria-label="Next week in the inbox">
              Next
            </Button>
          </span>
        )}
      </nav>
      <header className={styles.reviewHeader}>
        <div>
          <h1 className="page__title">{name}</h1>
          <p className="page__subtitle">{weekTitle(weekId, p.weekStart)}</p>
        </div>
        <StatusBadge status={approval?.status ?? null} />
      </header>
      {week && sheet.data ? (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>Total</dt>
              <dd>{formatDuration(week.total)}</dd>
            </div>
            {p.entry && (
              <div>
                <dt>Billable</dt>
                <dd>{formatDuration(p.entry.billableTime)}</dd>
              </div>
            )}
            {approval && (
              <div>
                <dt>Days asked for</dt>
                <dd>{daysLabel(approval.submittedDays, dates)}</dd>
              </div>
            )}
            {request && (
              <div>
                <dt>Submitted</dt>
                <dd>{whenLabel(request.createdAt)}</dd>
              </div>
            )}
            {approval?.reviewer && (
              <div>
                <dt>Reviewer asked for</dt>
                <dd>{names.get(approval.reviewer) ?? '\u2014'}</dd>
              </div>
            )}
          </dl>
          {request?.comment && (
            <blockquote className={styles.request}>
              <p>{request.comment}</p>
              <footer>{name}</footer>
            </blockquote>
          )}
          <WeekLayout
            week={week}
            dates={dates}
            openDates={open}
            chosen={chosen}
            onToggle={(d) => {
              const next = new Set(chosen);
              if (next.has(d)) next.delete(d);
              else next.add(d);
              setPicked({ tag, dates: next });
            }}
            approvedDates={approval ? datesOf(approval.approvedDays, dates) : []}
            submittedDates={approval ? datesOf(approval.submittedDays, dates) : []}
          />
          {approval ? (
            <DecisionPanel
              key={`${p.timesheetId}-${approval.history.length}`}
              timesheetId={p.timesheetId}
              userId={userId}
              weekId={weekId}
              memberName={name}
              approval={approval}
              dates={dates}
              chosen={chosen}
              blocked={blocked}
              commentRef={commentRef}
              approveRef={approveRef}
              onDecided={p.onDecided}
            />
          ) : (
            <p className={styles.note}>{name} has not submitted this week.</p>
          )}
          {approval?.status === 'pending' && !blocked && (
            <p className={styles.keys}>
              Keys: J next week, K previous, A approve the week, R write a comment to reject, Esc back to the inbox.
            </p>
          )}
          <section aria-labelledby="history-title" className={styles.historyBox}>
            <h2 id="history-title" className={styles.sectionTitle}>
              History
            </h2>
            <HistoryList history={approval?.history ?? []} dates={dates} names={names} />
          </section>
        </>
      ) : (
        <div aria-busy="true" className={styles.loading}>
          <span className="visually-hidden" role="status">
            Loading the week
          </span>
          <Skeleton height="12rem" />
        </div>
      )}
    </div>
  );
}
