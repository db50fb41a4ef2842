import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../auth/current-user.ts';
import { ShellSkeleton } from '../features/shell/shell-skeleton.tsx';
import { AppFrame } from './-components/app-frame.tsx';
import { FullPageRouteError } from './-components/route-error.tsx';

/** Every signed-in screen: the guard, the signed-in user, and the shell around the page. */
export const Route = createFileRoute('/_app')({
  // The shell is part of every signed-in first screen: only its error screen loads on demand.
  codeSplitGroupings: [['errorComponent']],
  // A session the server ended keeps its reason, whichever navigation reaches this guard first.
  beforeLoad: ({ context: { session }, location }) => {
    if (!session.isSignedIn) throw redirect({ to: '/sign-in', search: { redirect: location.href, expired: session.expired || undefined } });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
  pendingComponent: ShellSkeleton,
  errorComponent: FullPageRouteError,
  component: AppLayout,
});

function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
