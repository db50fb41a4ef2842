import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { ApiError, describeError, NetworkError } from '../../api/errors.ts';
import { useSession } from '../../auth/context.ts';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

/** A page inside the shell that failed to load or render: say what happened and offer Retry (reloads its data). */
export function RouteError({ error }: ErrorComponentProps) {
  return <RouteErrorState error={error} />;
}

/**
 * The same for a failure outside the shell (the shell itself could not load). A signed-in user also
 * gets Sign out, the way out when the chosen server is gone for good.
 */
export function FullPageRouteError({ error }: ErrorComponentProps) {
  const session = useSession();
  const signOut = useSignOut();
  return (
    <main className="page-center">
      <RouteErrorState
        error={error}
        extra={
          session.isSignedIn && (
            <Button variant="secondary" onClick={() => void signOut()}>
              Sign out
            </Button>
          )
        }
      />
    </main>
  );
}

function RouteErrorState({ error, extra }: { error: unknown; extra?: ReactNode }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  const title =
    error instanceof NetworkError
      ? 'Cannot reach the server'
      : error instanceof ApiError && error.status === 404
        ? 'Not found'
        : error instanceof ApiError && error.status === 403
          ? 'Not allowed'
          : 'This page could not load';
  const message = error instanceof NetworkError ? `${error.message} Check your connection, then retry.` : describeError(error);
  return (
    <div className="page--center">
      <PageTitle>{title}</PageTitle>
      <ErrorState title={title} message={message} onRetry={() => void router.invalidate()} extra={extra} />
    </div>
  );
}
