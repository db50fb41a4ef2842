import type { Invoice } from './api.ts';
import { money } from './format.ts';
import styles from './totals.module.css';

const percent = (rate: number) => `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 }).format(rate)}%`;

/** Subtotal, discount, tax and total of a saved invoice, as the server computed them. */
export function Totals({ invoice, note }: { invoice: Invoice; note?: string | undefined }) {
  const { discount, tax } = invoice;
  const rows: [string, string][] = [['Subtotal', money(invoice.listAmount)]];
  if (discount.amount) rows.push([`Discount${discount.rate ? ` (${percent(discount.rate)})` : ''}`, `\u2212${money(discount.amount)}`]);
  if (tax.amount) rows.push([`Tax${tax.rate ? ` (${percent(tax.rate)})` : ''}`, money(tax.amount)]);
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
          <dt>Total</dt>
          <dd>{money(invoice.totalAmount)}</dd>
        </div>
      </dl>
    </div>
  );
}
