import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../../auth/current-user.ts';
// Part of the route's own code (which starts downloading with the app when the page is opened here), not a chunk
// asked for once the page has drawn.
import BillingForm from '../../../../features/projects/billing-form.tsx';
import { projectQueryOptions } from '../../../../features/projects/api.ts';
import { teamQueryOptions } from '../../../../features/team/api.ts';
import { NotAllowed } from '../../../../ui/not-allowed.tsx';


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
    <BillingForm key={JSON.stringify([project.billing, project.rate, project.users])} project={project} />
  );
}
