import type { ReactNode } from 'react';

/** A value a column sorts by. `null` and `undefined` sort last in either direction. */
export type SortValue = string | number | boolean | Date | null | undefined;

export interface Column<Row> {
  /** Stable id: the sort key in the URL and React's key. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable: the value a row sorts by. */
  sortValue?: (row: Row) => SortValue;
  /** Numbers and amounts align to the end. */
  align?: 'start' | 'end';
  /** CSS width of the column, e.g. `'8rem'` or `'30%'`. */
  width?: string;
  /** A header the eye does not need (an actions column) is still named for screen readers. */
  hideHeader?: boolean;
  /**
   * A row's buttons: the column stays in view at the end of the row while the rest scrolls sideways under
   * it, and its buttons are never cut (they wrap onto lines of their own when the table is short of room).
   */
  actions?: boolean;
}

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  columnId: string;
  direction: SortDirection;
}
