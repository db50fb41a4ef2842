import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../../auth/current-user.ts';
import { TeamTab } from '../../../../features/projects/team-tab.tsx';
import { teamQueryOptions } from '../../../../features/team/api.ts';

export const Route = createFileRoute('/_app/projects/$projectId/team')({
  loader: ({ context }) => context.queryClient.ensureQueryData(teamQueryOptions(context.api)),
  component: TeamRoute,
});

function TeamRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  return <TeamTab projectId={Route.useParams().projectId} role={me.role} />;
}
