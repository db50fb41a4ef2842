import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useApi } from '../../api/context.ts';
import { useAfterPaint } from '../../lib/after-paint.ts';
import type { DateRange } from '../../lib/date-range.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { DateRangeInput } from '../../ui/inputs/date-range-input.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import { ClearFilters, EmptyList } from '../../ui/table/list-filters.tsx';
import type { Column } from '../../ui/table/types.ts';
import { invoiceClientsQueryOptions, invoiceListQueryOptions, type Invoice, type InvoiceFilters } from './api.ts';
import { day, money, statusLabels } from './format.ts';
import styles from './invoices.module.css';
import { StatusBadge } from './status-badge.tsx';

const BillingDetailsCard = lazy(() => import('./billing-details.tsx'));
// Its form brings react-hook-form and the contract's schemas: loaded when New invoice is pressed.
const NewInvoiceDialog = lazy(() => import('./new-invoice-dialog.tsx').then((m) => ({ default: m.NewInvoiceDialog })));

const columns: Column<Invoice>[] = [
  { id: 'number', header: 'Number', cell: (i) => <span className={styles.number}>{i.publicId}</span>, sortValue: (i) => i.publicId },
  { id: 'client', header: 'Client', cell: (i) => i.client.name, sortValue: (i) => i.client.name },
  { id: 'total', header: 'Total', cell: (i) => money(i.totalAmount), sortValue: (i) => i.totalAmount, align: 'end' },
  { id: 'status', header: 'Status', cell: (i) => <StatusBadge status={i.status} />, sortValue: (i) => i.status },
  { id: 'issued', header: 'Issued', cell: (i) => day(i.issueDate), sortValue: (i) => i.issueDate },
  { id: 'due', header: 'Due', cell: (i) => day(i.dueDate) || <span className={styles.muted}>None</span>, sortValue: (i) => i.dueDate },
];

export interface InvoiceListProps {
  filters: InvoiceFilters;
  onFiltersChange: (filters: InvoiceFilters) => void;
  onOpen: (invoiceId: number) => void;
  today: string;
  weekStart: number;
  /** Shown where the billing details leave the name on invoices blank. */
  teamName: string;
}

/** Every invoice of the team, filtered by client, status and issue dates (kept in the URL), New invoice, and the team's billing details. */
export function InvoiceList({ filters, onFiltersChange, onOpen, today, weekStart, teamName }: InvoiceListProps) {
  const api = useApi();
  const list = useQuery(invoiceListQueryOptions(api, filters));
  const clients = useQuery(invoiceClientsQueryOptions(api));
  // The billing details card (a form) starts its code once the list is on the screen.
  const detailsNow = useAfterPaint(list.status !== 'pending');
  const [creating, setCreating] = useState(false);
  const range: DateRange | null = filters.from && filters.to ? { from: filters.from, to: filters.to } : null;
  const filtered = Boolean(filters.client || filters.status || range);
  const set = (patch: InvoiceFilters) => onFiltersChange({ ...filters, ...patch });

  return (
    <div className="page">
      <header className={styles.header}>
        <h1 className="page__title">Invoices</h1>
        <Button variant="primary" onClick={() => setCreating(true)}>
          New invoice
        </Button>
      </header>
      <div className={styles.filters} role="search" aria-label="Filter invoices">
        <SelectField
          label="Client"
          className={styles.filter}
          value={filters.client ?? ''}
          onChange={(e) => set({ client: e.target.value ? Number(e.target.value) : undefined })}
          options={[{ value: '', label: 'All clients' }, ...(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
        />
        <SelectField
          label="Status"
          className={styles.filter}
          value={filters.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || undefined) as InvoiceFilters['status'] })}
          options={[{ value: '', label: 'Any status' }, ...Object.entries(statusLabels).map(([value, label]) => ({ value, label }))]}
        />
        <DateRangeInput
          label="Issued"
          value={range}
          onChange={(r) => set({ from: r?.from, to: r?.to })}
          today={today}
          weekStart={weekStart}
        />
        <ClearFilters shown={filtered} onClear={() => onFiltersChange({})} />
      </div>
      <DataTable
        label="Invoices"
        columns={columns}
        rows={list.data}
        rowKey={(i) => String(i.id)}
        rowLabel={(i) => i.publicId}
        status={list.status}
        onRetry={() => void list.refetch()}
        onOpen={(i) => onOpen(i.id)}
        sortLocally={false}
        empty={
          <EmptyList
            filtered={filtered}
            noun="invoice"
            onClear={() => onFiltersChange({})}
            otherwise={
              <>
                <p>No invoices yet. Bill a client for its uninvoiced time and expenses.</p>
                <Button variant="primary" onClick={() => setCreating(true)}>
                  New invoice
                </Button>
              </>
            }
          />
        }
      />
      {detailsNow && (
        <Suspense fallback={null}>
          <BillingDetailsCard teamName={teamName} />
        </Suspense>
      )}
      {creating && (
        <Suspense fallback={null}>
          <NewInvoiceDialog today={today} weekStart={weekStart} onClose={() => setCreating(false)} onCreated={(i) => onOpen(i.id)} />
        </Suspense>
      )}
    </div>
  );
}
