import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { clientListQueryOptions } from '../../../features/clients/api.ts';
import { access } from '../../../features/projects/access.ts';
import { projectListQueryOptions } from '../../../features/projects/api.ts';
import { ProjectList, type ProjectFilters } from '../../../features/projects/project-list.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

const statuses = ['archived', 'all'] as const;

/** The list's filters from the URL; anything else is dropped. */
function parseFilters(search: Record<string, unknown>): ProjectFilters {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const client = search.client === 'none' ? 'none' : Number(search.client);
  return {
    q,
    status: statuses.find((s) => s === search.status),
    client: client === 'none' ? 'none' : Number.isSafeInteger(client) && client > 0 ? client : undefined,
  };
}

export const Route = createFileRoute('/_app/projects/')({
  validateSearch: parseFilters,
  // The loader is a chunk of its own: the list and the client names are asked for while the page's code downloads.
  loader: async ({ context }) => {
    const list = context.queryClient.ensureQueryData(projectListQueryOptions(context.api));
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (me.role !== 'member_limited') void context.queryClient.prefetchQuery(clientListQueryOptions(context.api));
    return list;
  },
  component: ProjectsRoute,
});

function ProjectsRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const can = access(me.role);
  // Members read client names; limited members may not read clients at all.
  const clients = useQuery({ ...clientListQueryOptions(api), enabled: me.role !== 'member_limited' });
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageTitle>Projects</PageTitle>
      <ProjectList
        filters={filters}
        onFiltersChange={(next) => void navigate({ search: next, replace: true })}
        onOpen={(projectId) => void navigate({ to: '/projects/$projectId', params: { projectId } })}
        clients={clients.data ?? []}
        canCreate={can.createProjects}
        showMoney={can.budgetMoney}
        readOnlyNote={
          can.createProjects ? undefined : 'Projects you are on and the team’s public projects. Admins and supervisors change them.'
        }
      />
    </>
  );
}
