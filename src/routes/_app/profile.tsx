import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { ProfilePage } from '../../features/profile/profile-page.tsx';
import { ProfileSkeleton } from '../../features/profile/profile-skeleton.tsx';
import { RouteError } from '../-components/route-error.tsx';

export const Route = createFileRoute('/_app/profile')({
  // The loader pulls in the contract's schemas: keep it out of the entry chunk.
  codeSplitGroupings: [['loader', 'component'], ['pendingComponent'], ['errorComponent']],
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
  pendingComponent: ProfileSkeleton,
  errorComponent: RouteError,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { api } = Route.useRouteContext();
  const { data: user } = useSuspenseQuery(currentUserQueryOptions(api));
  return (
    <>
      <title>Profile · Timekeep</title>
      <ProfilePage user={user} />
    </>
  );
}
