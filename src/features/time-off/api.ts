import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { useApi } from '../../api/context.ts';
import { keys } from '../../api/keys.ts';
import type { BodyOf, QueryOf } from '../../api/operation.ts';
import * as planner from '../../api/operations/planner.ts';
import * as timeOff from '../../api/operations/timeOff.ts';
import type { TimeOffAssignment } from '../../../contract/timeoff.ts';

export type RequestBody = BodyOf<typeof timeOff.create>;
export type PreviewQuery = QueryOf<typeof timeOff.preview>;

/** The team's time-off types, by name. */
export const typesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.timeOff.types,
    queryFn: ({ signal }) => api.call(timeOff.listTypes, { signal }),
    staleTime: 5 * 60_000,
  });

/** Time off (any status) from the schedule: one user's, or the team's for admins and supervisors. */
export const timeOffQueryOptions = (api: ApiClient, query: { user?: number; status?: 'pending'; from?: string; to?: string }) =>
  queryOptions({
    queryKey: keys.timeOff.list(query),
    queryFn: async ({ signal }) =>
      (await api.call(planner.list, { query: { type: 'time-off', ...query }, signal })).filter(
        (a): a is TimeOffAssignment => a.type === 'time-off',
      ),
  });

/** Allocations (balances): the caller's, or everyone's for admins and supervisors. */
export const allocationsQueryOptions = (api: ApiClient, user: number | 'team') =>
  queryOptions({
    queryKey: keys.timeOff.allocations(user),
    queryFn: ({ signal }) => api.call(timeOff.listAllocations, { query: user === 'team' ? {} : { user }, signal }),
  });

/** What a request would count and leave, before it is sent. */
export const previewQueryOptions = (api: ApiClient, query: PreviewQuery) =>
  queryOptions({
    queryKey: keys.timeOff.preview(query),
    queryFn: ({ signal }) => api.call(timeOff.preview, { query, signal }),
    staleTime: 0,
  });

/** After any change of time off: lists, balances, previews, and the weeks that show it. */
export function useRefreshTimeOff() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.timeOff.all }),
      queryClient.invalidateQueries({ queryKey: keys.timesheets.all }),
    ]);
}

/** Withdraws (deletes) time off. */
export function useWithdraw() {
  const api = useApi();
  const refresh = useRefreshTimeOff();
  return useMutation({ mutationFn: (id: number) => api.call(planner.remove, { params: { id } }), onSuccess: refresh });
}

/** Approves or rejects pending requests, several at once. */
export function useReview() {
  const api = useApi();
  const refresh = useRefreshTimeOff();
  return useMutation({ mutationFn: (body: BodyOf<typeof timeOff.review>) => api.call(timeOff.review, { body }), onSuccess: refresh });
}
