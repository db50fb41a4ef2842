import '../../ui/skeleton.css';
import '../../ui/card.css';
import './profile.css';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';

/** The profile's layout in grey while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton() {
  return (
    <LoadingRegion label="Loading your profile" className="page">
      <div className="page__header profile-hero">
        <Skeleton width={56} height={56} radius="50%" />
        <div className="stack-xs">
          <Skeleton width="12rem" height="1.75rem" />
          <Skeleton width="9rem" />
        </div>
      </div>
      <div className="page__grid">
        <div className="card">
          <Skeleton width="6rem" height="1.25rem" />
          <div className="stack-sm skeleton-rows">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} width={`${90 - i * 8}%`} />
            ))}
          </div>
        </div>
        <div className="card">
          <Skeleton width="6rem" height="1.25rem" />
          <div className="stack-sm skeleton-rows">
            <Skeleton width="100%" />
            <Skeleton width="100%" height="2.5rem" />
          </div>
        </div>
      </div>
    </LoadingRegion>
  );
}
