import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useApi } from '../../api/context.ts';
import { BudgetBar } from '../budgets/budget-bar.tsx';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import { useNarrow } from '../../ui/use-narrow.ts';
import { ClearFilters, EmptyList, matchesWords, SearchBox } from '../../ui/table/list-filters.tsx';
import type { Column } from '../../ui/table/types.ts';
import { clientListQueryOptions, type Client } from './api.ts';
import styles from '../budgets/screens.module.css';
import { focusNew, withText } from '../../ui/focus-new.ts';

const ClientFormDialog = lazy(() => import('./client-form.tsx'));

export interface ClientFilters {
  q?: string | undefined;
  status?: 'active' | 'archived' | 'all' | undefined;
}

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

/** Clients matching the filters: words of the name (any order, any case) and the status (active by default). */
export function filterClients(list: readonly Client[], f: ClientFilters): Client[] {
  const status = f.status ?? 'active';
  return list.filter((c) => (status === 'all' || c.status === status) && matchesWords(c.name, f.q));
}

export interface ClientListProps {
  filters: ClientFilters;
  onFiltersChange: (f: ClientFilters) => void;
  onOpen: (clientId: number) => void;
  canManage: boolean;
  showMoney: boolean;
}

/** The team's clients with their projects count and budget; admins add clients. */
export function ClientList({ filters, onFiltersChange, onOpen, canManage, showMoney }: ClientListProps) {
  const api = useApi();
  const list = useQuery(clientListQueryOptions(api));
  const [creating, setCreating] = useState(false);
  const rows = list.data ? filterClients(list.data, filters) : undefined;
  const filtered = Boolean(filters.q) || (filters.status ?? 'active') !== 'active';
  // A phone keeps one column: the client, its projects count and its budget, stacked.
  const phone = useNarrow();
  const name = (c: Client) => (
    <span className={styles.name}>
      <Link to="/clients/$clientId" params={{ clientId: String(c.id) }}>
        {c.name}
      </Link>
      {c.status === 'archived' && <span className={styles.badge}>Archived</span>}
    </span>
  );
  const budget = (c: Client) => <BudgetBar budget={c.budget} showMoney={showMoney} compact />;
  const columns: Column<Client>[] = phone
    ? [
        {
          id: 'name',
          header: 'Client',
          cell: (c) => (
            <span className={styles.stack}>
              {name(c)}
              <span className={styles.sub}>{c.projects.length === 1 ? '1 project' : `${c.projects.length} projects`}</span>
              {budget(c)}
            </span>
          ),
          sortValue: (c) => c.name.toLowerCase(),
        },
      ]
    : [
        { id: 'name', header: 'Client', cell: name, sortValue: (c) => c.name.toLowerCase() },
        {
          id: 'projects',
          header: 'Projects',
          cell: (c) => c.projects.length,
          sortValue: (c) => c.projects.length,
          align: 'end',
          width: '6rem',
        },
        { id: 'budget', header: 'Budget', cell: budget, sortValue: (c) => c.budget?.progress ?? -1, width: '45%' },
      ];
  return (
    <div className="page">
      <header className={styles.header}>
        <h1 className="page__title">Clients</h1>
        {canManage && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            New client
          </Button>
        )}
      </header>
      <div className={styles.filters} role="search" aria-label="Filter clients">
        <SearchBox placeholder="Client name" value={filters.q} onChange={(q) => onFiltersChange({ ...filters, q })} />
        <SelectField
          label="Status"
          options={statusOptions}
          value={filters.status ?? 'active'}
          onChange={(e) =>
            onFiltersChange({ ...filters, status: e.target.value === 'active' ? undefined : (e.target.value as ClientFilters['status']) })
          }
        />
        <ClearFilters shown={filtered} onClear={() => onFiltersChange({})} />
      </div>
      <DataTable
        label="Clients"
        columns={columns}
        rows={rows}
        rowKey={(c) => String(c.id)}
        rowLabel={(c) => c.name}
        status={list.status}
        onRetry={() => void list.refetch()}
        onOpen={(c) => onOpen(c.id)}
        empty={
          <EmptyList
            filtered={filtered}
            noun="client"
            onClear={() => onFiltersChange({})}
            otherwise={
              <>
                <p>No clients yet. A client groups projects, carries a budget and receives invoices.</p>
                {canManage && (
                  <Button variant="primary" onClick={() => setCreating(true)}>
                    New client
                  </Button>
                )}
              </>
            }
          />
        }
      />
      {creating && (
        <Suspense fallback={null}>
          <ClientFormDialog onClose={() => setCreating(false)} onDone={(c) => {
              onOpen(c.id);
              focusNew(withText('main h1', c.name));
            }} />
        </Suspense>
      )}
    </div>
  );
}
