import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { AnswerOf } from '../../api/operation.ts';
import * as apps from '../../api/operations/apps.ts';
import type * as users from '../../api/operations/users.ts';
import { apiKeyCredential } from '../../auth/credentials.ts';
import { useSession } from '../../auth/context.ts';

export type ConnectedApp = AnswerOf<typeof apps.list>[number];
type Me = AnswerOf<typeof users.me>;

/** The OAuth apps the user has authorised (`GET /users/me/apps`). */
export const connectedAppsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: keys.apps.mine, queryFn: ({ signal }) => api.call(apps.list, { signal }), staleTime: 30_000 });

/** Takes an app's access back: it leaves the list at once. */
export function useRevokeApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => api.call(apps.revoke, { params: { client_id: clientId } }),
    onSuccess: (_none, clientId) => {
      queryClient.setQueryData<ConnectedApp[]>(keys.apps.mine, (old) => old?.filter((a) => a.clientId !== clientId));
      void queryClient.invalidateQueries({ queryKey: keys.apps.mine });
    },
  });
}

/**
 * Replaces the user's API key. When this browser is signed in with the old key, it switches to the new one
 * first thing, since the old one is refused from now on.
 */
export function useRotateApiKey() {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(apps.rotateApiKey, {}),
    onSuccess: ({ apiKey }) => {
      if (session.credential?.kind === 'apiKey') session.signIn(apiKeyCredential(apiKey), session.baseUrl);
      queryClient.setQueryData<Me>(keys.users.me, (old) => (old ? { ...old, apiKey } : old));
    },
  });
}
