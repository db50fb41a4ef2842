import { Button } from '../button.tsx';
import styles from './pager.module.css';

export interface PagerProps {
  /** What is paged, e.g. "Expenses": names the navigation. */
  label: string;
  /** The current page, from 1. */
  page: number;
  onPageChange: (page: number) => void;
  /** Known when the server gives a total; otherwise say whether a next page may exist (a full page came back). */
  pageCount?: number;
  hasNext?: boolean;
}

/** Previous and Next for a list the server sends a page at a time (`?page=` in the URL). */
export function Pager({ label, page, onPageChange, pageCount, hasNext }: PagerProps) {
  const more = pageCount !== undefined ? page < pageCount : Boolean(hasNext);
  if (page <= 1 && !more) return null;
  return (
    <nav className={styles.pager} aria-label={`${label}: pages`}>
      <Button size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span className={styles.current} aria-current="page">
        Page {page}
        {pageCount !== undefined ? ` of ${pageCount}` : ''}
      </span>
      <Button size="sm" disabled={!more} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
