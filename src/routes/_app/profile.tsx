import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { ApiKeyCard } from '../../features/integrations/api-key-card.tsx';
import { ProfilePage } from '../../features/profile/profile-page.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ScreenSkeleton } from '../../ui/skeleton.tsx';

export const Route = createFileRoute('/_app/profile')({
  // The skeleton ships with the route: the router draws it while the screen's code downloads, so it cannot wait for a chunk.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) => context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
  pendingComponent: ScreenSkeleton,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { t } = useLingui();
  const { api } = Route.useRouteContext();
  const { data: user } = useSuspenseQuery(currentUserQueryOptions(api));
  return (
    <>
      <PageTitle>{t`Profile`}</PageTitle>
      <ProfilePage user={user} apiKey={user.apiKey && <ApiKeyCard apiKey={user.apiKey} />} />
    </>
  );
}
