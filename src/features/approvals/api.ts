import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { keys } from '../../api/keys.ts';
import type { BodyOf } from '../../api/operation.ts';
import * as approvals from '../../api/operations/approvals.ts';
import * as time from '../../api/operations/time.ts';
import * as timesheets from '../../api/operations/timesheets.ts';
import * as users from '../../api/operations/users.ts';
import { weekParam } from '../../lib/week-labels.ts';
import { inboxQuery, type InboxSearch } from './search.ts';

/** The inbox for these filters (`GET /approvals`): pending first, then recently decided. */
export const inboxQueryOptions = (api: ApiClient, search: InboxSearch) => {
  const query = inboxQuery(search);
  return queryOptions({
    queryKey: keys.approvals.inbox(query),
    queryFn: ({ signal }) => api.call(approvals.inbox, { query, signal }),
    staleTime: 15_000,
  });
};

/** How many weeks wait (`GET /approvals/summary`), for the navigation badge. */
export const approvalSummaryQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.approvals.summary,
    queryFn: ({ signal }) => api.call(approvals.summary, { signal }),
    staleTime: 30_000,
    refetchInterval: 120_000,
  });

/** One person's week as a reviewer reads it: the timesheet (approval, timecards, time off) and its records. */
export const personWeekQueryOptions = (api: ApiClient, userId: number, weekId: number) =>
  queryOptions({
    queryKey: keys.timesheets.week(userId, weekId),
    queryFn: async ({ signal }) => {
      const list = await api.call(timesheets.userWeeks, { params: { user_id: userId }, query: { weekId: weekParam(weekId) }, signal });
      return list[0] ?? null;
    },
    staleTime: 0,
  });

export const personRecordsQueryOptions = (api: ApiClient, userId: number, from: string, to: string) =>
  queryOptions({
    queryKey: keys.time.range(userId, from, to),
    queryFn: ({ signal }) => api.call(time.listUser, { params: { user_id: userId }, query: { from, to }, signal }),
    staleTime: 0,
  });

/** Every member's week (`GET /timesheets?weekId=`). */
export const teamWeekQueryOptions = (api: ApiClient, weekId: number) =>
  queryOptions({
    queryKey: keys.timesheets.team(weekId),
    queryFn: ({ signal }) => api.call(timesheets.teamWeek, { query: { weekId: weekParam(weekId) }, signal }),
    staleTime: 15_000,
  });

export const teamUsersQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.users.team,
    queryFn: ({ signal }) => api.call(users.teamUsers, { signal }),
    staleTime: 5 * 60_000,
  });

/** Approves or rejects (some days of) a week (`PUT /timesheets/{id}/approval`). */
export const reviewWeek = (api: ApiClient, timesheetId: number, body: BodyOf<typeof timesheets.review>) =>
  api.call(timesheets.review, { params: { timesheet_id: timesheetId }, body });

/** After a decision: the inbox, its count, the week and its records (now locked or reopened). */
export const afterDecision = (queryClient: QueryClient, userId: number, weekId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.approvals.all }),
    queryClient.invalidateQueries({ queryKey: keys.timesheets.week(userId, weekId) }),
    queryClient.invalidateQueries({ queryKey: keys.timesheets.all }),
    queryClient.invalidateQueries({ queryKey: keys.time.ofUser(userId) }),
  ]);
