import './approvals.css';
import { loadLater, useLater } from '../../lib/load-later.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { ApprovalBarProps } from './approval-bar.tsx';

const bar = loadLater(() => import('./approval-bar.tsx'));

/**
 * The week's approval bar (status, history, Submit and Withdraw), whose code loads just after the grid is drawn: until it is here, its place (same frame and
 * height, so nothing below it moves). If it cannot load, the user is told and the next draw asks again.
 */
export function LazyApprovalBar(props: ApprovalBarProps) {
  const code = useLater(bar, true);
  return code ? (
    <code.ApprovalBar {...props} />
  ) : (
    <div className="approval approval--placeholder" aria-hidden="true">
      <div className="approval__main">
        <Skeleton width={32} height={32} radius="50%" />
        <div className="approval__text">
          <Skeleton width="9rem" height="0.95rem" />
          <Skeleton width="16rem" height="0.8rem" />
        </div>
      </div>
    </div>
  );
}
