import { dayRangeParam } from '../../lib/day-range-param.ts';
import { positiveId } from '../../lib/positive-id.ts';
import { parseTableSearch, type TableSearch } from '../../ui/table/search-params.ts';

/** What the expenses list shows, as it appears in the URL: `?from=…&to=…&project=ev:1&category=3&person=all`. */
export interface ExpensesSearch extends TableSearch {
  from?: string;
  to?: string;
  project?: string;
  category?: number;
  /** A person of the team, or `all`; absent means the signed-in user's own expenses. */
  person?: number | 'all';
}

export const sortableColumns = ['date', 'category', 'project', 'amount', 'person'] as const;


/** Keeps only what reads as a filter, so an edited link still opens. */
export function parseExpensesSearch(raw: Record<string, unknown>): ExpensesSearch {
  const out: ExpensesSearch = { ...parseTableSearch(raw, sortableColumns), ...dayRangeParam(raw) };
  if (typeof raw.project === 'string' && /^[a-z]+:\d{1,15}$/.test(raw.project)) out.project = raw.project;
  const category = positiveId(raw.category);
  if (category) out.category = category;
  const person = raw.person === 'all' ? 'all' : positiveId(raw.person);
  if (person) out.person = person;
  return out;
}
