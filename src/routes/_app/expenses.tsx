import { createFileRoute } from '@tanstack/react-router';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { projectsQueryOptions } from '../../api/projects.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { categoriesQueryOptions, expensesQueryOptions } from '../../features/expenses/api.ts';
import { filtersOf } from '../../features/expenses/filters.ts';
import { parseExpensesSearch, type ExpensesSearch } from '../../features/expenses/search-params.ts';
import { ExpensesRoute } from './-expenses-route.tsx';

export const Route = createFileRoute('/_app/expenses')({
  validateSearch: (raw: Record<string, unknown>): ExpensesSearch => parseExpensesSearch(raw),
  loaderDeps: ({ search: { from, to, project, category, person } }) => ({ from, to, project, category, person }),
  // The loader is a chunk of its own: the list, the categories and the projects are asked for while the page's
  // code downloads.
  loader: async ({ context, deps }) => {
    const categories = context.queryClient.ensureQueryData(categoriesQueryOptions(context.api));
    void context.queryClient.prefetchQuery(projectsQueryOptions(context.api));
    const me = await context.queryClient.ensureQueryData(currentUserQueryOptions(context.api));
    void context.queryClient.prefetchQuery(
      expensesQueryOptions(context.api, filtersOf(deps, dateAtOffset(new Date(), me.timezone ?? 0)), me.id),
    );
    return categories;
  },
  component: ExpensesRoute,
});
