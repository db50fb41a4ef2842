import { totalRows } from '../../lib/invoice-figures.ts';
import type { Invoice } from './api.ts';
import { figures } from './format.ts';
import styles from './totals.module.css';

/** Subtotal, discount, tax and total of a saved invoice, as the server computed them. */
export function Totals({ invoice, note }: { invoice: Invoice; note?: string | undefined }) {
  const rows = totalRows(invoice, figures);
  const [totalTerm, totalValue] = rows.pop()!;
  return (
    <div className={styles.box}>
      {note && <p className={styles.note}>{note}</p>}
      <dl className={styles.totals} aria-label="Totals">
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={`${styles.row} ${styles.total}`}>
          <dt>{totalTerm}</dt>
          <dd>{totalValue}</dd>
        </div>
      </dl>
    </div>
  );
}
