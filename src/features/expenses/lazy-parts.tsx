import { lazy, Suspense, type ComponentProps } from 'react';

const loadForm = () => import('./expense-form.tsx');
const Form = lazy(() => loadForm().then((m) => ({ default: m.ExpenseForm })));
const Categories = lazy(() => import('./categories-dialog.tsx').then((m) => ({ default: m.CategoriesDialog })));

/**
 * The expense form (react-hook-form, zod, the receipts' drop zone) loads when it is first opened, not with
 * the list; `preloadExpenseForm` fetches it ahead when the person shows they are about to open it.
 */
export function LazyExpenseForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

/** Admins' categories (list, form, delete with its choice): loaded when opened. */
export function LazyCategoriesDialog(props: ComponentProps<typeof Categories>) {
  return (
    <Suspense fallback={null}>
      <Categories {...props} />
    </Suspense>
  );
}

export const preloadExpenseForm = () => void loadForm();
