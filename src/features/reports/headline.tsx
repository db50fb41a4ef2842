import { formatDuration } from '../../lib/duration.ts';
import { formatMoney } from './figure-format.ts';
import type { Headline } from './figures.ts';
import styles from './reports.module.css';

/** The range's figures at a glance: time, billable time and its share, and money as the role allows. */
export function HeadlineFigures({ figures }: { figures: Headline }) {
  const items: [string, string, string?][] = [
    ['Total time', formatDuration(figures.time)],
    ['Billable time', formatDuration(figures.billableTime), `${figures.billableShare}% of all time`],
  ];
  if (figures.billableAmount !== undefined) items.push(['Billable amount', formatMoney(figures.billableAmount)]);
  if (figures.costs !== undefined) items.push(['Costs', formatMoney(figures.costs)]);
  if (figures.profit !== undefined)
    items.push(['Profit', formatMoney(figures.profit), figures.costs ? `${figures.returnOnCosts}% return on costs` : undefined]);
  return (
    <dl className={styles.headline} aria-label="Headline figures">
      {items.map(([label, value, note]) => (
        <div key={label} className={styles.figure}>
          <dt>{label}</dt>
          <dd>
            <span className={styles.value} data-figure={label}>
              {value}
            </span>
            {note && <span className={styles.note}>{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
