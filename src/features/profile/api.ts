import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { AnswerOf, BodyOf } from '../../api/operation.ts';
import * as users from '../../api/operations/users.ts';

export type DetailsBody = BodyOf<typeof users.update>;
type Me = AnswerOf<typeof users.me>;

/** Saves the signed-in user's details (`PUT /team/users/{id}`, admins); the header and profile show them at once. */
export function useSaveDetails(userId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DetailsBody) => api.call(users.update, { params: { user_id: userId }, body }),
    onSuccess: async (saved) => {
      // The answer is the admin's view of a user: keep what only `/users/me` tells (team, API key).
      queryClient.setQueryData<Me>(keys.users.me, (old) => (old ? { ...old, ...saved, team: old.team, apiKey: old.apiKey } : old));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.users.me }),
        queryClient.invalidateQueries({ queryKey: keys.users.team }),
      ]);
    },
  });
}
