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
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/_app/integrations')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
      context.queryClient.ensureQueryData(connectedAppsQueryOptions(context.api)),
      context.queryClient.ensureQueryData(hooksQueryOptions(context.api)),
    ]),
  pendingComponent: IntegrationsSkeleton,
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

function IntegrationsSkeleton() {
  return (
    <LoadingRegion label="Loading your integrations" className="page">
      <Skeleton width="12rem" height="1.75rem" />
      <div className="stack-sm skeleton-rows">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} width="100%" height="6rem" />
        ))}
      </div>
    </LoadingRegion>
  );
}
