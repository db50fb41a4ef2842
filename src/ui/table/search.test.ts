import { describe, expect, it } from 'vitest';
import { parseTableSearch, searchFromSort, sortFromSearch } from './search.ts';

describe('table search params', () => {
  it.each([
    [{ sort: 'name', page: 2 }, { sort: 'name', page: 2 }],
    [{ sort: '-hours', page: '3' }, { sort: '-hours', page: 3 }],
    [{ sort: 'password', page: 0 }, {}],
    [{ sort: '--name', page: 1.5 }, {}],
    [{ sort: 5, page: 'x' }, {}],
    [{ page: 1 }, {}],
  ])('%o reads as %o', (raw, expected) => {
    expect(parseTableSearch(raw, ['name', 'hours'])).toEqual(expected);
  });
  it('round-trips a sort', () => {
    for (const sort of [{ columnId: 'name', direction: 'asc' as const }, { columnId: 'hours', direction: 'desc' as const }]) {
      expect(sortFromSearch(searchFromSort(sort).sort)).toEqual(sort);
    }
    expect(sortFromSearch(undefined)).toBeNull();
    expect(searchFromSort(null)).toEqual({ sort: undefined, page: undefined });
  });
});
