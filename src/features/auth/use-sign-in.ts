import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { useSession } from '../../auth/context.ts';
import { apiKeyCredential } from '../../auth/credentials.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';

export interface SignInInput {
  apiKey: string;
  baseUrl: string;
}

/** Checks the key against the server (`GET /users/me`) and only then starts the session. */
export function useApiKeySignIn() {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ apiKey, baseUrl }: SignInInput) => {
      const credential = apiKeyCredential(apiKey);
      const user = await api.call(userRoutes.me, { credential, baseUrl });
      return { user, credential, baseUrl };
    },
    onSuccess: ({ user, credential, baseUrl }) => {
      queryClient.clear();
      session.signIn(credential, baseUrl);
      queryClient.setQueryData(currentUserQueryOptions(api).queryKey, user);
    },
  });
}
