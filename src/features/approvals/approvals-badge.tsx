import { Plural, Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/context.ts';
import { approvalSummaryQueryOptions } from './api.ts';
import styles from './badge.module.css';

/**
 * The count of weeks waiting for a decision, beside "Approvals" in the navigation (admins and supervisors), or on
 * More while Approvals sits inside it (`of` then names the screen for screen readers).
 */
export default function ApprovalsBadge({ of }: { of?: string }) {
  const api = useApi();
  const { data } = useQuery(approvalSummaryQueryOptions(api));
  if (!data?.pending) return null;
  const count = data.pending;
  return (
    <span className={styles.count}>
      <span aria-hidden="true">{data.pending > 99 ? '99+' : data.pending}</span>
      <span className="visually-hidden">{of ? (
          <Trans>
            , {of}: <Plural value={count} one="# waiting" other="# waiting" />
          </Trans>
        ) : (
          <Plural value={count} one="# waiting" other="# waiting" />
        )}</span>
    </span>
  );
}
