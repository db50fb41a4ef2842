import './approvals.css';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';

/**
 * The approval bar's place while its code loads: same frame and height, so nothing below it moves. With
 * `failed`, the code could not load (offline): say so, and offer the reload that fetches it again.
 */
export function ApprovalPlaceholder({ failed = false }: { failed?: boolean }) {
  if (failed)
    return (
      <div className="approval approval--placeholder" role="alert">
        <div className="approval__main">
          <p className="approval__detail approval__text">The week’s approval status could not load. Check the connection, then reload.</p>
          <Button size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      </div>
    );
  return (
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
