import { useMemo, useRef, useState, type DragEvent, type MouseEvent, type ReactNode } from 'react';
import { ErrorState } from '../error-state.tsx';
import { Skeleton } from '../skeleton.tsx';
import styles from './data-table.module.css';
import { cellClass } from './cell-class.ts';
import { sortRows } from './sort.ts';
import { TableHead } from './table-head.tsx';
import type { Column, SortState } from './types.ts';
import { useRowNavigation } from './use-row-navigation.ts';
import { useTableWindow } from './use-table-window.ts';

export interface DataTableProps<Row> {
  /** The table's accessible name, e.g. "Clients". */
  label: string;
  columns: readonly Column<Row>[];
  /** The rows; `undefined` while they load. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** A row's name for "Select …" labels; defaults to its key. */
  rowLabel?: (row: Row) => string;
  /** TanStack Query's `status` fits: `pending` draws skeleton rows, `error` the error with Retry. */
  status?: 'pending' | 'error' | 'success';
  errorMessage?: string;
  onRetry?: () => void;
  /** What shows when there are no rows: say so and offer the next action (a button or a link). */
  empty: ReactNode;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /** `false` when the server already sorted the rows. */
  sortLocally?: boolean;
  /** Keys of the selected rows; passing it (with `onSelectedChange`) adds the selection column. */
  selected?: ReadonlySet<string>;
  onSelectedChange?: (selected: Set<string>) => void;
  /** Enter on a row, or a click outside its own controls. */
  onOpen?: (row: Row) => void;
  /** Lists longer than this are windowed: only the rows in view are in the DOM. */
  windowFrom?: number;
  /** Fixed row height in pixels, used by windowing. */
  rowHeight?: number;
  /** Height limit of the scroll box; the header sticks to its top. */
  maxHeight?: string;
  /** A totals row (a `<tr>` with one cell per column), drawn under the rows once there are some. */
  footer?: ReactNode;
  /** Files dragged from the desktop and dropped onto a row (the row shows where they will land). */
  onDropFiles?: (row: Row, files: File[]) => void;
  /** Whether a row takes dropped files (all of them by default); others refuse the drop. */
  takesFiles?: (row: Row) => boolean;
}

/** A drag that carries files (not text or a link from the page). */
const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

