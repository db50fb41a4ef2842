import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Expense } from '../../../contract/expenses.ts';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { DateRangeInput } from '../../ui/inputs/date-range-input.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import { searchFromSort, sortFromSearch } from '../../ui/table/search.ts';
import { categoriesQueryOptions, expenseProjectsQueryOptions, expensesQueryOptions, expenseTeamQueryOptions } from './api.ts';
import { expenseColumns } from './expense-columns.tsx';
import { filtersOf, type ExpensesSearch } from './filters.ts';
import { money, totalsOf } from './model.ts';
import { SelectField } from './select-field.tsx';
import styles from './expenses.module.css';

export interface ExpensesPageProps {
  me: { id: number; role: Role };
  today: string;
  weekStart: number;
  search: ExpensesSearch;
  onSearchChange: (change: Partial<ExpensesSearch>) => void;
  onOpen: (expense: Expense) => void;
  /** The page's buttons (add, categories). */
  actions: ReactNode;
  /** Above the list: an unsaved expense to resume, say. */
  notice?: ReactNode;
}

/** The expenses list: filters in the URL, totals, and the table. */
export function ExpensesPage({ me, today, weekStart, search, onSearchChange, onOpen, actions, notice }: ExpensesPageProps) {
  const api = useApi();
  const manager = me.role === 'admin' || me.role === 'supervisor';
  const filters = filtersOf(search, today);
  const list = useQuery(expensesQueryOptions(api, filters, me.id));
  const categories = useQuery(categoriesQueryOptions(api));
  const projects = useQuery(expenseProjectsQueryOptions(api));
  const team = useQuery({ ...expenseTeamQueryOptions(api), enabled: manager });
  const withPerson = manager && search.person !== undefined && search.person !== me.id;
  const columns = expenseColumns(
    {
      category: (id) => categories.data?.find((c) => c.id === id),
      project: (id) => (id === null ? 'No project' : (projects.data?.find((p) => p.id === id)?.name ?? id)),
      person: (id) => team.data?.find((u) => u.id === id)?.name ?? `#${id}`,
    },
    withPerson,
  );
  const totals = totalsOf(list.data ?? []);
  const whose = search.person === undefined ? 'me' : String(search.person);

  return (
    <div className="page">
      <header className={`page__header ${styles.header}`}>
        <div>
          <h1 className="page__title">Expenses</h1>
          <p className="page__subtitle">{withPerson ? 'Expenses of your team' : 'What you spent for work, with its receipts'}</p>
        </div>
        <div className={styles.actions}>{actions}</div>
      </header>
      {notice}
      <section className={styles.filters} aria-label="Filters">
        <DateRangeInput
          label="Dates"
          value={{ from: filters.from, to: filters.to }}
          onChange={(r) => r && onSearchChange({ from: r.from, to: r.to, page: undefined })}
          today={today}
          weekStart={weekStart}
        />
        <SelectField
          label="Project"
          value={search.project ?? ''}
          onChange={(v) => onSearchChange({ project: v || undefined })}
          options={projects.data?.map((p) => ({ value: p.id, label: p.name }))}
        >
          <option value="">All projects</option>
        </SelectField>
        <SelectField
          label="Category"
          value={search.category ? String(search.category) : ''}
          onChange={(v) => onSearchChange({ category: v ? Number(v) : undefined })}
          options={categories.data?.map((c) => ({ value: c.id, label: c.name }))}
        >
          <option value="">All categories</option>
        </SelectField>
        {manager && (
          <SelectField
            label="Whose"
            value={whose}
            onChange={(v) => onSearchChange({ person: v === 'me' ? undefined : v === 'all' ? 'all' : Number(v) })}
          >
            <option value="me">My expenses</option>
            <option value="all">Everyone in the team</option>
            {team.data
              ?.filter((u) => u.id !== me.id)
              .map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
          </SelectField>
        )}
      </section>
      <dl className={styles.totals} aria-label="Totals">
        <div>
          <dt>Total</dt>
          <dd>{list.data ? money(totals.all) : '\u2014'}</dd>
        </div>
        <div>
          <dt>Billable</dt>
          <dd>{list.data ? money(totals.billable) : '\u2014'}</dd>
        </div>
        <div>
          <dt>Expenses</dt>
          <dd>{list.data ? totals.count : '\u2014'}</dd>
        </div>
      </dl>
      <DataTable
        label="Expenses"
        columns={columns}
        rows={list.data}
        rowKey={(e) => String(e.id)}
        rowLabel={(e) => `${e.date} ${money(e.amount)}`}
        status={list.status}
        errorMessage={list.error ? describeError(list.error) : undefined}
        onRetry={() => void list.refetch()}
        empty={<p>No expenses in these dates{search.project || search.category ? ' with these filters' : ''}. Add one with Add expense.</p>}
        sort={sortFromSearch(search.sort)}
        onSortChange={(s) => onSearchChange(searchFromSort(s))}
        onOpen={onOpen}
      />
    </div>
  );
}
