import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Outlet, useMatchRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Expense } from '../../../contract/expenses.ts';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import * as expenseOps from '../../api/operations/expenses.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { refreshExpenses } from '../../features/expenses/api.ts';
import { CategoriesDialog } from '../../features/expenses/categories-dialog.tsx';
import { clearDraft, draftMatters, loadDraft, type ExpenseDraft } from '../../features/expenses/draft.ts';
import { ExpenseForm } from '../../features/expenses/expense-form.tsx';
import { ExpensesPage } from '../../features/expenses/expenses-page.tsx';
import { UnsavedNotice } from '../../features/expenses/unsaved-notice.tsx';
import { weekStartOf } from '../../features/shell/week-start.ts';
import { Button } from '../../ui/button.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { toast } from '../../ui/toast.tsx';

const route = getRouteApi('/_app/expenses');

const draftOf = (e: Expense): ExpenseDraft => ({
  expenseId: e.id,
  date: e.date,
  project: e.project ?? '',
  category: String(e.category),
  quantity: e.quantity === null ? '' : String(e.quantity),
  amount: e.amount,
  billable: e.billable,
  details: e.details,
  receipts: e.attachments,
});

export const blankDraft = (today: string): ExpenseDraft => ({
  expenseId: null,
  date: today,
  project: '',
  category: '',
  quantity: '',
  amount: null,
  billable: false,
  details: '',
  receipts: [],
});

function useMe() {
  const api = useApi();
  return useSuspenseQuery(currentUserQueryOptions(api)).data;
}

/** The expenses screen: the list, the form for one expense, and the categories for admins. */
export function ExpensesRoute() {
  const api = useApi();
  const me = useMe();
  const queryClient = useQueryClient();
  const search = route.useSearch();
  const navigate = useNavigate();
  const creating = Boolean(useMatchRoute()({ to: '/expenses/new' }));
  const [editing, setEditing] = useState<Expense | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [draftSeen, setDraftSeen] = useState(0);
  const today = dateAtOffset(new Date(), me.timezone ?? 0);
  const stored = loadDraft(me.id);
  const showNotice = !creating && !editing && draftMatters(stored);

  const close = (reason: 'saved' | 'cancelled' | 'deleted') => {
    clearDraft(me.id);
    setDraftSeen((n) => n + 1);
    if (reason === 'saved') toast('Expense saved', 'success');
    if (reason === 'deleted') toast('Expense deleted', 'success');
    setEditing(null);
    if (creating) void navigate({ to: '/expenses', search });
  };

  return (
    <>
      <PageTitle>Expenses</PageTitle>
      <ExpensesPage
        me={me}
        today={today}
        weekStart={weekStartOf(me)}
        search={search}
        onSearchChange={(change) => void navigate({ to: '/expenses', search: { ...search, ...change }, replace: true })}
        onOpen={(e) => setEditing(e)}
        notice={
          showNotice && (
            <UnsavedNotice
              key={draftSeen}
              draft={stored!}
              onOpen={() => void navigate({ to: '/expenses/new', search })}
              onDiscard={() => close('cancelled')}
            />
          )
        }
        actions={
          <>
            {me.role === 'admin' && <Button onClick={() => setCategoriesOpen(true)}>Categories</Button>}
            <Button variant="primary" onClick={() => void navigate({ to: '/expenses/new', search })}>
              Add expense
            </Button>
          </>
        }
      />
      {creating && <Outlet />}
      {editing && (
        <ExpenseForm
          me={me}
          expense={editing}
          initial={stored?.expenseId === editing.id ? stored : draftOf(editing)}
          onClose={close}
          onDelete={async () => {
            await api.call(expenseOps.remove, { params: { expense_id: editing.id } });
            await refreshExpenses(queryClient);
            close('deleted');
          }}
        />
      )}
      {categoriesOpen && <CategoriesDialog onClose={() => setCategoriesOpen(false)} />}
    </>
  );
}

/** `/expenses/new`: the form on a new expense, or on the one that was not saved yet. */
export function NewExpenseRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const search = route.useSearch();
  const [initial] = useState(() => loadDraft(me.id) ?? blankDraft(dateAtOffset(new Date(), me.timezone ?? 0)));
  return (
    <ExpenseForm
      me={me}
      initial={initial}
      onClose={(reason) => {
        clearDraft(me.id);
        if (reason === 'saved') toast('Expense saved', 'success');
        void navigate({ to: '/expenses', search });
      }}
    />
  );
}
