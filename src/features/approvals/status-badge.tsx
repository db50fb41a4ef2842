import type { ApprovalStatus } from '../../../contract/timesheets.ts';
import { statusTone } from './format.ts';
import styles from './review.module.css';
import { statusLabels } from './search.ts';

export function StatusBadge({ status, none = 'Not submitted' }: { status: ApprovalStatus | null; none?: string }) {
  const tone = status ? statusTone[status] : 'muted';
  return <span className={`${styles.status} ${styles[tone]}`}>{status ? statusLabels[status] : none}</span>;
}
