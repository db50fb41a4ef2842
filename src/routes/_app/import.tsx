import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { ImportPage } from '../../features/import/import-page.tsx';
import { NotAllowedPage } from '../../ui/not-allowed.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ScreenSkeleton } from '../../ui/skeleton.tsx';

export const Route = createFileRoute('/_app/import')({
  // The skeleton ships with the route: the router draws it while the screen's code downloads, so it cannot wait for a chunk.
  // No loader of its own: the signed-in user is already known to the app's frame.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
  pendingComponent: ScreenSkeleton,
  component: ImportRoute,
});

function ImportRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  return (
    <>
      <PageTitle>Import</PageTitle>
      {me.role === 'admin' ? (
        <ImportPage />
      ) : (
        <NotAllowedPage title="Import" action="import time from another tracker" because="only admins bring in the team's history" />
      )}
    </>
  );
}
