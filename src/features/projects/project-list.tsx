import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useApi } from '../../api/context.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import { useNarrow } from '../../ui/use-narrow.ts';
import { ClearFilters, EmptyList, matchesWords, SearchBox } from '../../ui/table/list-filters.tsx';
import type { Column } from '../../ui/table/types.ts';
import { BudgetBar } from '../budgets/budget-bar.tsx';
import styles from '../budgets/screens.module.css';
import type { Client } from '../clients/api.ts';
import { projectListQueryOptions, type Project } from './api.ts';
import { billingSummary } from './format.ts';
import { focusNew, withText } from '../../ui/focus-new.ts';

const NewProjectDialog = lazy(() => import('./new-project-dialog.tsx'));

export interface ProjectFilters {
  q?: string | undefined;
  status?: 'archived' | 'all' | undefined;
  /** A client id, or `none` for projects without a client. */
  client?: number | 'none' | undefined;
}

/** Projects matching the filters: words of the name, status (open by default) and client. */
export function filterProjects(list: readonly Project[], f: ProjectFilters): Project[] {
  const status = f.status ?? 'open';
  return list.filter(
    (p) =>
      (status === 'all' || p.status === status) &&
      (f.client === undefined || (f.client === 'none' ? p.client === null : p.client === f.client)) &&
      matchesWords(p.name, f.q),
  );
}

export interface ProjectListProps {
  filters: ProjectFilters;
  onFiltersChange: (f: ProjectFilters) => void;
  onOpen: (projectId: string) => void;
  clients: readonly Client[];
  canCreate: boolean;
  showMoney: boolean;
  /** Members: a line that says the list is read-only and why. */
  readOnlyNote?: string;
}

/** The projects the caller may see, with client, billing and budget; admins and supervisors add projects. */
export function ProjectList({ filters, onFiltersChange, onOpen, clients, canCreate, showMoney, readOnlyNote }: ProjectListProps) {
  const api = useApi();
  const list = useQuery(projectListQueryOptions(api));
  const [creating, setCreating] = useState(false);
  const clientName = new Map(clients.map((c) => [c.id, c.name]));
  const rows = list.data ? filterProjects(list.data, filters) : undefined;
  const filtered = Boolean(filters.q || filters.status || filters.client !== undefined);
  // A phone keeps one column: the project, its client and billing, and its budget, stacked.
  const phone = useNarrow();
  const client = (p: Project) => (p.client !== null ? (clientName.get(p.client) ?? '—') : <span className={styles.muted}>No client</span>);
  const name = (p: Project) => (
    <span className={styles.name}>
      <Link to="/projects/$projectId" params={{ projectId: p.id }}>
        {p.name}
      </Link>
      {p.status === 'archived' && <span className={styles.badge}>Archived</span>}
      {p.privacy && <span className={styles.badge}>Private</span>}
    </span>
  );
  const budget = (p: Project) => <BudgetBar budget={p.budget} showMoney={showMoney} compact />;
  const columns: Column<Project>[] = phone
    ? [
        {
          id: 'name',
          header: 'Project',
          cell: (p) => (
            <span className={styles.stack}>
              {name(p)}
              <span className={styles.sub}>
                {client(p)} · {billingSummary(p)}
              </span>
              {budget(p)}
            </span>
          ),
          sortValue: (p) => p.name.toLowerCase(),
        },
      ]
    : [
        { id: 'name', header: 'Project', cell: name, sortValue: (p) => p.name.toLowerCase() },
        {
          id: 'client',
          header: 'Client',
          cell: client,
          sortValue: (p) => (p.client !== null ? (clientName.get(p.client) ?? '') : null),
        },
        { id: 'billing', header: 'Billing', cell: (p) => billingSummary(p), sortValue: (p) => p.billing.type },
        { id: 'budget', header: 'Budget', cell: budget, sortValue: (p) => p.budget?.progress ?? -1, width: '32%' },
      ];
  return (
    <div className="page">
      <header className={styles.header}>
        <h1 className="page__title">Projects</h1>
        {canCreate && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            New project
          </Button>
        )}
      </header>
      {readOnlyNote && <p className={styles.muted}>{readOnlyNote}</p>}
      <div className={styles.filters} role="search" aria-label="Filter projects">
        <SearchBox placeholder="Project name" value={filters.q} onChange={(q) => onFiltersChange({ ...filters, q })} />
        <SelectField
          label="Status"
          options={[
            { value: '', label: 'Open' },
            { value: 'archived', label: 'Archived' },
            { value: 'all', label: 'All' },
          ]}
          value={filters.status ?? ''}
          onChange={(e) => onFiltersChange({ ...filters, status: (e.target.value || undefined) as ProjectFilters['status'] })}
        />
        {clients.length > 0 && (
          <SelectField
            label="Client"
            options={[
              { value: '', label: 'All clients' },
              { value: 'none', label: 'No client' },
              ...clients.map((c) => ({ value: c.id, label: c.name })),
            ]}
            value={filters.client ?? ''}
            onChange={(e) => {
              const v = e.target.value;
              onFiltersChange({ ...filters, client: v === '' ? undefined : v === 'none' ? 'none' : Number(v) });
            }}
          />
        )}
        <ClearFilters shown={filtered} onClear={() => onFiltersChange({})} />
      </div>
      <DataTable
        label="Projects"
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        status={list.status}
        onRetry={() => void list.refetch()}
        onOpen={(p) => onOpen(p.id)}
        empty={
          <EmptyList
            filtered={filtered}
            noun="project"
            onClear={() => onFiltersChange({})}
            otherwise={
              <>
                <p>
                  {canCreate
                    ? 'No projects yet. A project holds tasks, its team, billing and budget.'
                    : 'No projects are shared with you yet.'}
                </p>
                {canCreate && (
                  <Button variant="primary" onClick={() => setCreating(true)}>
                    New project
                  </Button>
                )}
              </>
            }
          />
        }
      />
      {creating && (
        <Suspense fallback={null}>
          <NewProjectDialog clients={clients} onClose={() => setCreating(false)} onCreated={(p) => {
              onOpen(p.id);
              focusNew(withText('main h1', p.name));
            }} />
        </Suspense>
      )}
    </div>
  );
}
