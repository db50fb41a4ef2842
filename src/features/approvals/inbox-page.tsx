import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ApprovalInboxItem } from '../../../contract/approvals.ts';
import { weekDates } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { formatDuration } from '../../lib/duration.ts';
import { previousWeek, weekNumberLabel } from '../../lib/week.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { toast } from '../../ui/toast.tsx';
import { afterDecision, inboxQueryOptions, reviewWeek, teamUsersQueryOptions } from './api.ts';
import { daysLabel } from './days.ts';
import { weekTitle, whenLabel } from './format.ts';
import { InboxFilters } from './inbox-filters.tsx';
import styles from './review.module.css';
import type { InboxSearch } from './search.ts';
import { StatusBadge } from './status-badge.tsx';
import { useNarrow } from '../../ui/use-narrow.ts';

export interface InboxPageProps {
  search: InboxSearch;
  onSearchChange: (next: InboxSearch) => void;
  onOpen: (item: ApprovalInboxItem) => void;
  weekStart: number;
  thisWeek: number;
  /** Whether the viewer may decide on this week (supervisors do not decide on their own). */
  canDecide: (item: ApprovalInboxItem) => boolean;
}

/** Submitted weeks, pending first: filters, the list, and approving several at once. */
export function InboxPage({ search, onSearchChange, onOpen, weekStart, thisWeek, canDecide }: InboxPageProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const inbox = useQuery(inboxQueryOptions(api, search));
  const team = useQuery(teamUsersQueryOptions(api));
  const narrow = useNarrow();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const items = inbox.data;
  const chosen = (items ?? []).filter((i) => selected.has(String(i.id)) && i.status === 'pending' && canDecide(i));

  const bulk = useMutation({
    mutationFn: async (weeks: ApprovalInboxItem[]) => {
      const failed: string[] = [];
      for (const w of weeks) {
        try {
          await reviewWeek(api, w.id, { status: 'approved' });
        } catch (e) {
          failed.push(`${w.user.name}: ${describeError(e)}`);
        }
        await afterDecision(queryClient, w.user.id, w.weekId);
      }
      return { done: weeks.length - failed.length, failed };
    },
    onSuccess: ({ done, failed }) => {
      setSelected(new Set());
      if (done) toast(`Approved ${done} ${done === 1 ? 'week' : 'weeks'}.`, 'success');
      if (failed.length) toast(`Not approved: ${failed.join('; ')}`, 'error');
    },
  });

  const weeks = useMemo(() => {
    const out: { id: number; label: string }[] = [];
    for (let w = thisWeek, i = 0; i < 12; i++, w = previousWeek(w)) out.push({ id: w, label: weekTitle(w, weekStart) });
    return out;
  }, [thisWeek, weekStart]);
  const people = useMemo(
    () => (team.data ?? []).filter((u) => u.status !== 'removed').map((u) => ({ id: u.id, name: u.name })),
    [team.data],
  );
  const columns = useMemo(() => inboxColumns(weekStart, narrow), [weekStart, narrow]);
  const waiting = (items ?? []).filter((i) => i.status === 'pending').length;

  return (
    <div className={`${styles.page} page--wide`}>
      <header className={styles.header}>
        <div>
          <h1 className="page__title">Approvals</h1>
          <p className="page__subtitle">
            {items === undefined
              ? 'Loading submitted weeks\u2026'
              : waiting
                ? `${waiting} ${waiting === 1 ? 'week waits' : 'weeks wait'} for a decision.`
                : 'Nothing waits for a decision.'}
          </p>
        </div>
      </header>
      <InboxFilters search={search} onChange={onSearchChange} people={people} weeks={weeks} folded={narrow} />
      <div className={styles.bulkBar} aria-live="polite">
        <span>
          {selected.size
            ? `${chosen.length} of ${selected.size} selected can be approved`
            : 'Select waiting weeks to approve several at once. Enter opens a week.'}
        </span>
        <Button variant="primary" size="sm" disabled={chosen.length === 0} busy={bulk.isPending} onClick={() => bulk.mutate(chosen)}>
          {chosen.length ? `Approve ${chosen.length} selected` : 'Approve selected'}
        </Button>
      </div>
      <DataTable
        label="Submitted weeks"
        columns={columns}
        rows={items}
        rowKey={(i) => String(i.id)}
        rowLabel={(i) => `${i.user.name}, ${weekTitle(i.weekId, weekStart)}`}
        status={inbox.status}
        errorMessage={inbox.error ? describeError(inbox.error) : undefined}
        onRetry={() => void inbox.refetch()}
        sortLocally={false}
        selected={selected}
        onSelectedChange={setSelected}
        onOpen={onOpen}
        maxHeight="none"
        empty={
          <>
            <p>No submitted weeks{search.status || search.person || search.week ? ' match these filters' : ' yet'}.</p>
            {(search.status || search.person || search.week) && (
              <Button size="sm" onClick={() => onSearchChange({})}>
                Clear the filters
              </Button>
            )}
          </>
        }
      />
    </div>
  );
}

function inboxColumns(weekStart: number, narrow: boolean): Column<ApprovalInboxItem>[] {
  const person: Column<ApprovalInboxItem> = {
    id: 'person',
    header: narrow ? 'Week' : 'Person',
    cell: (i) => (
      <span className={styles.who}>
        <strong>{i.user.name}</strong>
        {narrow && (
          <span className={styles.muted}>
            {`${weekNumberLabel(i.weekId)} \u00b7 ${daysLabel(i.submittedDays, weekDates(i.weekId, weekStart))}`}
          </span>
        )}
        {narrow && <StatusBadge status={i.status} />}
        {i.comment && !narrow && <span className={styles.comment}>{`\u201c${i.comment}\u201d`}</span>}
      </span>
    ),
  };
  const total: Column<ApprovalInboxItem> = { id: 'total', header: 'Time', align: 'end', cell: (i) => formatDuration(i.totalTime) };
  const status: Column<ApprovalInboxItem> = {
    id: 'status',
    header: 'Status',
    cell: (i) => (
      <span className={styles.who}>
        <StatusBadge status={i.status} />
        {i.reviewer && i.status === 'pending' && <span className={styles.muted}>for {i.reviewer.name}</span>}
        {i.decision && i.status !== 'pending' && <span className={styles.muted}>by {i.decision.by.name}</span>}
      </span>
    ),
  };
  if (narrow) return [person, total];
  return [
    person,
    { id: 'week', header: 'Week', cell: (i) => weekTitle(i.weekId, weekStart) },
    { id: 'days', header: 'Days', cell: (i) => daysLabel(i.submittedDays, weekDates(i.weekId, weekStart)) },
    total,
    { id: 'billable', header: 'Billable', align: 'end', cell: (i) => formatDuration(i.billableTime) },
    { id: 'submitted', header: 'Submitted', cell: (i) => whenLabel(i.submittedAt) },
    status,
  ];
}
