import { useState } from 'react';
import type { TimeOffAssignment, TimeOffType } from '../../../contract/timeoff.ts';
import { describeError } from '../../api/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { toast } from '../../ui/toast.tsx';
import { useReview } from './api.ts';
import { daysText, periodLabel, rangeLabel } from './labels.ts';
import { TypeDot } from './my-requests.tsx';

export interface ReviewQueueProps {
  rows: readonly TimeOffAssignment[];
  types: readonly TimeOffType[];
  nameOf: (userId: number) => string;
  year: string;
}

/** Requests awaiting an admin's decision: approve, or reject with a comment, one or several at once. */
export function ReviewQueue({ rows, types, nameOf, year }: ReviewQueueProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [comment, setComment] = useState('');
  const review = useReview();
  const live = new Set([...selected].filter((k) => rows.some((r) => String(r.id) === k)));
  const ids = [...live].map(Number);
  const label = (t: TimeOffAssignment) => `${nameOf(t.user)}, ${rangeLabel(t.startDate, t.endDate, year)}`;

  const decide = async (decision: 'approve' | 'reject', which: number[], text = '') => {
    try {
      await review.mutateAsync({ ids: which, decision, comment: text });
      toast(
        `${which.length === 1 ? 'Request' : `${which.length} requests`} ${decision === 'approve' ? 'approved' : 'rejected'}`,
        'success',
      );
      setSelected(new Set());
      setRejecting(null);
      setComment('');
    } catch (e) {
      toast(describeError(e), 'error');
    }
  };

  const columns: Column<TimeOffAssignment>[] = [
    { id: 'person', header: 'Person', cell: (t) => nameOf(t.user), sortValue: (t) => nameOf(t.user) },
    { id: 'dates', header: 'Dates', cell: (t) => rangeLabel(t.startDate, t.endDate, year), sortValue: (t) => t.startDate },
    { id: 'type', header: 'Type', cell: (t) => <TypeDot types={types} id={t.timeOffType} /> },
    { id: 'period', header: 'Period', cell: (t) => periodLabel[t.timeOffPeriod] },
    { id: 'days', header: 'Workdays', cell: (t) => daysText(t.days), align: 'end', sortValue: (t) => t.days },
    { id: 'note', header: 'Note', cell: (t) => t.note || <span className="muted">{'\u2014'}</span> },
    {
      id: 'decide',
      header: 'Decide',
      hideHeader: true,
      actions: true,
      cell: (t) => (
        <span className="toff-actions">
          <Button size="sm" variant="secondary" aria-label={`Approve ${label(t)}`} onClick={() => void decide('approve', [t.id])}>
            Approve
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Reject ${label(t)}`} onClick={() => setRejecting([t.id])}>
            Reject
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="stack-sm">
      <div className="toff-bulk" role="group" aria-label="Decide on the selected requests">
        <span className="muted">{ids.length ? `${ids.length} selected` : 'Select requests to decide on several at once'}</span>
        <Button size="sm" variant="primary" disabled={!ids.length} busy={review.isPending} onClick={() => void decide('approve', ids)}>
          Approve selected
        </Button>
        <Button size="sm" variant="secondary" disabled={!ids.length} onClick={() => setRejecting(ids)}>
          Reject selected
        </Button>
      </div>
      <DataTable
        label="Requests awaiting a decision"
        columns={columns}
        rows={rows}
        rowKey={(t) => String(t.id)}
        rowLabel={label}
        selected={live}
        onSelectedChange={setSelected}
        maxHeight="none"
        empty={<p>Nothing awaits a decision.</p>}
      />
      <Dialog
        open={rejecting !== null}
        title={rejecting && rejecting.length > 1 ? `Reject ${rejecting.length} requests` : 'Reject the request'}
        description="The requester sees your comment beside the request."
        onClose={() => setRejecting(null)}
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setRejecting(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={review.isPending} onClick={() => void decide('reject', rejecting ?? [], comment)}>
              Reject
            </Button>
          </>
        }
      >
        <div className="field">
          <label className="field__label" htmlFor="toff-reject-comment">
            Comment
          </label>
          <textarea
            id="toff-reject-comment"
            className="field__input toff-textarea"
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </div>
      </Dialog>
    </div>
  );
}
