import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import type { RouterContext } from './routes/__root.tsx';

import { NotFoundScreen } from './routes/-components/not-found-screen.tsx';

// Error screens are rare: their code loads when one is shown (the not-found screen loads its page itself).
// Every screen inside the shell shows this one; the shell and the pages outside it name their full-page one.
const RouteError = lazyRouteComponent(() => import('./routes/-components/route-error.tsx'), 'RouteError');

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Query owns freshness: the router always calls loaders and ensureQueryData decides.
    defaultPreloadStaleTime: 0,
    // Skeletons appear only for loads long enough to notice, and the screen replaces its skeleton as soon as it
    // is ready: a minimum time on screen held back every cold first paint by up to that much.
    defaultPendingMs: 150,
    defaultPendingMinMs: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundScreen,
    scrollRestoration: true,
    // Ids such as `ev:4` stay readable in links, and a tab's link matches the address it leads to either way.
    pathParamsAllowedCharacters: [':'],
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
