import { lazy, Suspense } from 'react';
import { useSession } from '../../auth/context.ts';
import { ShellSkeleton } from '../../features/shell/shell-skeleton.tsx';
import { AppErrorBoundary } from '../../ui/error-boundary.tsx';
import { AppFrame } from './app-frame.tsx';

// Rare: its code loads when it is shown (React.lazy, which suspends the supported way).
const NotFound = lazy(() => import('./not-found.tsx').then((m) => ({ default: m.NotFound })));

/** An address that names no screen: inside the app's frame when signed in (header and navigation stay), bare otherwise. */
export function NotFoundScreen() {
  const session = useSession();
  if (!session.isSignedIn)
    return (
      <Suspense fallback={null}>
        <NotFound inShell={false} />
      </Suspense>
    );
  const page = (
    <Suspense fallback={null}>
      <NotFound inShell />
    </Suspense>
  );
  return (
    <AppErrorBoundary fallback={<NotFound inShell={false} />}>
      <Suspense fallback={<ShellSkeleton />}>
        <AppFrame>{page}</AppFrame>
      </Suspense>
    </AppErrorBoundary>
  );
}
