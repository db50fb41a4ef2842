import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { AnswerOf, BodyOf } from '../../api/operation.ts';
import * as clients from '../../api/operations/clients.ts';
import type { BudgetBody } from '../budgets/budget-editor.tsx';

export type Client = AnswerOf<typeof clients.get>;
export type ClientBody = BodyOf<typeof clients.update>;

/** Every client of the team (`GET /clients`), read fresh when the screen opens: budgets move as time is logged. */
export const clientListQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.clients.all,
    queryFn: ({ signal }) => api.call(clients.list, { signal }),
    staleTime: 10_000,
  });

export const clientQueryOptions = (api: ApiClient, clientId: number) =>
  queryOptions({
    queryKey: keys.clients.one(clientId),
    queryFn: ({ signal }) => api.call(clients.get, { params: { client_id: clientId }, signal }),
    staleTime: 0,
  });

/** After a change: the client, every client list, and the projects (their client) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (saved?: Client) => {
    if (saved) queryClient.setQueryData(keys.clients.one(saved.id), saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.clients.all }),
      queryClient.invalidateQueries({ queryKey: keys.projects.all }),
    ]);
  };
}

export function useCreateClient() {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof clients.create>) => api.call(clients.create, { body }),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useUpdateClient(clientId: number) {
  const api = useApi();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ClientBody) => api.call(clients.update, { params: { client_id: clientId }, body }),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useDeleteClient(clientId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.call(clients.remove, { params: { client_id: clientId } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: keys.clients.one(clientId) });
      await refresh();
    },
  });
}

export function useClientBudget(clientId: number) {
  const api = useApi();
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: (body: BudgetBody) => api.call(clients.setBudget, { params: { client_id: clientId }, body }),
    onSuccess: (saved) => refresh(saved),
  });
  const remove = useMutation({
    mutationFn: () => api.call(clients.removeBudget, { params: { client_id: clientId } }),
    onSuccess: (saved) => refresh(saved),
  });
  return { save: save.mutateAsync, remove: remove.mutateAsync };
}
