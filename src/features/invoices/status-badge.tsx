import styles from './invoices.module.css';
import type { InvoiceStatus } from './api.ts';
import { statusLabels } from './format.ts';

/** Draft, Sent or Paid, in words and colour. */
export function StatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`${styles.badge} ${styles[status]}`}>{statusLabels[status]}</span>;
}
