import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client.ts';
import { ApiContext } from '../api/context.ts';
import { SessionContext } from '../auth/context.ts';
import type { Session } from '../auth/session.ts';
import { i18n } from '../i18n/runtime.ts';

/** What every screen reads from context: the language, the session, the API client and the query cache. */
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
    <I18nProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <ApiContext.Provider value={api}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ApiContext.Provider>
      </SessionContext.Provider>
    </I18nProvider>
  );
}
