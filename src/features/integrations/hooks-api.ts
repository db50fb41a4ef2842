import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { AnswerOf, BodyOf } from '../../api/operation.ts';
import * as hooks from '../../api/operations/hooks.ts';

export type Webhook = AnswerOf<typeof hooks.list>[number];
export type Attempt = AnswerOf<typeof hooks.deliveries>[number];
export type NewWebhook = BodyOf<typeof hooks.create>;

/** The user's webhooks (`GET /hooks`): refreshed every 10 s while shown, so last deliveries and turn-offs appear. */
export const hooksQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: keys.hooks.all, queryFn: ({ signal }) => api.call(hooks.list, { signal }), refetchInterval: 10_000 });

/**
 * A webhook's recent attempts, newest first; only the failed ones when `failed`. An attempt newer than the
 * webhook's last delivery in the list is written there at once (the list's "Last delivery" and the log agree),
 * and the list is read again for the rest of its state (failures in a row, turned off).
 */
export const deliveriesQueryOptions = (api: ApiClient, hookId: number, failed: boolean) =>
  queryOptions({
    queryKey: keys.hooks.deliveries(hookId, failed),
    queryFn: async ({ signal, client }) => {
      const attempts = await api.call(hooks.deliveries, {
        params: { id: hookId },
        query: { limit: 50, ...(failed ? { failed: 'true' } : {}) },
        signal,
      });
      const newest = attempts[0]?.createdAt;
      const hook = client.getQueryData<Webhook[]>(keys.hooks.all)?.find((h) => h.id === hookId);
      if (newest && hook && (!hook.lastUsedAt || newest > hook.lastUsedAt)) {
        client.setQueryData<Webhook[]>(keys.hooks.all, (list) => list?.map((h) => (h.id === hookId ? { ...h, lastUsedAt: newest } : h)));
        void client.invalidateQueries({ queryKey: keys.hooks.all, exact: true });
      }
      return attempts;
    },
    refetchInterval: 5_000,
  });

function useHooksMutation<V, R>(fn: (api: ApiClient, v: V) => Promise<R>, onSuccess?: (queryClient: QueryClient, answer: R) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => fn(api, v),
    onSuccess: (answer) => onSuccess?.(queryClient, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.hooks.all }),
  });
}

/** Creates a webhook; the server makes the handshake before answering. The list shows it at once. */
export const useCreateHook = () =>
  useHooksMutation(
    (api, body: NewWebhook) => api.call(hooks.create, { body }),
    (queryClient, saved) =>
      queryClient.setQueryData<Webhook[]>(keys.hooks.all, (list) =>
        list && !list.some((h) => h.id === saved.id) ? [...list, saved] : list,
      ),
  );
/** Changes events and scope; the server makes the handshake again, and a turned-off webhook is on again. */
export const useUpdateHook = () =>
  useHooksMutation((api, { id, body }: { id: number; body: BodyOf<typeof hooks.update> }) =>
    api.call(hooks.update, { params: { id }, body }),
  );
/** Turns a webhook off without deleting it; nothing is sent or kept for it until it is turned on again. */
export const useDeactivateHook = () => useHooksMutation((api, id: number) => api.call(hooks.deactivate, { params: { id } }));
export const useDeleteHook = () => useHooksMutation((api, id: number) => api.call(hooks.remove, { params: { id } }));
/** Sends one delivery again (under a new delivery id when it had finished). */
export const useRedeliver = () =>
  useHooksMutation((api, { id, deliveryId }: { id: number; deliveryId: string }) =>
    api.call(hooks.redeliver, { params: { id, deliveryId } }),
  );
