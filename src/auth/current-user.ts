import { queryOptions } from '@tanstack/react-query';
import { userRoutes } from '../../contract/users.ts';
import type { ApiClient } from '../api/client.ts';

/** The signed-in user (`GET /users/me`): the header, the navigation and the profile all read it. */
export const currentUserQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: ({ signal }) => api.call(userRoutes.me, { signal }),
    staleTime: 60_000,
  });
