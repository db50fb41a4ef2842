import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { AnswerOf, BodyOf } from '../../api/operation.ts';
import * as clients from '../../api/operations/clients.ts';
import * as dashboards from '../../api/operations/dashboards.ts';
import * as invoices from '../../api/operations/invoices.ts';

export type Invoice = AnswerOf<typeof invoices.get>;
export type InvoiceStatus = Invoice['status'];
export type UpdateBody = BodyOf<typeof invoices.update>;
export type CreateBody = BodyOf<typeof invoices.create>;
export type UninvoicedRow = AnswerOf<typeof dashboards.projects>[number];

/** The list's filters as the URL holds them. */
export interface InvoiceFilters {
  client?: number | undefined;
  status?: InvoiceStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The team's invoices, newest issue date first (`GET /invoices`). */
export const invoiceListQueryOptions = (api: ApiClient, filters: InvoiceFilters) =>
  queryOptions({
    queryKey: keys.invoices.list({ ...filters }),
    queryFn: ({ signal }) => api.call(invoices.list, { query: { ...filters }, signal }),
    staleTime: 15_000,
  });

/** One invoice with its lines (`GET /invoices/{id}`). */
export const invoiceQueryOptions = (api: ApiClient, invoiceId: number) =>
  queryOptions({
    queryKey: keys.invoices.one(invoiceId),
    queryFn: ({ signal }) => api.call(invoices.get, { params: { invoice_id: invoiceId }, signal }),
    staleTime: 0,
  });

/** The team's clients with their business details (admins read them all). */
export const invoiceClientsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.clients.all,
    queryFn: ({ signal }) => api.call(clients.list, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * What a new invoice would take: the client's projects with their uninvoiced amount in the range, from
 * the project report (docs/dashboards.md), the same records and rates the invoice is built from.
 */
export const uninvoicedQueryOptions = (api: ApiClient, clientId: number, from: string, to: string) =>
  queryOptions({
    queryKey: keys.dashboards.report('projects', { clientId, from, to }),
    queryFn: async ({ signal }) => {
      const rows = await api.call(dashboards.projects, { query: { clientId: String(clientId), 'date.gte': from, 'date.lte': to }, signal });
      return rows.filter((r) => (r.uninvoicedAmount ?? 0) > 0);
    },
    staleTime: 0,
  });

/**
 * The saved invoice in every list already read, at once: with its new status and totals where it still fits the
 * list's filters, gone from those it no longer fits. A list opened next shows it so before its own refetch answers.
 */
function showInLists(queryClient: QueryClient, saved: Invoice) {
  for (const [key, list] of queryClient.getQueriesData<Invoice[]>({ queryKey: [...keys.invoices.all, 'list'] })) {
    if (!list) continue;
    const filters = key[2] as InvoiceFilters;
    const fits = (!filters.status || filters.status === saved.status) && (!filters.client || filters.client === saved.client.id);
    queryClient.setQueryData<Invoice[]>(
      key,
      fits ? list.map((i) => (i.id === saved.id ? saved : i)) : list.filter((i) => i.id !== saved.id),
    );
  }
}

/** After any change: the invoice, every list, and the reports' uninvoiced figures are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (saved?: Invoice) => {
    if (saved) {
      queryClient.setQueryData(keys.invoices.one(saved.id), saved);
      showInLists(queryClient, saved);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.invoices.all }),
      queryClient.invalidateQueries({ queryKey: keys.dashboards.all }),
      queryClient.invalidateQueries({ queryKey: keys.time.all }),
    ]);
  };
}

export function useCreateInvoice() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ clientId, body }: { clientId: number; body: CreateBody }) =>
      api.call(invoices.create, { params: { client_id: clientId }, body }),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useUpdateInvoice(invoiceId: number) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateBody) => api.call(invoices.update, { params: { invoice_id: invoiceId }, body }),
    onSuccess: (saved) => refresh(saved),
  });
}

const statusOps = { draft: invoices.markDraft, sent: invoices.markSent, paid: invoices.markPaid } as const;

export function useSetStatus(invoiceId: number) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (status: InvoiceStatus) => api.call(statusOps[status], { params: { invoice_id: invoiceId } }),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useDeleteInvoice(invoiceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.call(invoices.remove, { params: { invoice_id: invoiceId } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: keys.invoices.one(invoiceId) });
      await refresh();
    },
  });
}
