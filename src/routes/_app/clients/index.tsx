import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { clientListQueryOptions } from '../../../features/clients/api.ts';
import { ClientList, type ClientFilters } from '../../../features/clients/client-list.tsx';
import { access } from '../../../features/projects/access.ts';
import { NotAllowed } from '../../../ui/not-allowed.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

const statuses = ['archived', 'all'] as const;

/** The list's filters from the URL; anything else is dropped. */
function parseFilters(search: Record<string, unknown>): ClientFilters {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  return { q, status: statuses.find((s) => s === search.status) };
}

export const Route = createFileRoute('/_app/clients/')({
  validateSearch: parseFilters,
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (access(me.role).readClients) await context.queryClient.ensureQueryData(clientListQueryOptions(context.api));
  },
  component: ClientsRoute,
});

function ClientsRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const can = access(me.role);
  return (
    <>
      <PageTitle>Clients</PageTitle>
      {!can.readClients ? (
        <div className="page">
          <h1 className="page__title">Clients</h1>
          <NotAllowed action="see clients" because="clients and their budgets are for admins and supervisors" />
        </div>
      ) : (
        <ClientList
          filters={filters}
          onFiltersChange={(next) => void navigate({ search: next, replace: true })}
          onOpen={(clientId) => void navigate({ to: '/clients/$clientId', params: { clientId: String(clientId) } })}
          canManage={can.manageClients}
          showMoney={can.budgetMoney}
        />
      )}
    </>
  );
}
