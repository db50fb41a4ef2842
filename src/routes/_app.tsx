import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../auth/current-user.ts';
import { useSignOut } from '../auth/use-sign-out.ts';
import { AppShell } from '../features/shell/app-shell.tsx';
import { ShellSkeleton } from '../features/shell/shell-skeleton.tsx';
import { FullPageRouteError } from './-components/route-error.tsx';

/** Every signed-in screen: the guard, the signed-in user, and the shell around the page. */
export const Route = createFileRoute('/_app')({
  // The loader pulls in the contract's schemas: keep it out of the entry chunk.
  codeSplitGroupings: [['loader', 'component'], ['pendingComponent'], ['errorComponent']],
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
  pendingComponent: ShellSkeleton,
  errorComponent: FullPageRouteError,
  component: AppLayout,
});

function AppLayout() {
  const { api } = Route.useRouteContext();
  const { data: user } = useSuspenseQuery(currentUserQueryOptions(api));
  const signOut = useSignOut();
  return (
    <AppShell user={user} onSignOut={() => void signOut()}>
      <Outlet />
    </AppShell>
  );
}
