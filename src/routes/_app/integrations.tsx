import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { knownClientIds } from '../../auth/client-registry.ts';
import { useSession } from '../../auth/context.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { connectedAppsQueryOptions } from '../../features/integrations/credentials-api.ts';
import { hooksQueryOptions } from '../../features/integrations/hooks-api.ts';
import { WebhooksCard } from '../../features/integrations/webhooks-card.tsx';
import { IntegrationsPage } from '../../features/integrations/integrations-page.tsx';
import { ScreenSkeleton } from '../../ui/skeleton.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/_app/integrations')({
  // The skeleton ships with the route: the router draws it while the screen's code downloads, so it cannot wait for a chunk.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
      context.queryClient.ensureQueryData(connectedAppsQueryOptions(context.api)),
      context.queryClient.ensureQueryData(hooksQueryOptions(context.api)),
    ]),
  pendingComponent: ScreenSkeleton,
  component: IntegrationsRoute,
});

function IntegrationsRoute() {
  const { api } = Route.useRouteContext();
  const session = useSession();
  const { data: user } = useSuspenseQuery(currentUserQueryOptions(api));
  const thisBrowser = useMemo(() => knownClientIds(localStorage), []);
  return (
    <>
      <PageTitle>Integrations</PageTitle>
      <IntegrationsPage user={user} apiBaseUrl={session.baseUrl} thisBrowser={thisBrowser} webhooks={<WebhooksCard />} />
    </>
  );
}
