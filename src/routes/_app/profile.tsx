import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { ApiKeyCard } from '../../features/integrations/api-key-card.tsx';
import { ProfilePage } from '../../features/profile/profile-page.tsx';
import { ProfileSkeleton } from '../../features/profile/profile-skeleton.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/_app/profile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
  pendingComponent: ProfileSkeleton,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { api } = Route.useRouteContext();
  const { data: user } = useSuspenseQuery(currentUserQueryOptions(api));
  return (
    <>
      <PageTitle>Profile</PageTitle>
      <ProfilePage user={user} apiKey={user.apiKey && <ApiKeyCard apiKey={user.apiKey} />} />
    </>
  );
}
