import { useLingui } from '@lingui/react/macro';
import '../../ui/skeleton.css';
import '../../ui/card.css';
import './shell.css';
import { Brand } from '../../ui/brand.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';

/** The shell's frame while the signed-in user loads: the same sidebar and header, grey blocks in them and below. */
export function ShellSkeleton() {
  const { t } = useLingui();
  return (
    <div className="shell">
      <div className="shell__side">
        <span className="shell__home">
          <Brand />
        </span>
        <Skeleton width="70%" height="8rem" />
      </div>
      <header className="shell__header">
        <div className="shell__bar">
          <span className="shell__home">
            <Brand />
          </span>
          <span className="user-menu">
            <Skeleton width="8.5rem" height="2.5rem" radius="999px" />
          </span>
        </div>
      </header>
      <main className="shell__main">
        <LoadingRegion label={t`Loading Timekeep`} className="page">
          <div className="page__header stack-xs">
            <Skeleton width="12rem" height="1.75rem" />
            <Skeleton width="9rem" />
          </div>
          <div className="card">
            <div className="stack-sm skeleton-rows">
              <Skeleton width="40%" height="1.25rem" />
              <Skeleton width="90%" />
              <Skeleton width="75%" />
            </div>
          </div>
        </LoadingRegion>
      </main>
    </div>
  );
}
