import { createFileRoute } from '@tanstack/react-router';
import { NewExpenseRoute } from './-expenses-route.tsx';

/** `/expenses/new`: the list with the form open on a new expense (or the one not yet saved). */
export const Route = createFileRoute('/_app/expenses/new')({
  component: NewExpenseRoute,
});
