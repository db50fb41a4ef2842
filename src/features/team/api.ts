import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { BodyOf } from '../../api/operation.ts';
import * as users from '../../api/operations/users.ts';

export type InviteBody = BodyOf<typeof users.invite>;
export type UpdateBody = BodyOf<typeof users.update>;

/** The team (`GET /team/users`): rate and cost are in it for admins only. */
export const teamQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.users.team,
    queryFn: ({ signal }) => api.call(users.teamUsers, { signal }),
    staleTime: 60_000,
  });

/** Invites a user (`POST /team/users`); the answer carries their API key, shown once. */
export function useInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => api.call(users.invite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.users.team }),
  });
}

/** Changes a user's role, rates, capacity or status (`PUT /team/users/{id}`). */
export function useUpdateUser(userId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBody) => api.call(users.update, { params: { user_id: userId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.users.team }),
        queryClient.invalidateQueries({ queryKey: keys.users.me }),
      ]),
  });
}
