import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { currentUserQueryOptions } from '../../../../auth/current-user.ts';
import { projectQueryOptions } from '../../../../features/projects/api.ts';
import { teamQueryOptions } from '../../../../features/team/api.ts';
import { NotAllowed } from '../../../../ui/not-allowed.tsx';

const BillingForm = lazy(() => import('../../../../features/projects/billing-form.tsx'));

export const Route = createFileRoute('/_app/projects/$projectId/billing')({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (me.role === 'admin') await context.queryClient.ensureQueryData(teamQueryOptions(context.api));
  },
  component: BillingRoute,
});

function BillingRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const { projectId } = Route.useParams();
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  if (me.role !== 'admin')
    return <NotAllowed action="see billing and rates" because="only admins set how projects bill and what people cost" />;
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <BillingForm key={JSON.stringify([project.billing, project.rate, project.users])} project={project} />
    </Suspense>
  );
}
