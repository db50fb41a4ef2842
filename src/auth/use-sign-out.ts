import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useSession } from './context.ts';

/** Ends the session, leaves for sign-in, then drops every cached answer of the signed-out user. */
export function useSignOut() {
  const session = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  return async () => {
    // Reads in flight stop here: one the server reached after the revocation could only come back 401.
    // Signed out, the client sends nothing more while the grant is revoked.
    void queryClient.cancelQueries();
    await session.signOut();
    await router.navigate({ to: '/sign-in' });
    queryClient.clear();
  };
}
