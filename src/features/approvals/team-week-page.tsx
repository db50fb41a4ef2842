import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { weekDates } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { formatDuration } from '../../lib/duration.ts';
import { dayInfo, nextWeek, previousWeek } from '../../lib/week.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { useNarrow } from '../../ui/use-narrow.ts';
import { teamUsersQueryOptions, teamWeekQueryOptions } from './api.ts';
import { weekTitle } from './format.ts';
import styles from './review.module.css';
import { StatusBadge } from './status-badge.tsx';
import { teamWeek, type TeamWeekRow } from './team-week.ts';

export interface TeamWeekPageProps {
  weekId: number;
  thisWeek: number;
  weekStart: number;
  onWeekChange: (weekId: number) => void;
  /** Opens a person's week (the inbox's review view). */
  onOpen: (timesheetId: number) => void;
  /** For admins: opens a person's week in the editable grid. */
  onEdit?: ((userId: number) => void) | undefined;
}

const signed = (s: number) => `${s < 0 ? '\u2212' : '+'}${formatDuration(Math.abs(s))}`;

/** Everyone's week side by side: daily totals, week total against capacity, and each week's approval. */
export function TeamWeekPage({ weekId, thisWeek, weekStart, onWeekChange, onOpen, onEdit }: TeamWeekPageProps) {
  const api = useApi();
  const sheets = useQuery(teamWeekQueryOptions(api, weekId));
  const people = useQuery(teamUsersQueryOptions(api));
  const narrow = useNarrow();
  const dates = weekDates(weekId, weekStart);
  const week = useMemo(() => (sheets.data && people.data ? teamWeek(sheets.data, people.data) : undefined), [sheets.data, people.data]);
  const columns = useMemo(() => teamColumns(weekDates(weekId, weekStart), narrow, onEdit), [weekId, weekStart, narrow, onEdit]);
  const capacity = week?.rows.reduce((s, r) => s + (r.capacity ?? 0), 0) ?? 0;
  const failed = sheets.error ?? people.error;

  return (
    <div className={`${styles.page} page--wide`}>
      <header className={styles.header}>
        <div>
          <h1 className="page__title">Team week</h1>
          <p className="page__subtitle">{weekTitle(weekId, weekStart)}</p>
        </div>
        <div className={styles.position} role="group" aria-label="Week">
          {/* A phone keeps each button on one line: the short word shows, the full name is what is announced. */}
          <Button size="sm" aria-label="Previous week" onClick={() => onWeekChange(previousWeek(weekId))}>
            {narrow ? 'Previous' : 'Previous week'}
          </Button>
          <Button size="sm" disabled={weekId === thisWeek} onClick={() => onWeekChange(thisWeek)}>
            This week
          </Button>
          <Button size="sm" aria-label="Next week" onClick={() => onWeekChange(nextWeek(weekId))}>
            {narrow ? 'Next' : 'Next week'}
          </Button>
        </div>
      </header>
      {week && (
        <dl className={styles.facts}>
          <div>
            <dt>Team total</dt>
            <dd>{formatDuration(week.total)}</dd>
          </div>
          <div>
            <dt>Capacity</dt>
            <dd>{formatDuration(capacity)}</dd>
          </div>
          {dates.map((d, i) => (
            <div key={d}>
              <dt>{dayInfo(d).short}</dt>
              <dd>{week.dayTotals[i] ? formatDuration(week.dayTotals[i]) : <span className={styles.zero}>{'\u2013'}</span>}</dd>
            </div>
          ))}
        </dl>
      )}
      <DataTable
        label="Everyone's week"
        columns={columns}
        rows={week?.rows}
        rowKey={(r) => String(r.user.id)}
        rowLabel={(r) => r.user.name}
        status={failed ? 'error' : week ? 'success' : 'pending'}
        errorMessage={failed ? describeError(failed) : undefined}
        onRetry={() => void Promise.all([sheets.refetch(), people.refetch()])}
        onOpen={(r) => onOpen(r.timesheetId)}
        maxHeight="none"
        empty={<p>Nobody is in the team yet.</p>}
      />
      <p className={styles.keys}>
        Enter or a click opens a person&apos;s week with its approval.
        {onEdit ? ' Edit opens their week in the timesheet grid to change their time.' : ''}
      </p>
    </div>
  );
}

function teamColumns(dates: readonly string[], narrow: boolean, onEdit: ((userId: number) => void) | undefined): Column<TeamWeekRow>[] {
  const person: Column<TeamWeekRow> = {
    id: 'person',
    header: 'Person',
    sortValue: (r) => r.user.name.toLowerCase(),
    cell: (r) => (
      <span className={styles.who}>
        <strong>{r.user.name}</strong>
        {narrow && <StatusBadge status={r.status} />}
        {onEdit && <EditButton row={r} onEdit={onEdit} />}
      </span>
    ),
  };
  const total: Column<TeamWeekRow> = {
    id: 'total',
    header: 'Total',
    align: 'end',
    sortValue: (r) => r.total,
    cell: (r) => <strong>{formatDuration(r.total)}</strong>,
  };
  const difference: Column<TeamWeekRow> = {
    id: 'difference',
    header: 'Vs capacity',
    align: 'end',
    sortValue: (r) => r.difference,
    cell: (r) =>
      r.difference === null || r.capacity === null ? (
        '\u2014'
      ) : (
        <span className={styles.who}>
          <span className={r.difference < 0 ? styles.under : undefined}>{signed(r.difference)}</span>
          {!narrow && <span className={styles.muted}>of {formatDuration(r.capacity)}</span>}
        </span>
      ),
  };
  // Edit sits under the name, where it shows at every width without scrolling the table sideways.
  if (narrow) return [person, total, difference];
  return [
    person,
    ...dates.map((d, i): Column<TeamWeekRow> => ({
      id: d,
      header: `${dayInfo(d).short} ${dayInfo(d).dayOfMonth}`,
      align: 'end',
      sortValue: (r) => r.days[i],
      cell: (r) => (r.days[i] ? formatDuration(r.days[i]) : <span className={styles.zero}>{'\u2013'}</span>),
    })),
    total,
    difference,
    { id: 'status', header: 'Approval', sortValue: (r) => r.status, cell: (r) => <StatusBadge status={r.status} none="Not sent" /> },
  ];
}

function EditButton({ row, onEdit }: { row: TeamWeekRow; onEdit: (userId: number) => void }) {
  return (
    <Button size="sm" className={styles.editWeek} onClick={() => onEdit(row.user.id)} aria-label={`Edit ${row.user.name}\u2019s week`}>
      Edit
    </Button>
  );
}
