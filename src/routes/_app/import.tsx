import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { ImportPage } from '../../features/import/import-page.tsx';
import { NotAllowedPage } from '../../ui/not-allowed.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

export const Route = createFileRoute('/_app/import')({
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
