import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { coreKeys as keys } from '../../api/core-keys.ts';
import * as clients from '../../api/operations/clients.ts';
import * as time from '../../api/operations/time.ts';
import * as timesheets from '../../api/operations/timesheets.ts';

/** The user's time records of `from`…`to` (`GET /users/{id}/time`). */
export const weekRecordsQueryOptions = (api: ApiClient, userId: number | 'me', from: string, to: string) =>
  queryOptions({
    queryKey: keys.time.range(userId, from, to),
    queryFn: ({ signal }) => api.call(time.listUser, { params: { user_id: userId }, query: { from, to }, signal }),
    // Two tabs on the same week converge: every focus refetches.
    staleTime: 0,
  });

/** The week's timesheet: approval, daily totals, time without task (`GET /users/{id}/timesheets?weekId=`). */
export const weekTimesheetQueryOptions = (api: ApiClient, userId: number | 'me', weekId: number) =>
  queryOptions({
    queryKey: keys.timesheets.week(userId, weekId),
    queryFn: async ({ signal }) => {
      const query = { weekId: String(weekId).padStart(4, '0') };
      const list = await api.call(timesheets.userWeeks, { params: { user_id: userId }, query, signal });
      return list[0] ?? null;
    },
    staleTime: 0,
  });

/** Client names (limited members may not read clients: they see projects without them). */
export const clientsQueryOptions = (api: ApiClient, allowed: boolean) =>
  queryOptions({
    queryKey: keys.clients.all,
    queryFn: ({ signal }) => (allowed ? api.call(clients.list, { signal }) : Promise.resolve([])),
    staleTime: 5 * 60_000,
  });
