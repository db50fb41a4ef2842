import { formatDuration } from '../../lib/duration.ts';
import { dayInfo } from '../../lib/week.ts';
import type { ReviewGridProps } from './review-grid.tsx';
import styles from './review.module.css';

/** The same week on a phone: one block per day with its tasks, timecard and time off, and its Approve box. */
export function ReviewDays({ week, dates, openDates, chosen, onToggle, approvedDates, submittedDates }: ReviewGridProps) {
  return (
    <ol className={styles.dayList} aria-label="The week's time by day">
      {dates.map((date, i) => {
        const d = dayInfo(date);
        const entries = week.rows.filter((r) => r.cells[i]!.seconds > 0);
        const card = week.timecards[i];
        const off = week.timeOff[i]!;
        const state = approvedDates.includes(date) ? 'Approved' : submittedDates.includes(date) ? 'Submitted' : 'Not submitted';
        if (entries.length === 0 && !card?.clockIn && off.length === 0 && !openDates.includes(date)) return null;
        return (
          <li key={date} className={styles.dayBlock}>
            <div className={styles.dayLine}>
              <strong>{d.full}</strong>
              <span className={styles.dayTotal}>{formatDuration(week.dayTotals[i]!)}</span>
            </div>
            {openDates.includes(date) ? (
              <label className={styles.dayPick}>
                <input type="checkbox" checked={chosen.has(date)} onChange={() => onToggle(date)} />
                Approve {d.long}
              </label>
            ) : (
              <span className={styles.muted}>{state}</span>
            )}
            <ul className={styles.entries}>
              {entries.map((r) => (
                <li key={r.key}>
                  <span>
                    {r.task}
                    {r.project && <span className={styles.muted}>{` \u00b7 ${r.project}`}</span>}
                    {r.cells[i]!.comment && <span className={styles.entryComment}>{r.cells[i]!.comment}</span>}
                  </span>
                  <span className={styles.dayTotal}>{formatDuration(r.cells[i]!.seconds)}</span>
                </li>
              ))}
              {card?.clockIn && (
                <li className={styles.muted}>
                  Timecard {card.clockIn}
                  {'\u2013'}
                  {card.clockOut ?? '\u2026'}, {formatDuration(card.workTime)} worked
                </li>
              )}
              {off.map((t) => (
                <li key={t.id}>
                  <span className={styles.timeOff}>Time off{t.status === 'pending' ? ' (requested)' : ''}</span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
