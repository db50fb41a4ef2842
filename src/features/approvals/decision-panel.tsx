import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type RefObject } from 'react';
import type { Approval } from '../../../contract/timesheets.ts';
import { useApi } from '../../api/context.ts';
import { ApiError, describeError } from '../../api/errors.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { NotAllowed } from '../../ui/not-allowed.tsx';
import { toast } from '../../ui/toast.tsx';
import { afterDecision, reviewWeek } from './api.ts';
import { daysLabel, daysOf } from './days.ts';
import { decide, type DecisionKind } from './decision.ts';
import styles from './review.module.css';

export interface DecisionPanelProps {
  timesheetId: number;
  userId: number;
  weekId: number;
  memberName: string;
  approval: Approval;
  dates: readonly string[];
  chosen: ReadonlySet<string>;
  /** Why the viewer cannot decide on the week, when they cannot ("… because <blocked>"). */
  blocked?: string | undefined;
  commentRef: RefObject<HTMLTextAreaElement | null>;
  /** Set to "approve the whole week", for the A key. */
  approveRef: RefObject<() => void>;
  onDecided: (kind: DecisionKind) => void;
}

const done: Record<DecisionKind, string> = {
  approve: 'Week approved.',
  'approve-days': 'Days approved.',
  reject: 'Week sent back with your comment.',
};

/** Approve the whole week, approve the ticked days, or reject with a comment. */
export function DecisionPanel({ commentRef, approveRef, ...p }: DecisionPanelProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<{ field: 'days' | 'comment' | 'form'; message: string } | null>(null);
  const commentId = useId();
  const errorId = useId();
  const pending = p.approval.status === 'pending';
  const reopen = !pending && (p.approval.status === 'approved' || p.approval.status === 'partial_approved');

  const send = useMutation({
    mutationFn: (input: { kind: DecisionKind; body: Parameters<typeof reviewWeek>[2] }) => reviewWeek(api, p.timesheetId, input.body),
    onSuccess: async (_answer, input) => {
      setComment('');
      setProblem(null);
      await afterDecision(queryClient, p.userId, p.weekId);
      toast(done[input.kind], 'success');
      p.onDecided(input.kind);
    },
    onError: (e) => {
      const fields = e instanceof ApiError ? e.errors : undefined;
      const message = fields?.days?.[0] ?? fields?.comment?.[0] ?? describeError(e);
      setProblem({ field: fields?.comment ? 'comment' : 'form', message });
    },
  });

  const act = (kind: DecisionKind) => {
    const d = decide({
      kind,
      chosen: p.chosen,
      comment,
      dates: p.dates,
      submittedDays: p.approval.submittedDays,
      approvedDays: p.approval.approvedDays,
    });
    if (!d.ok) {
      setProblem({ field: d.field, message: d.message });
      if (d.field === 'comment') commentRef.current?.focus();
      return;
    }
    setProblem(null);
    send.mutate({ kind, body: d.body });
  };

  useEffect(() => {
    const ref = approveRef;
    ref.current = pending && !p.blocked ? () => act('approve') : () => undefined;
  });

  if (p.blocked) return <NotAllowed action="decide on your own week" because={p.blocked} />;
  if (!pending && !reopen) return null;
  const ticked = [...p.chosen].length;
  return (
    <section className={styles.decision} aria-labelledby={`${commentId}-title`}>
      <h2 id={`${commentId}-title`} className={styles.sectionTitle}>
        {pending ? 'Your decision' : 'Reopen the week'}
      </h2>
      {!pending && (
        <p className={styles.muted}>
          Approved days ({daysLabel(p.approval.approvedDays, p.dates)}) are locked. Reopening sends them back to {p.memberName} with your
          comment.
        </p>
      )}
      <label className={styles.commentLabel} htmlFor={commentId}>
        Comment for {p.memberName} {pending ? '(required to reject)' : '(required)'}
      </label>
      <textarea
        id={commentId}
        ref={commentRef}
        className={styles.commentBox}
        rows={2}
        maxLength={5000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        aria-invalid={problem?.field === 'comment' || undefined}
        aria-describedby={problem ? errorId : undefined}
      />
      {problem && (
        <div id={errorId}>
          <Alert tone="error">{problem.message}</Alert>
        </div>
      )}
      <div className={styles.actions}>
        {pending ? (
          <>
            <Button
              variant="primary"
              busy={send.isPending && send.variables?.kind === 'approve'}
              disabled={send.isPending}
              onClick={() => act('approve')}
            >
              Approve week
            </Button>
            <Button
              busy={send.isPending && send.variables?.kind === 'approve-days'}
              disabled={send.isPending}
              onClick={() => act('approve-days')}
            >
              {ticked ? `Approve ${daysLabel(daysOf(p.chosen, p.dates), p.dates)}` : 'Approve ticked days'}
            </Button>
            <Button
              variant="danger"
              busy={send.isPending && send.variables?.kind === 'reject'}
              disabled={send.isPending}
              onClick={() => act('reject')}
            >
              Reject week
            </Button>
          </>
        ) : (
          <Button variant="danger" busy={send.isPending} onClick={() => act('reject')}>
            Reopen the week
          </Button>
        )}
      </div>
    </section>
  );
}
