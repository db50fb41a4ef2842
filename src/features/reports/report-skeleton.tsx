import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import styles from './reports.module.css';

/**
 * A report tab while its figures load, in the tab's own layout (headline figures, the charts, the table),
 * so the screen around it (title, tabs, filters) is drawn first and the figures drop into place.
 */
export function ReportTabSkeleton() {
  return (
    <LoadingRegion label="Loading the report" className={styles.view}>
      <div className={styles.headline}>
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={styles.figure}>
            <Skeleton width="6rem" height="0.8rem" />
            <Skeleton width="8rem" height="1.6rem" className={styles.skeletonValue} />
          </div>
        ))}
      </div>
      <div className={styles.charts}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={i === 2 ? styles.wide : undefined}>
            <Skeleton width="12rem" height="1rem" />
            <Skeleton width="80%" className={styles.skeletonValue} />
            <Skeleton height={i === 2 ? 260 : 180} className={styles.skeletonPlot} />
          </div>
        ))}
      </div>
      <div className={styles.skeletonRows}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** The reports screen while its filters' choices load: title, tabs and filters as grey blocks, then a tab. */
export function ReportsSkeleton() {
  return (
    <div className={`page ${styles.reports}`}>
      <header className="page__header">
        <div>
          <h1 className="page__title">Reports</h1>
          <Skeleton width="11rem" />
        </div>
      </header>
      <div className={styles.filters} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="2.5rem" />
        ))}
      </div>
      <ReportTabSkeleton />
    </div>
  );
}
