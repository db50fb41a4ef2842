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

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const id = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Keeps only what reads as a filter, so an edited link still opens. */
export function parseExpensesSearch(raw: Record<string, unknown>): ExpensesSearch {
  const out: ExpensesSearch = parseTableSearch(raw, sortableColumns);
  if (isDay(raw.from) && isDay(raw.to) && raw.from <= raw.to) {
    out.from = raw.from;
    out.to = raw.to;
  }
  if (typeof raw.project === 'string' && /^[a-z]+:\d{1,15}$/.test(raw.project)) out.project = raw.project;
  const category = id(raw.category);
  if (category) out.category = category;
  const person = raw.person === 'all' ? 'all' : id(raw.person);
  if (person) out.person = person;
  return out;
}
