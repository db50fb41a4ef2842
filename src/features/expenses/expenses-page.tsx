import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { Expense } from '../../../contract/expenses.ts';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { projectsQueryOptions } from '../../api/projects.ts';
import { describeError } from '../../api/errors.ts';
import { DateRangeInput } from '../../ui/inputs/date-range-input.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import { searchFromSort, sortFromSearch } from '../../ui/table/search.ts';
import { categoriesQueryOptions, expensesQueryOptions, expenseTeamQueryOptions } from './api.ts';
import { expenseColumns, phoneColumns } from './expense-columns.tsx';
import { filtersOf, type ExpensesSearch } from './filters.ts';
import { useRowReceipts } from './use-row-receipts.ts';
import { money, totalsOf } from './model.ts';
import { SelectField } from '../../ui/form/select-field.tsx';
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
  const projects = useQuery(projectsQueryOptions(api));
  const team = useQuery({ ...expenseTeamQueryOptions(api), enabled: manager });
  const phone = useNarrow();
  const rowReceipts = useRowReceipts(me);
  const withPerson = manager && search.person !== undefined && search.person !== me.id;
  const columns = (phone ? phoneColumns : expenseColumns)(
    {
      category: (id) => categories.data?.find((c) => c.id === id),
      project: (id) => (id === null ? 'No project' : (projects.data?.find((p) => p.id === id)?.name ?? id)),
      person: (id) => team.data?.find((u) => u.id === id)?.name ?? `#${id}`,
      upload: (id) => rowReceipts.uploads.get(id),
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
          onChange={(e) => onSearchChange({ project: e.target.value || undefined })}
          options={[{ value: '', label: 'All projects' }, ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
        />
        <SelectField
          label="Category"
          value={search.category ? String(search.category) : ''}
          onChange={(e) => onSearchChange({ category: e.target.value ? Number(e.target.value) : undefined })}
          options={[{ value: '', label: 'All categories' }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
        />
        {manager && (
          <SelectField
            label="Whose"
            value={whose}
            onChange={(e) =>
              onSearchChange({ person: e.target.value === 'me' ? undefined : e.target.value === 'all' ? 'all' : Number(e.target.value) })
            }
            options={[
              { value: 'me', label: 'My expenses' },
              { value: 'all', label: 'Everyone in the team' },
              ...(team.data ?? []).filter((u) => u.id !== me.id).map((u) => ({ value: u.id, label: u.name })),
            ]}
          />
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
        onDropFiles={(e, files) => void rowReceipts.drop(e, files)}
        takesFiles={rowReceipts.takes}
      />
      {list.data && list.data.some(rowReceipts.takes) && <p className={styles.dropHint}>Drop a receipt onto an expense to attach it.</p>}
    </div>
  );
}

const narrow = '(max-width: 640px)';
/** True on a phone-wide screen, where the list shows two columns. */
function useNarrow() {
  return useSyncExternalStore(
    (fn) => {
      const mq = window.matchMedia(narrow);
      mq.addEventListener('change', fn);
      return () => mq.removeEventListener('change', fn);
    },
    () => window.matchMedia(narrow).matches,
    () => false,
  );
}
