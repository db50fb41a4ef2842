import styles from './data-table.module.css';
import type { Column } from './types.ts';

/** The class of a column's cells: numbers align to the end; a row's buttons stay in view at its end. */
export const cellClass = (column: Pick<Column<unknown>, 'align' | 'actions'>) =>
  [column.align === 'end' ? styles.end : '', column.actions ? styles.actions : ''].filter(Boolean).join(' ') || undefined;
