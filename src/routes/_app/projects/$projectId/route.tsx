import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../../auth/current-user.ts';
import { projectIdOf } from '../../../../features/projects/access.ts';
import { projectQueryOptions } from '../../../../features/projects/api.ts';
import { ProjectLayout } from '../../../../features/projects/project-layout.tsx';

export const Route = createFileRoute('/_app/projects/$projectId')({
  loader: async ({ context, params }) => {
    const id = projectIdOf(params.projectId);
    if (id === null) throw notFound();
    await Promise.all([
      context.queryClient.ensureQueryData(currentUserQueryOptions(context.api)),
      context.queryClient.ensureQueryData(projectQueryOptions(context.api, id)),
    ]);
  },
  component: ProjectRoute,
});

function ProjectRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const { projectId } = Route.useParams();
  return (
    <ProjectLayout projectId={projectId} role={me.role}>
      <Outlet />
    </ProjectLayout>
  );
}
