import './skeleton.css';
import type { CSSProperties, ReactNode } from 'react';

/** A grey placeholder of the size of what is loading; hidden from assistive technology. */
export function Skeleton({
  width,
  height = '1em',
  radius,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}) {
  return (
    <span
      className={['skeleton', className ?? ''].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/** Wraps skeletons: says "Loading" once to screen readers and marks the region busy. */
export function LoadingRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className} aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * A screen's skeleton while its code and data arrive: a title bar and three blocks. Routes draw it as their
 * pending component, which ships with the route (the router draws it before the screen's code is there).
 */
export function ScreenSkeleton() {
  return (
    <LoadingRegion label="Loading the page" className="page">
      <Skeleton width="40%" height="1.75rem" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height="5rem" />
      ))}
    </LoadingRegion>
  );
}
