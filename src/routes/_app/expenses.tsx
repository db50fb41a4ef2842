import { createFileRoute } from '@tanstack/react-router';
import { categoriesQueryOptions } from '../../features/expenses/api.ts';
import { parseExpensesSearch, type ExpensesSearch } from '../../features/expenses/search-params.ts';
import { ExpensesRoute } from './-expenses-route.tsx';

export const Route = createFileRoute('/_app/expenses')({
  validateSearch: (raw: Record<string, unknown>): ExpensesSearch => parseExpensesSearch(raw),
  loader: ({ context }) => context.queryClient.ensureQueryData(categoriesQueryOptions(context.api)),
  component: ExpensesRoute,
});
