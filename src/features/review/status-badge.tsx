import type { ApprovalStatus } from '../../../contract/timesheets.ts';
import { statusTone } from './format.ts';
import styles from './review.module.css';
import { statusLabels } from './search.ts';

export function StatusBadge({ status }: { status: ApprovalStatus | null }) {
  const tone = status ? statusTone[status] : 'muted';
  return <span className={`${styles.status} ${styles[tone]}`}>{status ? statusLabels[status] : 'Not submitted'}</span>;
}
