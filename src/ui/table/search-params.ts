// What a route's `validateSearch` needs of a list's search params: it ships with the route tree, the rest of
// ./search.ts with the lists.

/** A list's sort and page as they appear in the URL: `?sort=-hours&page=3` (a leading `-` sorts descending). */
export interface TableSearch {
  sort?: string;
  page?: number;
}

/**
 * Reads `sort` and `page` from raw search params, keeping only a sort on one of `sortable` and a
 * whole page number of at least 1; anything else is dropped (so an edited link still opens). Use it
 * inside a route's `validateSearch`: `validateSearch: (raw) => ({ ...parseTableSearch(raw, ['name']), … })`.
 */
export function parseTableSearch(raw: Record<string, unknown>, sortable: readonly string[]): TableSearch {
  const out: TableSearch = {};
  if (typeof raw.sort === 'string' && sortable.includes(raw.sort.replace(/^-/, ''))) out.sort = raw.sort;
  const page = typeof raw.page === 'number' ? raw.page : typeof raw.page === 'string' ? Number(raw.page) : NaN;
  if (Number.isInteger(page) && page > 1) out.page = page;
  return out;
}
