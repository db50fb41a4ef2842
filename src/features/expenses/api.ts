import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { keys } from '../../api/keys.ts';
import * as expenses from '../../api/operations/expenses.ts';
import * as users from '../../api/operations/users.ts';
import type { ExpenseFilters } from './filters.ts';

/** Expenses of the filters (all of them: a month fits, and the totals need every row). */
export const expensesQueryOptions = (api: ApiClient, f: ExpenseFilters, userId: number) =>
  queryOptions({
    queryKey: keys.expenses.list({ ...f, userId }),
    queryFn: ({ signal }) =>
      api.call(expenses.list, {
        query: { from: f.from, to: f.to, project: f.project, category: f.category, user: f.person ?? userId, limit: 10000 },
        signal,
      }),
    staleTime: 30_000,
  });

export const categoriesQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.expenses.categories,
    queryFn: ({ signal }) => api.call(expenses.listCategories, { signal }),
    staleTime: 5 * 60_000,
  });

/** The team's people, for the person filter and column (admins and supervisors). */
export const expenseTeamQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: keys.users.team,
    queryFn: ({ signal }) => api.call(users.teamUsers, { signal }),
    staleTime: 5 * 60_000,
  });

/** After any change of expenses or categories: every list (and the categories' counts). */
export const refreshExpenses = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: keys.expenses.all });
