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
