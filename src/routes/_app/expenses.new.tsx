import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { currentUserQueryOptions } from '../../auth/current-user.ts';
import { clearDraft, loadDraft } from '../../features/expenses/draft.ts';
// Not through the list's lazy form: opened at this address, the form's code is part of the route's own and starts
// downloading with the app.
import { ExpenseForm } from '../../features/expenses/expense-form.tsx';
import { focusNew } from '../../ui/focus-new.ts';
import { toast } from '../../ui/toast.tsx';
import { blankDraft } from './-expenses-route.tsx';

const list = getRouteApi('/_app/expenses');

/** `/expenses/new`: the list with the form open on a new expense (or the one not yet saved). */
export const Route = createFileRoute('/_app/expenses/new')({
  component: NewExpenseRoute,
});

function NewExpenseRoute() {
  const api = useApi();
  const me = useSuspenseQuery(currentUserQueryOptions(api)).data;
  const navigate = useNavigate();
  const search = list.useSearch();
  const [initial] = useState(() => loadDraft(me.id, null) ?? blankDraft(dateAtOffset(new Date(), me.timezone ?? 0)));
  return (
    <ExpenseForm
      me={me}
      initial={initial}
      onClose={(reason, saved) => {
        if (reason === 'saved') {
          clearDraft(me.id, null);
          toast('Expense saved', 'success');
        }
        // Back on the list, focus goes to the new expense's row (or the list's heading when a filter hides it).
        if (saved) focusNew(() => document.querySelector(`tr[data-key="${saved.id}"]`), () => document.querySelector('main h1'));
        void navigate({ to: '/expenses', search });
      }}
    />
  );
}
