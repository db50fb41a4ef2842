import './timesheet.css';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';

/** The week's layout in grey while it loads: header, status bar, and grid rows of the same height. */
export function TimesheetSkeleton() {
  return (
    <LoadingRegion label="Loading the week" className="timesheet">
      <div className="ts-header">
        <div className="ts-header__title">
          <Skeleton width="16rem" height="2rem" />
          <Skeleton width="9rem" height="1.25rem" />
        </div>
        <Skeleton width="18rem" height="2.5rem" />
      </div>
      <Skeleton width="100%" height="4rem" radius="14px" />
      <div className="ts-card ts-card--skeleton">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="skeleton-row">
            <Skeleton width="14rem" height="1.25rem" />
            <Skeleton width="100%" height="2.25rem" />
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}
