import type { RateChange } from '../../../contract/users.ts';
import { formatMoney } from '../../lib/money.ts';
import { userLocale } from '../../lib/week.ts';
import styles from './team.module.css';

const money = (cents: number) => formatMoney(cents, { currency: 'USD', locale: 'en-US' });
const day = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(userLocale(), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A user's rate and cost over time, newest first: what reports and invoices value their time at, by date. */
export function RateHistory({ history, current }: { history: RateChange[]; current: { rate?: number | undefined; cost?: number | undefined } }) {
  const rows: RateChange[] = history.length > 0 ? [...history].reverse() : [{ effectiveFrom: null, rate: current.rate ?? 0, cost: current.cost ?? 0 }];
  return (
    <section className={styles.rates} aria-labelledby="rate-history-title">
      <h3 id="rate-history-title" className={styles.ratesTitle}>
        Rates over time
      </h3>
      <table className={styles.ratesTable}>
        <thead>
          <tr>
            <th scope="col">From</th>
            <th scope="col">Rate</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.effectiveFrom ?? 'start'}>
              <th scope="row">{r.effectiveFrom ? day(r.effectiveFrom) : 'The start'}</th>
              <td>{money(r.rate)}</td>
              <td>{money(r.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
