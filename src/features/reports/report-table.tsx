import { useDeferredValue, useRef, type ReactNode } from 'react';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column, SortState } from '../../ui/table/types.ts';
import type { FigureColumn } from '../../../contract/report-columns.ts';
import { formatFigure } from './figure-format.ts';
import type { FigureRow } from './figures.ts';
import styles from './reports.module.css';
import { useMedia } from './use-media.ts';
import { useOpenInPrint } from './use-open-in-print.ts';

/** One row of a report table: its figures, a key, and the texts in front of them. */
export interface ReportRow extends FigureRow {
  key: string;
  name: string;
  /** The project's client on the Projects tab. */
  client?: string;
}

export interface NameColumn {
  id: 'name' | 'client';
  label: string;
  text: (row: ReportRow) => string;
  /** The cell, e.g. a drill-down link; the text when absent. */
  cell?: (row: ReportRow) => ReactNode;
}

/** The table's columns: names, then each figure with its definition on the header. */
export function reportColumns(names: readonly NameColumn[], figures: readonly FigureColumn[]): Column<ReportRow>[] {
  return [
    ...names.map((n) => ({
      id: n.id,
      header: n.label,
      cell: n.cell ?? n.text,
      sortValue: n.text,
      width: n.id === 'name' ? '14rem' : undefined,
    })),
    ...figures.map((f) => ({
      id: f.key,
      header: (
        <span title={f.definition} className={styles.defined}>
          {f.label}
        </span>
      ),
      cell: (r: ReportRow) => formatFigure(f.kind, r[f.key] ?? 0),
      sortValue: (r: ReportRow) => r[f.key] ?? 0,
      align: 'end' as const,
    })),
  ];
}

export interface ReportTableProps {
  label: string;
  names: readonly NameColumn[];
  figures: readonly FigureColumn[];
  rows: readonly ReportRow[];
  totals: FigureRow;
  sort: SortState | null;
  onSortChange: (sort: SortState) => void;
  onOpen?: ((row: ReportRow) => void) | undefined;
  empty: ReactNode;
}

/** Every figure of the tab, sortable, with a totals row and what each column means under it. */
export function ReportTable({ label, names, figures, rows, totals, sort, onSortChange, onOpen, empty }: ReportTableProps) {
  // On screen long tables draw only the rows in view; on paper every row.
  const printing = useMedia('print');
  // The table's rows come in a render of their own, after the figures and charts are on screen: it starts
  // with skeleton rows, and a change of filters keeps the rows shown until the new ones are drawn.
  const deferred = useDeferredValue<readonly ReportRow[] | undefined>(rows, undefined);
  // On paper the definitions are always there.
  const definitions = useRef<HTMLDetailsElement>(null);
  useOpenInPrint(definitions);
  const footer = (
    <tr>
      <th scope="row">Total</th>
      {names.slice(1).map((n) => (
        <td key={n.id} />
      ))}
      {figures.map((f) => (
        <td key={f.key} className={styles.end}>
          {formatFigure(f.kind, totals[f.key] ?? 0)}
        </td>
      ))}
    </tr>
  );
  return (
    <div className={styles.tableBlock}>
      <DataTable
        label={label}
        columns={reportColumns(names, figures)}
        rows={deferred}
        rowKey={(r) => r.key}
        rowLabel={(r) => r.name}
        sort={sort}
        onSortChange={onSortChange}
        onOpen={onOpen}
        empty={empty}
        footer={footer}
        windowFrom={printing ? Number.POSITIVE_INFINITY : 100}
        maxHeight={printing ? 'none' : '70vh'}
      />
      <details ref={definitions} className={styles.definitions}>
        <summary>What each figure means</summary>
        <dl>
          {figures.map((f) => (
            <div key={f.key}>
              <dt>{f.label}</dt>
              <dd>{f.definition}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
