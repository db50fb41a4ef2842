import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExpenseCategory } from '../../../contract/expenses.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { categoriesQueryOptions, refreshExpenses } from './api.ts';
import { CategoryForm } from './category-form.tsx';
import { DeleteCategoryDialog } from './delete-category-dialog.tsx';
import { money } from './model.ts';
import styles from './categories.module.css';
import { perUnit } from '../../lib/units.ts';

/** Admins' list of expense categories: add, edit, delete (moving or removing their expenses). */
export function CategoriesDialog({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useQuery(categoriesQueryOptions(api));
  const [editing, setEditing] = useState<ExpenseCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExpenseCategory | null>(null);
  const done = (saved: boolean) => {
    setEditing(null);
    if (saved) void refreshExpenses(queryClient);
  };
  return (
    <Dialog open title="Expense categories" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
      {list.error && <Alert tone="error">{describeError(list.error)}</Alert>}
      {editing === 'new' ? (
        <CategoryForm category={null} onDone={done} />
      ) : (
        <Button variant="primary" onClick={() => setEditing('new')}>
          New category
        </Button>
      )}
      <ul className={styles.list} aria-label="Categories">
        {list.data?.map((c) =>
          editing !== 'new' && editing?.id === c.id ? (
            <li key={c.id} className={styles.editing}>
              <CategoryForm category={c} onDone={done} />
            </li>
          ) : (
            <li key={c.id} className={styles.item}>
              <span className={styles.swatch} style={{ background: c.color }} aria-hidden="true" />
              <span className={styles.what}>
                <strong>{c.name}</strong>
                <span className={styles.sub}>
                  {c.unitBased ? perUnit(money(c.unitPrice ?? 0), c.unitName) : 'Any amount'} · {c.expenseCount ?? 0}{' '}
                  {c.expenseCount === 1 ? 'expense' : 'expenses'}
                </span>
              </span>
              <Button size="sm" variant="ghost" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                Edit
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>
                Delete
              </Button>
            </li>
          ),
        )}
        {list.data?.length === 0 && <li className={styles.sub}>No categories yet. Add the first one.</li>}
      </ul>
      {deleting && (
        <DeleteCategoryDialog
          category={deleting}
          others={(list.data ?? []).filter((c) => c.id !== deleting.id)}
          onClose={(deleted) => {
            setDeleting(null);
            if (deleted) void refreshExpenses(queryClient);
          }}
        />
      )}
    </Dialog>
  );
}
