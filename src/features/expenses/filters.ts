import { presetRange } from '../../lib/date-range.ts';
import type { ExpensesSearch } from './search-params.ts';

export { parseExpensesSearch, sortableColumns, type ExpensesSearch } from './search-params.ts';

export interface ExpenseFilters {
  from: string;
  to: string;
  project?: string | undefined;
  category?: number | undefined;
  person?: number | 'all' | undefined;
}

/** The filters to ask the server for: this month (of the user's today) when the URL names no dates. */
export function filtersOf(search: ExpensesSearch, today: string): ExpenseFilters {
  const month = presetRange('this-month', today, 1);
  return {
    from: search.from ?? month.from,
    to: search.to ?? month.to,
    project: search.project,
    category: search.category,
    person: search.person,
  };
}
