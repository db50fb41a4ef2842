import { formatDuration } from '../../lib/duration.ts';
import { formatMoney } from './figure-format.ts';
import type { Headline } from './figures.ts';
import styles from './reports.module.css';

/** The range's figures at a glance: time, billable time and its share, and money as the role allows. */
export function HeadlineFigures({ figures }: { figures: Headline }) {
  // With billing rounding the rounded figure leads and the recorded one follows in small type.
  const r = figures.rounded;
  const recorded = (text: string) => (r ? `${text} recorded` : undefined);
  const items: [string, string, string?, string?][] = [
    ['Total time', formatDuration(r ? r.time : figures.time), recorded(formatDuration(figures.time))],
    [
      'Billable time',
      formatDuration(r ? r.billableTime : figures.billableTime),
      `${figures.billableShare}% of all time`,
      recorded(formatDuration(figures.billableTime)),
    ],
  ];
  if (figures.billableAmount !== undefined)
    items.push([
      'Billable amount',
      formatMoney(r?.billableAmount ?? figures.billableAmount),
      recorded(formatMoney(figures.billableAmount)),
    ]);
  if (figures.costs !== undefined) items.push(['Costs', formatMoney(figures.costs)]);
  if (figures.profit !== undefined)
    items.push([
      'Profit',
      formatMoney(figures.profit),
      figures.costs ? `${figures.returnOnCosts}% return on costs` : undefined,
      r ? 'on recorded time' : undefined,
    ]);
  return (
    <dl className={styles.headline} aria-label="Headline figures">
      {items.map(([label, value, note, second]) => (
        <div key={label} className={styles.figure}>
          <dt>{label}</dt>
          <dd>
            <span className={styles.value} data-figure={label}>
              {value}
            </span>
            {note && <span className={styles.note}>{note}</span>}
            {second && (
              <span className={styles.note} data-recorded={label}>
                {second}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
