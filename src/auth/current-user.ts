import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { coreKeys as keys } from '../api/core-keys.ts';
import * as users from '../api/operations/users.ts';

/** The signed-in user (`GET /users/me`): the header, the navigation, the home screen and the profile all read it. */
export const currentUserQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.users.me,
    queryFn: ({ signal }) => api.call(users.me, { signal }),
    staleTime: 60_000,
  });
