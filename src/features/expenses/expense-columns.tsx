import type { Expense, ExpenseCategory } from '../../../contract/expenses.ts';
import type { Column } from '../../ui/table/types.ts';
import { readableLockReason } from '../../lib/week-labels.ts';
import { dayLabel, money, quantityLabel } from './model.ts';
import { ReceiptStrip } from './receipts.tsx';
import type { RowUpload } from './use-row-receipts.ts';
import styles from './expenses.module.css';

export interface Lookups {
  category: (id: number) => ExpenseCategory | undefined;
  project: (id: string | null) => string;
  person: (id: number) => string;
  /** A receipt being dropped onto the expense's row (useRowReceipts). */
  upload: (id: number) => RowUpload | undefined;
}

/** The row's receipts, and the one on its way when a file was dropped onto the row. */
function RowReceipts({ e, l }: { e: Expense; l: Lookups }) {
  const up = l.upload(e.id);
  const percent = up?.progress == null ? undefined : Math.round(up.progress * 100);
  return (
    <span className={styles.stack}>
      {(e.attachments.length > 0 || !up) && <ReceiptStrip files={e.attachments} />}
      {up && (
        <span className={styles.rowUpload}>
          <span role="status" className={styles.sub}>
            Attaching {up.name}
            {percent !== undefined && ` ${percent}%`}
          </span>
          <progress max={100} value={percent} aria-label={`Uploading ${up.name}`} />
        </span>
      )}
    </span>
  );
}

/** Two columns for a phone: what (category, day, project, details, lock) and how much (with its receipts). */
export function phoneColumns(l: Lookups, withPerson: boolean): Column<Expense>[] {
  return [
    {
      id: 'category',
      header: 'Expense',
      sortValue: (e) => e.date,
      cell: (e) => {
        const c = l.category(e.category);
        return (
          <span className={`${styles.stack} ${styles.wraps}`}>
            <span className={styles.category}>
              <span className={styles.swatch} style={{ background: c?.color ?? 'var(--border)' }} aria-hidden="true" />
              {c?.name ?? 'Unknown'}
            </span>
            <span className={styles.sub}>
              {dayLabel(e.date)} · {l.project(e.project)}
              {withPerson ? ` · ${l.person(e.user)}` : ''}
            </span>
            {e.details && <span className={styles.sub}>{e.details}</span>}
            {e.isLocked && <span className={styles.locked}>Locked · {e.lockReasons.map((r) => readableLockReason(r)).join('; ')}</span>}
          </span>
        );
      },
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'end',
      sortValue: (e) => e.amount,
      cell: (e) => (
        <span className={styles.amount}>
          <strong>{money(e.amount)}</strong>
          <span className={e.billable ? styles.billable : styles.sub}>{e.billable ? 'Billable' : 'Not billable'}</span>
          {(e.attachments.length > 0 || l.upload(e.id)) && <RowReceipts e={e} l={l} />}
        </span>
      ),
    },
  ];
}

/** The list's columns; `withPerson` adds whose expense it is (the team view). */
export function expenseColumns(l: Lookups, withPerson: boolean): Column<Expense>[] {
  const cols: (Column<Expense> | false)[] = [
    {
      id: 'date',
      header: 'Date',
      sortValue: (e) => e.date,
      width: '9rem',
      cell: (e) => (
        <span className={styles.stack}>
          {dayLabel(e.date)}
          {e.isLocked && (
            <span className={styles.locked}>
              <span className="visually-hidden">Locked: </span>
              <span aria-hidden="true">Locked · </span>
              {e.lockReasons.map((r) => readableLockReason(r)).join('; ')}
            </span>
          )}
        </span>
      ),
    },
    withPerson && { id: 'person', header: 'Person', cell: (e) => l.person(e.user), sortValue: (e) => l.person(e.user) },
    {
      id: 'category',
      header: 'Category and project',
      sortValue: (e) => l.category(e.category)?.name,
      cell: (e) => {
        const c = l.category(e.category);
        return (
          <span className={styles.stack}>
            <span className={styles.category}>
              <span className={styles.swatch} style={{ background: c?.color ?? 'var(--border)' }} aria-hidden="true" />
              {c?.name ?? 'Unknown'}
            </span>
            <span className={styles.sub}>{l.project(e.project)}</span>
          </span>
        );
      },
    },
    { id: 'details', header: 'Details', cell: (e) => <span className={styles.details}>{e.details || '\u2014'}</span> },
    { id: 'receipts', header: 'Receipts', cell: (e) => <RowReceipts e={e} l={l} /> },
    {
      id: 'amount',
      header: 'Amount',
      align: 'end',
      sortValue: (e) => e.amount,
      cell: (e) => {
        const q = quantityLabel(l.category(e.category), e.quantity);
        return (
          <span className={styles.amount}>
            <strong>{money(e.amount)}</strong>
            {q && <span className={styles.sub}>{q}</span>}
            <span className={e.billable ? styles.billable : styles.sub}>{e.billable ? 'Billable' : 'Not billable'}</span>
          </span>
        );
      },
    },
  ];
  return cols.filter((c): c is Column<Expense> => c !== false);
}