const interactive = 'a, button, input, select, textarea, label, [role="button"]';

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, rows, rowKey, rowLabel = rowKey, status = 'success', sort, sortLocally = true } = props;
  const { selected, onSelectedChange, onOpen, windowFrom = 100, rowHeight = 44, maxHeight = '70vh' } = props;
  const box = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => (rows && sortLocally ? sortRows(rows, columns, sort) : (rows ?? [])), [rows, columns, sort, sortLocally]);
  const windowed = shown.length > windowFrom;
  const { range, reveal } = useTableWindow(box, shown.length, rowHeight, windowed);
  const selectable = Boolean(selected && onSelectedChange);
  const [dropOver, setDropOver] = useState<string | null>(null);
  const dropOn = (row: Row) => {
    const onDropFiles = props.onDropFiles;
    if (!onDropFiles || (props.takesFiles && !props.takesFiles(row))) return {};
    const key = rowKey(row);
    return {
      'data-drop-over': dropOver === key || undefined,
      onDragOver: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        if (dropOver !== key) setDropOver(key);
      },
      onDragLeave: (e: DragEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropOver((k) => (k === key ? null : k));
      },
      onDrop: (e: DragEvent) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setDropOver(null);
        const files = Array.from(e.dataTransfer.files);
        if (files.length) onDropFiles(row, files);
      },
    };
  };
  const toggle = (index: number) => {
    const row = shown[index];
    if (!row || !selected || !onSelectedChange) return;
    const next = new Set(selected);
    const key = rowKey(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelectedChange(next);
  };
  const open = (index: number) => {
    const row = shown[index];
    if (row) onOpen?.(row);
  };
  const nav = useRowNavigation(box, shown.length, { reveal, onOpen: onOpen ? open : undefined, onToggle: selectable ? toggle : undefined });
  const span = columns.length + (selectable ? 1 : 0);
  const ready = status === 'success' && rows !== undefined;
  const selectedCount = selected ? shown.filter((row) => selected.has(rowKey(row))).length : 0;

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, index: number) => {
    nav.setActive(index);
    if (onOpen && !(event.target as Element).closest(interactive)) open(index);
  };

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <tr>
        <td colSpan={span} className={styles.stateCell}>
          <ErrorState level={2} title={`${label} could not be loaded`} message={props.errorMessage ?? 'Check your connection and try again.'} onRetry={props.onRetry} />
        </td>
      </tr>
    );
  } else if (!ready) {
    body = Array.from({ length: 5 }, (_, i) => (
      <tr key={i} aria-hidden="true" className={styles.skeletonRow}>
        {Array.from({ length: span }, (_, c) => (
          <td key={c}>
            <Skeleton width={c === 0 && selectable ? '1rem' : `${60 + ((i * 7 + c * 13) % 35)}%`} />
          </td>
        ))}
      </tr>
    ));
  } else if (shown.length === 0) {
    body = (
      <tr>
        <td colSpan={span} className={styles.stateCell}>
          <div className={styles.empty}>{props.empty}</div>
        </td>
      </tr>
    );
  } else {
    const rowStyle = windowed ? { height: rowHeight } : undefined;
    body = (
      <>
        {range.start > 0 && <tr aria-hidden="true" style={{ height: range.start * rowHeight }} />}
        {shown.slice(range.start, range.end).map((row, offset) => {
          const index = range.start + offset;
          const key = rowKey(row);
          const isSelected = selected?.has(key) ?? false;
          return (
            <tr
              key={key}
              data-key={key}
              data-row-index={index}
              aria-rowindex={index + 2}
              aria-selected={selectable ? isSelected : undefined}
              tabIndex={index === nav.active ? 0 : -1}
              className={[styles.row, isSelected ? styles.selected : '', onOpen ? styles.openable : ''].join(' ')}
              style={rowStyle}
              onKeyDown={(e) => nav.onRowKeyDown(e, index)}
              onClick={(e) => onRowClick(e, index)}
              {...dropOn(row)}
            >
              {selectable && (
                <td className={styles.selectCell}>
                  <input type="checkbox" className={styles.check} tabIndex={-1} aria-label={`Select ${rowLabel(row)}`} checked={isSelected} onChange={() => toggle(index)} />
                </td>
              )}
              {columns.map((column) => (
                <td key={column.id} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          );
        })}
        {range.end < shown.length && <tr aria-hidden="true" style={{ height: (shown.length - range.end) * rowHeight }} />}
      </>
    );
  }

  return (
    <div ref={box} className={styles.box} style={{ maxHeight }}>
      {status === 'pending' && (
        <span className="visually-hidden" role="status">
          Loading {label.toLowerCase()}
        </span>
      )}
      <table className={styles.table} aria-label={label} aria-rowcount={ready ? shown.length + 1 + (props.footer ? 1 : 0) : undefined} aria-busy={status === 'pending' || undefined}>
        <TableHead
          columns={columns}
          sort={sort}
          onSortChange={props.onSortChange}
          selectAll={
            selectable
              ? {
                  checked: shown.length > 0 && selectedCount === shown.length,
                  indeterminate: selectedCount > 0 && selectedCount < shown.length,
                  disabled: !ready || shown.length === 0,
                  onChange: (all) => onSelectedChange?.(all ? new Set(shown.map(rowKey)) : new Set()),
                }
              : undefined
          }
        />
        <tbody>{body}</tbody>
        {ready && shown.length > 0 && props.footer && <tfoot className={styles.foot}>{props.footer}</tfoot>}
      </table>
    </div>
  );
}
