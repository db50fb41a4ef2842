import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { clientQueryOptions } from '../../../features/clients/api.ts';
import { ClientPage } from '../../../features/clients/client-page.tsx';
import { access } from '../../../features/projects/access.ts';
import { NotAllowed } from '../../../ui/not-allowed.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

const idOf = (param: string) => {
  const id = Number(param);
  return /^\d{1,10}$/.test(param) && id > 0 ? id : null;
};

export const Route = createFileRoute('/_app/clients/$clientId')({
  loader: async ({ context, params }) => {
    const id = idOf(params.clientId);
    if (id === null) throw notFound();
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (access(me.role).readClients) await context.queryClient.ensureQueryData(clientQueryOptions(context.api, id));
  },
  component: ClientRoute,
});

function ClientRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const id = idOf(Route.useParams().clientId)!;
  const navigate = Route.useNavigate();
  const can = access(me.role);
  if (!can.readClients) {
    return (
      <div className="page">
        <PageTitle>Client</PageTitle>
        <h1 className="page__title">Client</h1>
        <NotAllowed action="see clients" because="clients and their budgets are for admins and supervisors" />
      </div>
    );
  }
  return (
    <>
      <ClientTitle api={api} id={id} />
      <ClientPage
        clientId={id}
        canManage={can.manageClients}
        showMoney={can.budgetMoney}
        onDeleted={() => void navigate({ to: '/clients', replace: true })}
      />
    </>
  );
}

function ClientTitle({ api, id }: { api: Parameters<typeof clientQueryOptions>[0]; id: number }) {
  const { data } = useSuspenseQuery(clientQueryOptions(api, id));
  return <PageTitle>{data.name}</PageTitle>;
}
