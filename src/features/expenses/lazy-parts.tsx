import type { ComponentProps } from 'react';
import { loadLater, useLater } from '../../lib/load-later.ts';
import type { CategoriesDialog } from './categories-dialog.tsx';
import type { ExpenseForm } from './expense-form.tsx';

const form = loadLater(() => import('./expense-form.tsx'));
const categories = loadLater(() => import('./categories-dialog.tsx'));

/**
 * The expense form (react-hook-form, zod, the receipts' drop zone) loads when it is first opened, not with
 * the list; `preloadExpenseForm` fetches it ahead when the person shows they are about to open it.
 */
export function LazyExpenseForm(props: ComponentProps<typeof ExpenseForm>) {
  const code = useLater(form, true);
  return code && <code.ExpenseForm {...props} />;
}

/** Admins' categories (list, form, delete with its choice): loaded when opened. */
export function LazyCategoriesDialog(props: ComponentProps<typeof CategoriesDialog>) {
  const code = useLater(categories, true);
  return code && <code.CategoriesDialog {...props} />;
}

export const preloadExpenseForm = () => void form.load();
