import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { RouterContext } from './routes/__root.tsx';
import { NotFound } from './routes/-components/not-found.tsx';
import { FullPageRouteError } from './routes/-components/route-error.tsx';

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Query owns freshness: the router always calls loaders and ensureQueryData decides.
    defaultPreloadStaleTime: 0,
    // Skeletons appear only for loads long enough to notice, and then stay long enough not to flash.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultErrorComponent: FullPageRouteError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
