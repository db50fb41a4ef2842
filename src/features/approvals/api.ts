import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../contract/users.ts';
import type { Approval } from '../../../contract/timesheets.ts';
import type { ApiClient, LazySchema } from '../../api/client.ts';

const approvalSchema = (() => import('../../../contract/timesheets.ts').then((m) => m.approval)) as LazySchema<Approval>;

/** Withdraws a pending request (`PUT /timesheets/{id}/discard-approval`). */
export const discardApproval = (api: ApiClient, timesheetId: number, comment = '') =>
  api.request({ method: 'put', path: `/timesheets/${timesheetId}/discard-approval`, body: { comment }, response: approvalSchema });

const usersSchema = (() => import('../../../contract/users.ts').then((m) => m.user.array())) as LazySchema<User[]>;

/** The team (`GET /team/users`): reviewers for the dialog, names for the history. */
export const teamUsersQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['team', 'users'],
    queryFn: ({ signal }) => api.request({ method: 'get', path: '/team/users', response: usersSchema, signal }),
    staleTime: 5 * 60_000,
  });
