import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../contract/users.ts';
import type { ApiClient, LazySchema } from '../../api/client.ts';

const meSchema = (() => import('../../../contract/users.ts').then((m) => m.user)) as LazySchema<User>;

/**
 * The signed-in user for the shell and the home screen, under the same key as `auth/current-user.ts`
 * (`['users', 'me']`, filled in at sign-in) but with its schema loaded lazily, so the shell's first render
 * carries no zod.
 */
export const meQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: ({ signal }) => api.request({ method: 'get', path: '/users/me', response: meSchema, signal }),
    staleTime: 60_000,
  });

/** The user's week start: their own setting, else their team's, else Monday. */
export const weekStartOf = (u: Pick<User, 'weekStart' | 'team'>) => u.weekStart ?? u.team?.weekStart ?? 1;
