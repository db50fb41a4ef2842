import { useState } from 'react';
import { formatDuration } from '../../lib/duration.ts';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { money } from './format.ts';
import styles from './new-invoice.module.css';

interface Row {
  projectId: string;
  projectName: string;
  billableTime: number;
  uninvoicedAmount?: number | undefined;
}

/** Which of the previewed projects go on the invoice: all of them unless some are unticked. */
export function usePreviewSelection() {
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  return {
    excluded,
    setExcluded,
    /** The `projects` to send: undefined for all of the client's projects. */
    projects: (rows: readonly Row[] | undefined) =>
      excluded.size === 0 || !rows ? undefined : rows.filter((r) => !excluded.has(r.projectId)).map((r) => r.projectId),
  };
}

const columns: Column<Row>[] = [
  { id: 'project', header: 'Project', cell: (r) => r.projectName },
  { id: 'time', header: 'Time', cell: (r) => formatDuration(r.billableTime), align: 'end' },
  { id: 'amount', header: 'Amount', cell: (r) => money(r.uninvoicedAmount ?? 0), align: 'end' },
];

export interface UninvoicedPreviewProps {
  ready: boolean;
  rows: readonly Row[] | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  selection: ReturnType<typeof usePreviewSelection>;
}

/** What the invoice will include, per project, before it is created; unticking a project leaves it out. */
export function UninvoicedPreview({ ready, rows, status, onRetry, selection }: UninvoicedPreviewProps) {
  if (!ready) return <p className={styles.note}>Choose a client and dates to see what the invoice will include.</p>;
  const keys = new Set((rows ?? []).map((r) => r.projectId));
  const selected = new Set([...keys].filter((k) => !selection.excluded.has(k)));
  const total = (rows ?? []).filter((r) => selected.has(r.projectId)).reduce((sum, r) => sum + (r.uninvoicedAmount ?? 0), 0);
  return (
    <section className={styles.preview} aria-labelledby="invoice-preview-title">
      <h3 id="invoice-preview-title" className={styles.title}>
        What the invoice will include
      </h3>
      <DataTable
        label="Uninvoiced projects"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.projectId}
        rowLabel={(r) => r.projectName}
        status={status}
        onRetry={onRetry}
        maxHeight="14rem"
        selected={selected}
        // At least one project stays ticked: an invoice of no project would be one of all of them.
        onSelectedChange={(next) => next.size > 0 && selection.setExcluded(new Set([...keys].filter((k) => !next.has(k))))}
        empty={<p>Nothing to invoice: this client has no uninvoiced billable time or expenses in these dates.</p>}
      />
      {rows && rows.length > 0 && (
        <p className={styles.total} role="status">
          About {money(total)} before tax and discount, from {selected.size} of {rows.length} {rows.length === 1 ? 'project' : 'projects'}.
        </p>
      )}
    </section>
  );
}
