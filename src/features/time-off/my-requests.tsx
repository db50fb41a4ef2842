import type { TimeOffAssignment, TimeOffType } from '../../../contract/timeoff.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { useNarrow } from '../../ui/use-narrow.ts';
import { daysText, periodLabel, rangeLabel, statusLabel, typeName } from './labels.ts';

export interface RequestListProps {
  label: string;
  rows: readonly TimeOffAssignment[];
  types: readonly TimeOffType[];
  year: string;
  /** The owner edits and withdraws while pending. */
  onEdit?: ((t: TimeOffAssignment) => void) | undefined;
  onWithdraw?: ((t: TimeOffAssignment) => void) | undefined;
  empty: string;
}

export function StatusBadge({ status }: { status: TimeOffAssignment['status'] }) {
  return <span className={`toff-status toff-status--${status}`}>{statusLabel[status]}</span>;
}

export function TypeDot({ types, id }: { types: readonly TimeOffType[]; id: number | null }) {
  const color = types.find((t) => t.id === id)?.color;
  return (
    <span className="toff-type">
      <span className="toff-type__dot" style={{ background: color ?? 'var(--text-muted)' }} aria-hidden="true" />
      {typeName(types, id)}
    </span>
  );
}

function Actions({
  t,
  onEdit,
  onWithdraw,
}: {
  t: TimeOffAssignment;
  onEdit?: RequestListProps['onEdit'];
  onWithdraw?: RequestListProps['onWithdraw'];
}) {
  if (t.status !== 'pending' || (!onEdit && !onWithdraw)) return null;
  const what = rangeLabel(t.startDate, t.endDate);
  return (
    <span className="toff-actions">
      {onEdit && (
        <Button size="sm" variant="secondary" aria-label={`Edit the request for ${what}`} onClick={() => onEdit(t)}>
          Edit
        </Button>
      )}
      {onWithdraw && (
        <Button size="sm" variant="ghost" aria-label={`Withdraw the request for ${what}`} onClick={() => onWithdraw(t)}>
          Withdraw
        </Button>
      )}
    </span>
  );
}

const comment = (t: TimeOffAssignment) => t.reviewComment || t.note || '';

/** Requests as a table on a laptop, and one card per request on a phone. */
export function RequestList({ label, rows, types, year, onEdit, onWithdraw, empty }: RequestListProps) {
  const narrow = useNarrow();
  if (narrow) {
    if (rows.length === 0) return <p className="muted">{empty}</p>;
    return (
      <ul className="toff-cards" aria-label={label}>
        {rows.map((t) => (
          <li key={t.id} className="toff-card">
            <div className="toff-card__top">
              <strong>{rangeLabel(t.startDate, t.endDate, year)}</strong>
              <StatusBadge status={t.status} />
            </div>
            <div className="toff-card__meta">
              <TypeDot types={types} id={t.timeOffType} /> · {periodLabel[t.timeOffPeriod]} · {daysText(t.days)}
            </div>
            {t.note && <p className="toff-card__note">Note: {t.note}</p>}
            {t.reviewComment && <p className="toff-card__note">Reviewer: {t.reviewComment}</p>}
            <Actions t={t} onEdit={onEdit} onWithdraw={onWithdraw} />
          </li>
        ))}
      </ul>
    );
  }
  const columns: Column<TimeOffAssignment>[] = [
    { id: 'dates', header: 'Dates', cell: (t) => rangeLabel(t.startDate, t.endDate, year), sortValue: (t) => t.startDate, width: '24%' },
    {
      id: 'type',
      header: 'Type',
      cell: (t) => <TypeDot types={types} id={t.timeOffType} />,
      sortValue: (t) => typeName(types, t.timeOffType),
    },
    { id: 'period', header: 'Period', cell: (t) => periodLabel[t.timeOffPeriod] },
    { id: 'days', header: 'Workdays', cell: (t) => daysText(t.days), sortValue: (t) => t.days, align: 'end' },
    { id: 'status', header: 'Status', cell: (t) => <StatusBadge status={t.status} />, sortValue: (t) => t.status },
    {
      id: 'comment',
      header: 'Comment',
      cell: (t) =>
        t.reviewComment ? (
          <span>
            <span className="muted">Reviewer: </span>
            {t.reviewComment}
          </span>
        ) : (
          comment(t) || <span className="muted">{'\u2014'}</span>
        ),
    },
    ...(onEdit || onWithdraw
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            actions: true,
            cell: (t: TimeOffAssignment) => <Actions t={t} onEdit={onEdit} onWithdraw={onWithdraw} />,
          },
        ]
      : []),
  ];
  return <DataTable label={label} columns={columns} rows={rows} rowKey={(t) => String(t.id)} maxHeight="none" empty={<p>{empty}</p>} />;
}
