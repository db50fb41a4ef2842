import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './sort.ts';
import type { Column } from './types.ts';

interface Row {
  name: string;
  hours: number | null;
  at?: Date;
}
const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, sortValue: (r) => r.name },
  { id: 'hours', header: 'Hours', cell: (r) => r.hours, sortValue: (r) => r.hours },
  { id: 'at', header: 'At', cell: () => '', sortValue: (r) => r.at },
  { id: 'note', header: 'Note', cell: () => '' },
];
const rows: Row[] = [
  { name: 'item 10', hours: 2, at: new Date('2026-03-02') },
  { name: 'Item 2', hours: null, at: new Date('2026-01-01') },
  { name: 'item 1', hours: 2 },
  { name: 'Ärger', hours: 1, at: new Date('2026-02-01') },
];
const names = (list: readonly Row[]) => list.map((r) => r.name);

describe('sortRows', () => {
  it('sorts text naturally, ignoring case and accents', () => {
    expect(names(sortRows(rows, columns, { columnId: 'name', direction: 'asc' }))).toEqual(['Ärger', 'item 1', 'Item 2', 'item 10']);
    expect(names(sortRows(rows, columns, { columnId: 'name', direction: 'desc' }))).toEqual(['item 10', 'Item 2', 'item 1', 'Ärger']);
  });
  it('keeps equal rows in their order and puts empty values last in both directions', () => {
    expect(names(sortRows(rows, columns, { columnId: 'hours', direction: 'asc' }))).toEqual(['Ärger', 'item 10', 'item 1', 'Item 2']);
    expect(names(sortRows(rows, columns, { columnId: 'hours', direction: 'desc' }))).toEqual(['item 10', 'item 1', 'Ärger', 'Item 2']);
  });
  it('sorts dates by time', () => {
    expect(names(sortRows(rows, columns, { columnId: 'at', direction: 'asc' }))).toEqual(['Item 2', 'Ärger', 'item 10', 'item 1']);
  });
  it('leaves rows as given without a sort, or on a column that cannot sort', () => {
    expect(sortRows(rows, columns, null)).toBe(rows);
    expect(sortRows(rows, columns, { columnId: 'note', direction: 'asc' })).toBe(rows);
    expect(sortRows(rows, columns, { columnId: 'gone', direction: 'asc' })).toBe(rows);
  });
  it('does not change the rows it was given', () => {
    const copy = [...rows];
    sortRows(rows, columns, { columnId: 'name', direction: 'asc' });
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending and flips the same one', () => {
    expect(nextSort(null, 'name')).toEqual({ columnId: 'name', direction: 'asc' });
    expect(nextSort({ columnId: 'name', direction: 'asc' }, 'name')).toEqual({ columnId: 'name', direction: 'desc' });
    expect(nextSort({ columnId: 'name', direction: 'desc' }, 'name')).toEqual({ columnId: 'name', direction: 'asc' });
    expect(nextSort({ columnId: 'name', direction: 'desc' }, 'hours')).toEqual({ columnId: 'hours', direction: 'asc' });
  });
});
