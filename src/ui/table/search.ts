import type { SortState } from './types.ts';
import type { TableSearch } from './search-params.ts';

export { parseTableSearch, type TableSearch } from './search-params.ts';

/** The table's sort state from the URL's `sort`. */
export function sortFromSearch(sort: string | undefined): SortState | null {
  if (!sort) return null;
  return sort.startsWith('-') ? { columnId: sort.slice(1), direction: 'desc' } : { columnId: sort, direction: 'asc' };
}

/** The URL's `sort` for a sort state; a new sort starts again from the first page. */
export function searchFromSort(sort: SortState | null): TableSearch {
  return { sort: sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.columnId}` : undefined, page: undefined };
}
