import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Outlet, useMatchRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Expense } from '../../../contract/expenses.ts';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { keys } from '../../api/keys.ts';
import * as expenseOps from '../../api/operations/expenses.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { refreshExpenses } from '../../features/expenses/api.ts';
import { clearDraft, loadDraft, loadDrafts, newDraftKey, type ExpenseDraft } from '../../features/expenses/draft.ts';
import { ExpensesPage } from '../../features/expenses/expenses-page.tsx';
import { NoExpenses } from '../../features/expenses/no-expenses.tsx';
import { LazyCategoriesDialog, LazyExpenseForm, preloadExpenseForm } from '../../features/expenses/lazy-parts.tsx';
import { restoreBody } from '../../features/expenses/save.ts';
import { UnsavedNotice } from '../../features/expenses/unsaved-notice.tsx';
import { weekStartOf } from '../../features/shell/week-start.ts';
import { Button } from '../../ui/button.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { toast } from '../../ui/toast.tsx';

const route = getRouteApi('/_app/expenses');

const draftOf = (e: Expense): ExpenseDraft => ({
  key: newDraftKey(),
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
  key: newDraftKey(),
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
  const [, setVersion] = useState(0);
  const today = dateAtOffset(new Date(), me.timezone ?? 0);
  const drafts = creating || editing ? [] : loadDrafts(me.id);
  // The form's code comes once the list is on screen (or at once when the person reaches for Add expense).
  useEffect(() => {
    const idle = setTimeout(preloadExpenseForm, 1500);
    return () => clearTimeout(idle);
  }, []);

  /** Closing keeps what was entered on this device (offered again above the list); saving or deleting ends it. */
  const finish = (expenseId: number | null, reason: 'saved' | 'closed' | 'deleted' | 'discarded') => {
    if (reason !== 'closed') clearDraft(me.id, expenseId);
    if (reason === 'saved') toast('Expense saved', 'success');
    setEditing(null);
    setVersion((n) => n + 1);
  };
  const resume = (d: ExpenseDraft) => {
    if (d.expenseId === null) return void navigate({ to: '/expenses/new', search });
    const current = queryClient
      .getQueriesData<Expense[]>({ queryKey: keys.expenses.all })
      .flatMap(([, list]) => (Array.isArray(list) ? list : []));
    setEditing(current.find((e) => e.id === d.expenseId) ?? ({ ...draftToExpense(d), user: me.id } as Expense));
  };

  if (me.role === 'member_limited')
    return (
      <>
        <PageTitle>Expenses</PageTitle>
        <NoExpenses />
      </>
    );
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
          drafts[0] && (
            <UnsavedNotice
              key={drafts[0].key}
              draft={drafts[0]}
              onOpen={() => resume(drafts[0]!)}
              onDiscard={() => finish(drafts[0]!.expenseId, 'discarded')}
            />
          )
        }
        actions={
          <>
            {me.role === 'admin' && <Button onClick={() => setCategoriesOpen(true)}>Categories</Button>}
            <Button
              variant="primary"
              onPointerEnter={preloadExpenseForm}
              onFocus={preloadExpenseForm}
              onClick={() => void navigate({ to: '/expenses/new', search })}
            >
              Add expense
            </Button>
          </>
        }
      />
      {creating && <Outlet />}
      {editing && (
        <LazyExpenseForm
          me={me}
          expense={editing}
          initial={loadDraft(me.id, editing.id) ?? draftOf(editing)}
          onClose={(reason) => finish(editing.id, reason)}
          onDelete={async () => {
            try {
              const gone = editing;
              await api.call(expenseOps.remove, { params: { expense_id: gone.id } });
              await refreshExpenses(queryClient);
              finish(gone.id, 'deleted');
              toast('Expense deleted', 'success', {
                undo: () =>
                  void api
                    .call(expenseOps.create, { body: restoreBody(gone, me) })
                    .then(() => refreshExpenses(queryClient))
                    .then(() => toast('Expense restored', 'success'))
                    .catch((e: unknown) => toast(`The expense was not restored: ${describeError(e)}`, 'error')),
              });
            } catch (e) {
              toast(`The expense was not deleted: ${describeError(e)}`, 'error');
            }
          }}
        />
      )}
      {categoriesOpen && <LazyCategoriesDialog onClose={() => setCategoriesOpen(false)} />}
    </>
  );
}

/** An expense to edit from its kept draft, when the list at hand does not hold it. */
const draftToExpense = (d: ExpenseDraft) => ({
  id: d.expenseId!,
  amount: d.amount ?? 0,
  attachments: d.receipts,
  billable: d.billable,
  type: d.billable ? ('billable' as const) : ('cost' as const),
  category: Number(d.category),
  date: d.date ?? '',
  details: d.details,
  project: d.project || null,
  quantity: null,
  isLocked: false,
  lockReasons: [],
});
