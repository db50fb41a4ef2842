import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import { invoiceQueryOptions } from '../../../features/invoices/api.ts';
import { InvoicePage } from '../../../features/invoices/invoice-page.tsx';
import { NotAllowed } from '../../../ui/not-allowed.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

const idOf = (param: string) => {
  const id = Number(param);
  return /^\d{1,15}$/.test(param) && id > 0 ? id : null;
};

export const Route = createFileRoute('/_app/invoices/$invoiceId')({
  loader: async ({ context, params }) => {
    const id = idOf(params.invoiceId);
    if (id === null) throw notFound();
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (me.role === 'admin') await context.queryClient.ensureQueryData(invoiceQueryOptions(context.api, id));
  },
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const id = idOf(Route.useParams().invoiceId)!;
  const navigate = Route.useNavigate();
  if (me.role !== 'admin') {
    return (
      <div className="page">
        <PageTitle>Invoice</PageTitle>
        <h1 className="page__title">Invoice</h1>
        <NotAllowed action="see invoices" because="only admins bill clients" />
      </div>
    );
  }
  return (
    <InvoicePage
      invoiceId={id}
      teamName={me.team?.name ?? ''}
      onBack={() => void navigate({ to: '/invoices' })}
      onDeleted={() => void navigate({ to: '/invoices', replace: true })}
    />
  );
}
