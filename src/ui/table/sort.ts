import type { Column, SortState, SortValue } from './types.ts';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  if (a instanceof Date) a = a.getTime();
  if (b instanceof Date) b = b.getTime();
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  if (typeof a === 'boolean') a = Number(a);
  if (typeof b === 'boolean') b = Number(b);
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/**
 * The rows in the order `sort` asks for, by the column's `sortValue`. Stable: equal rows keep their
 * order. Empty values go last whichever the direction. Without a sort (or a sortable column) the rows
 * come back as given.
 */
export function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], sort: SortState | null | undefined): readonly Row[] {
  const accessor = sort ? columns.find((c) => c.id === sort.columnId)?.sortValue : undefined;
  if (!sort || !accessor) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, value: accessor(row) }));
  keyed.sort((x, y) => {
    const xEmpty = x.value === null || x.value === undefined || x.value === '';
    const yEmpty = y.value === null || y.value === undefined || y.value === '';
    if (xEmpty || yEmpty) return xEmpty === yEmpty ? x.index - y.index : xEmpty ? 1 : -1;
    return sign * compareValues(x.value, y.value) || x.index - y.index;
  });
  return keyed.map((k) => k.row);
}

/** The sort after a click on column `columnId`'s header: a new column sorts ascending, the same one flips. */
export function nextSort(current: SortState | null | undefined, columnId: string): SortState {
  if (current?.columnId === columnId) return { columnId, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { columnId, direction: 'asc' };
}
