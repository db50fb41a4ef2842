import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { keys } from '../../api/keys.ts';
import * as timesheets from '../../api/operations/timesheets.ts';
import * as users from '../../api/operations/users.ts';

/** Withdraws a pending request (`PUT /timesheets/{id}/discard-approval`). */
export const discardApproval = (api: ApiClient, timesheetId: number, comment = '') =>
  api.call(timesheets.discard, { params: { timesheet_id: timesheetId }, body: { comment } });

/** The team (`GET /team/users`): reviewers for the dialog, names for the history. */
export const teamUsersQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.users.team,
    queryFn: ({ signal }) => api.call(users.teamUsers, { signal }),
    staleTime: 5 * 60_000,
  });

/** After a request is sent or withdrawn: the week's approval and its records (now locked or unlocked). */
export const refreshWeek = (queryClient: QueryClient, userId: number, weekId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.timesheets.week(userId, weekId) }),
    queryClient.invalidateQueries({ queryKey: keys.time.ofUser(userId) }),
  ]);
