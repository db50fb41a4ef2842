import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { ApiClient } from '../api/client.ts';
import type { Session } from '../auth/session.ts';

export interface RouterContext {
  queryClient: QueryClient;
  session: Session;
  api: ApiClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});
