import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';
import { ApiContext } from '../api/context.ts';
import { SessionContext } from '../auth/context.ts';
import type { Session } from '../auth/session.ts';

/** What every screen reads from context: the session, the API client and the query cache. */
export function AppProviders({
  session,
  api,
  queryClient,
  children,
}: {
  session: Session;
  api: ApiClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <SessionContext.Provider value={session}>
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ApiContext.Provider>
    </SessionContext.Provider>
  );
}
