import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { keys } from '../../api/keys.ts';
import type { BodyOf } from '../../api/operation.ts';
import * as timecards from '../../api/operations/timecards.ts';

/** A user's timecards of `from`…`to`; days without a card are absent. */
export const timecardsQueryOptions = (api: ApiClient, userId: number, from: string, to: string) =>
  queryOptions({
    queryKey: keys.timecards.range(userId, from, to),
    queryFn: ({ signal }) => api.call(timecards.userList, { params: { user_id: userId }, query: { from, to }, signal }),
    staleTime: 0,
  });

/** Where each team member stands today (admins, supervisors), kept fresh while the view is open. */
export const teamTodayQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.timecards.today,
    queryFn: ({ signal }) => api.call(timecards.teamToday, { signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const putTimecard = (api: ApiClient, userId: number, date: string, body: BodyOf<typeof timecards.put>) =>
  api.call(timecards.put, { params: { user_id: userId, date }, body });

export const clockIn = (api: ApiClient, userId: number, userDate: string) => api.call(timecards.clockIn, { params: { user_id: userId }, body: { userDate } });

export const clockOut = (api: ApiClient, userId: number, userDate: string) => api.call(timecards.clockOut, { params: { user_id: userId }, body: { userDate } });
