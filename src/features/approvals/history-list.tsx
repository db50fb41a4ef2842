import type { Approval } from '../../../contract/timesheets.ts';
import { daysLabel } from './days.ts';
import { whenLabel } from './format.ts';
import styles from './review.module.css';

const actionLabel = { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected', discarded: 'Withdrawn' } as const;

/** The week's approval history, newest first. */
export function HistoryList({
  history,
  dates,
  names,
}: {
  history: Approval['history'];
  dates: readonly string[];
  names: ReadonlyMap<number, string>;
}) {
  if (history.length === 0) return <p className={styles.muted}>Nothing has happened to this week yet.</p>;
  return (
    <ol className={styles.history}>
      {[...history].reverse().map((h, i) => (
        <li key={i} className={`${styles.historyItem} ${styles[h.action]}`}>
          <p>
            <strong>{actionLabel[h.action]}</strong> {daysLabel(h.days, dates)} by {names.get(h.user) ?? `user ${h.user}`}
            <span className={styles.muted}>
              {' '}
              {'\u00b7'} {whenLabel(h.createdAt)}
            </span>
          </p>
          {h.comment && <q className={styles.quote}>{h.comment}</q>}
        </li>
      ))}
    </ol>
  );
}
