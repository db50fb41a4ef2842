import { useEffect, useRef } from 'react';
import styles from './data-table.module.css';
import { cellClass } from './cell-class.ts';
import { nextSort } from './sort.ts';
import type { Column, SortState } from './types.ts';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

export interface TableHeadProps<Row> {
  columns: readonly Column<Row>[];
  sort: SortState | null | undefined;
  onSortChange?: (sort: SortState) => void;
  /** Present when rows can be selected: the state of the select-all box. */
  selectAll?: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: (checked: boolean) => void };
}

function SelectAll({ checked, indeterminate, disabled, onChange }: NonNullable<TableHeadProps<unknown>['selectAll']>) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={styles.check}
      aria-label="Select all rows"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

export function TableHead<Row>({ columns, sort, onSortChange, selectAll }: TableHeadProps<Row>) {
  return (
    <thead className={styles.head}>
      <tr aria-rowindex={1}>
        {selectAll && (
          <th scope="col" className={styles.selectCell}>
            <SelectAll {...selectAll} />
          </th>
        )}
        {columns.map((column) => {
          const sorted = sort?.columnId === column.id ? sort.direction : undefined;
          const sortable = Boolean(column.sortValue && onSortChange);
          return (
            <th
              key={column.id}
              scope="col"
              aria-sort={sorted ? ariaSort[sorted] : sortable ? 'none' : undefined}
              className={cellClass(column)}
              style={column.width ? { width: column.width } : undefined}
            >
              {sortable ? (
                <button type="button" className={styles.sortButton} onClick={() => onSortChange?.(nextSort(sort, column.id))}>
                  <span className={column.hideHeader ? 'visually-hidden' : undefined}>{column.header}</span>
                  <span className={styles.sortIcon} data-direction={sorted ?? 'none'} aria-hidden="true" />
                </button>
              ) : (
                <span className={column.hideHeader ? 'visually-hidden' : undefined}>{column.header}</span>
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
