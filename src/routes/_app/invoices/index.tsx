import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { dateAtOffset } from '../../../../contract/weeks.ts';
import { currentUserQueryOptions } from '../../../auth/current-user.ts';
import type { InvoiceFilters } from '../../../features/invoices/api.ts';
import { invoiceListQueryOptions } from '../../../features/invoices/api.ts';
import { InvoiceList } from '../../../features/invoices/invoice-list.tsx';
import { weekStartOf } from '../../../features/shell/week-start.ts';
import { NotAllowed } from '../../../ui/not-allowed.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const statuses = ['draft', 'sent', 'paid'] as const;

/** The list's filters from the URL; anything else is dropped. */
function parseFilters(search: Record<string, unknown>): InvoiceFilters {
  const client = Number(search.client);
  const from = day(search.from);
  const to = day(search.to);
  const range = from && to && from <= to;
  return {
    client: Number.isSafeInteger(client) && client > 0 ? client : undefined,
    status: statuses.find((s) => s === search.status),
    from: range ? from : undefined,
    to: range ? to : undefined,
  };
}

export const Route = createFileRoute('/_app/invoices/')({
  validateSearch: parseFilters,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    if (me.role === 'admin') await context.queryClient.ensureQueryData(invoiceListQueryOptions(context.api, deps));
  },
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const { api } = Route.useRouteContext();
  const { data: me } = useSuspenseQuery(currentUserQueryOptions(api));
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageTitle>Invoices</PageTitle>
      {me.role !== 'admin' ? (
        <div className="page">
          <h1 className="page__title">Invoices</h1>
          <NotAllowed action="see invoices" because="only admins bill clients" />
        </div>
      ) : (
        <InvoiceList
          filters={filters}
          onFiltersChange={(next) => void navigate({ search: next, replace: true })}
          onOpen={(invoiceId) => void navigate({ to: '/invoices/$invoiceId', params: { invoiceId: String(invoiceId) } })}
          today={dateAtOffset(new Date(), me.timezone ?? 0)}
          weekStart={weekStartOf(me)}
          teamName={me.team?.name ?? ''}
        />
      )}
    </>
  );
}
