import { formatDuration } from '../../lib/duration.ts';
import { dayInfo } from '../../lib/week.ts';
import styles from './review.module.css';
import type { ReviewWeek } from './week-view.ts';

export interface ReviewGridProps {
  week: ReviewWeek;
  dates: readonly string[];
  /** Days that can be ticked for a partial approval; none when the week is not waiting. */
  openDates: readonly string[];
  chosen: ReadonlySet<string>;
  onToggle: (date: string) => void;
  /** Approved dates, marked as locked. */
  approvedDates: readonly string[];
  /** Dates of the latest request. */
  submittedDates: readonly string[];
}

const periodLabel: Record<string, string> = {
  'full-day': 'Full day',
  'half-of-day': 'Half day',
  'quarter-of-day': 'Quarter day',
  'half-and-quarter-of-day': 'Three quarters',
};

/** The person's week, read-only: tasks by day with comments, totals, timecards, time off; day checkboxes to approve some days. */
export function ReviewGrid({ week, dates, openDates, chosen, onToggle, approvedDates, submittedDates }: ReviewGridProps) {
  const days = dates.map((d) => dayInfo(d));
  return (
    <div className={styles.gridBox}>
      <table className={styles.grid} aria-label="The week's time">
        <thead>
          <tr>
            <th scope="col" className={styles.taskHead}>
              Task
            </th>
            {days.map((d) => {
              const open = openDates.includes(d.date);
              const state = approvedDates.includes(d.date) ? 'Approved' : submittedDates.includes(d.date) ? 'Submitted' : 'Not submitted';
              return (
                <th key={d.date} scope="col" className={[styles.dayHead, d.weekend ? styles.weekend : ''].join(' ')}>
                  <span className={styles.dayName}>
                    {d.short} {d.dayOfMonth}
                  </span>
                  {open ? (
                    <label className={styles.dayPick}>
                      <input
                        type="checkbox"
                        checked={chosen.has(d.date)}
                        onChange={() => onToggle(d.date)}
                        aria-label={`Approve ${d.full}`}
                      />
                      <span aria-hidden="true">Approve</span>
                    </label>
                  ) : (
                    <span className={[styles.dayState, state === 'Approved' ? styles.ok : ''].join(' ')}>{state}</span>
                  )}
                </th>
              );
            })}
            <th scope="col" className={styles.totalHead}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {week.rows.length === 0 && (
            <tr>
              <td colSpan={dates.length + 2} className={styles.emptyRow}>
                No time recorded this week.
              </td>
            </tr>
          )}
          {week.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={styles.taskCell}>
                <span className={styles.taskName}>{row.task}</span>
                {row.project && <span className={styles.muted}>{row.project}</span>}
              </th>
              {row.cells.map((c, i) => (
                <td key={dates[i]} className={[styles.cell, days[i]!.weekend ? styles.weekend : ''].join(' ')}>
                  {c.seconds ? formatDuration(c.seconds) : <span className={styles.zero}>{'\u2013'}</span>}
                  {c.comment && (
                    <span className={styles.cellComment} title={c.comment}>
                      {c.comment}
                    </span>
                  )}
                </td>
              ))}
              <td className={styles.rowTotal}>{formatDuration(row.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={styles.totals}>
            <th scope="row">Day total</th>
            {week.dayTotals.map((s, i) => (
              <td key={dates[i]}>{s ? formatDuration(s) : <span className={styles.zero}>{'\u2013'}</span>}</td>
            ))}
            <td data-testid="review-week-total">{formatDuration(week.total)}</td>
          </tr>
          <tr className={styles.extra}>
            <th scope="row">Timecard</th>
            {week.timecards.map((c, i) => (
              <td key={dates[i]}>
                {c?.clockIn ? (
                  <span className={styles.stack}>
                    <span>
                      {c.clockIn}
                      {'\u2013'}
                      {c.clockOut ?? '\u2026'}
                    </span>
                    <span className={styles.muted}>{formatDuration(c.workTime)} worked</span>
                  </span>
                ) : (
                  <span className={styles.zero}>{'\u2013'}</span>
                )}
              </td>
            ))}
            <td />
          </tr>
          <tr className={styles.extra}>
            <th scope="row">Time off</th>
            {week.timeOff.map((list, i) => (
              <td key={dates[i]}>
                {list.length ? (
                  list.map((t) => (
                    <span key={t.id} className={styles.timeOff}>
                      {periodLabel[t.timeOffPeriod] ?? 'Time off'}
                      {t.status === 'pending' ? ' (requested)' : ''}
                    </span>
                  ))
                ) : (
                  <span className={styles.zero}>{'\u2013'}</span>
                )}
              </td>
            ))}
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
