import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import * as users from '../../api/operations/users.ts';
import { useApi } from '../../api/context.ts';
import { useSession } from '../../auth/context.ts';
import { apiKeyCredential, type SessionCredential } from '../../auth/credentials.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';

export interface SignInInput {
  apiKey: string;
  baseUrl: string;
}

/** Checks a credential against the server (`GET /users/me`) and only then starts the session with it. */
export function useStartSession() {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  return useCallback(
    async (credential: SessionCredential, baseUrl: string) => {
      const user = await api.call(users.me, { credential, baseUrl });
      queryClient.clear();
      session.signIn(credential, baseUrl);
      queryClient.setQueryData(currentUserQueryOptions(api).queryKey, user);
    },
    [api, session, queryClient],
  );
}

/** API-key sign-in: the key is checked before the session starts. */
export function useApiKeySignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: ({ apiKey, baseUrl }: SignInInput) => startSession(apiKeyCredential(apiKey), baseUrl),
  });
}

// The OAuth client code loads after the sign-in screen is drawn: on idle, or as soon as the pointer or the
// focus reaches its button; a click before then waits for it.
const loadOAuthFlow = () => import('../../auth/oauth-flow.ts');
export const preloadOAuthFlow = () => void loadOAuthFlow().catch(() => undefined);

/** OAuth sign-in: prepares the authorization request and leaves for the server's sign-in page. */
export function useOAuthSignIn() {
  return useMutation({
    // Fails with the sentence to show (the code that words OAuth errors comes with the flow).
    mutationFn: async ({ baseUrl, returnTo }: { baseUrl: string; returnTo: string }) => {
      const flow = await loadOAuthFlow().catch(() => {
        throw new Error(t`Part of the app could not load. Check the connection and try again.`);
      });
      try {
        window.location.assign(await flow.startSignIn({ apiBaseUrl: baseUrl, returnTo }));
      } catch (e) {
        throw new Error(flow.describeSignInError(e), { cause: e });
      }
    },
  });
}
