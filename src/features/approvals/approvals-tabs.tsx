import { Link } from '@tanstack/react-router';
import styles from './review.module.css';

/** Inbox and Team week: the two views of Approvals. */
export function ApprovalsTabs() {
  const active = { 'aria-current': 'page', className: `${styles.tab} ${styles.tabActive}` } as const;
  return (
    <nav className={styles.tabs} aria-label="Approvals">
      <Link to="/approvals" className={styles.tab} activeOptions={{ exact: true, includeSearch: false }} activeProps={active}>
        Inbox
      </Link>
      <Link to="/approvals/team" className={styles.tab} activeOptions={{ includeSearch: false }} activeProps={active}>
        Team week
      </Link>
    </nav>
  );
}
