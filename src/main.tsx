import './styles/tokens.css';
import './styles/base.css';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/client.ts';
import { ApiError, NetworkError } from './api/errors.ts';
import { startupConfig } from './api/runtime-config.ts';
import { currentUserQueryOptions } from './auth/current-user.ts';
import { preloadOAuthCredential } from './auth/lazy-oauth-credential.ts';
import { savedSessionKind, Session } from './auth/session.ts';
import { createAppRouter } from './router.tsx';
import { AppErrorBoundary } from './ui/error-boundary.tsx';
import { applyTheme, savedTheme } from './lib/theme.ts';
import { activateLocale, initialLocale } from './i18n/runtime.ts';
import { AppProviders } from './app/providers.tsx';

async function start() {
  applyTheme(savedTheme(window.localStorage));
  // The language's catalogue (one small chunk) loads beside the config and the first screen's data.
  const language = activateLocale(initialLocale(window.localStorage, navigator.languages), window.localStorage);
  // An OAuth session's code loads while the runtime config does.
  const saved = savedSessionKind(window.localStorage);
  if (saved === 'oauth') preloadOAuthCredential();
  // Signed in, the kept copy of config.json will do (the session names its API): no wait for it.
  const config = await startupConfig(window.localStorage, saved !== null);
  const session = new Session(window.localStorage, config.apiBaseUrl);
  const api = createApiClient({ baseUrl: () => session.baseUrl, credential: () => session.credential });

  const queryCache = new QueryCache({
    // A credential the server no longer accepts ends the session; the user comes back here after signing in.
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 401 || !session.isSignedIn) return;
      // Signed out at once (revoking what is left of the grant goes on meanwhile): the guard sends the user to the
      // sign-in screen, which says why (the session keeps the reason), however slow the revocation.
      const revoking = session.signOut(true);
      void router
        .invalidate()
        .then(() => revoking)
        .then(() => queryClient.clear());
    },
  });
  const queryClient = new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Our client already waits out 429s; only a dropped connection is worth one more try.
        retry: (failures, error) => error instanceof NetworkError && failures < 1,
      },
    },
  });
  // Who is signed in is asked at once, before the router is built and alongside the first screen's code; the
  // guard's loader takes over the answer.
  if (session.isSignedIn) void queryClient.prefetchQuery(currentUserQueryOptions(api));
  const router = createAppRouter({ queryClient, session, api });

  await language;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders session={session} api={api} queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

void start();
