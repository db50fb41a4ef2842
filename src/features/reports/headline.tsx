import { headlineItems, type Headline } from './figures.ts';
import styles from './reports.module.css';

/** The range's figures at a glance: time, billable time and its share, and money as the role allows. */
export function HeadlineFigures({ figures }: { figures: Headline }) {
  const items = headlineItems(figures);
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
