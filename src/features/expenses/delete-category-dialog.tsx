import { useState } from 'react';
import type { ExpenseCategory } from '../../../contract/expenses.ts';
import { useApi } from '../../api/context.ts';
import * as expenses from '../../api/operations/expenses.ts';
import { ChoiceDialog } from './choice-dialog.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import styles from './categories.module.css';

/** Deletes a category; one in use asks where its expenses go: another category, or away with it. */
export function DeleteCategoryDialog({
  category,
  others,
  onClose,
}: {
  category: ExpenseCategory;
  others: ExpenseCategory[];
  onClose: (deleted: boolean) => void;
}) {
  const api = useApi();
  const used = category.expenseCount ?? 0;
  const [choice, setChoice] = useState<'move' | 'remove'>(others.length ? 'move' : 'remove');
  const [target, setTarget] = useState(others[0] ? String(others[0].id) : '');
  const body = used === 0 ? {} : choice === 'move' ? { targetCategory: Number(target) } : { removeExpenses: true };
  return (
    <ChoiceDialog
      title={`Delete ${category.name}?`}
      action={used > 0 && choice === 'remove' ? `Delete it and ${used} ${used === 1 ? 'expense' : 'expenses'}` : 'Delete category'}
      onCancel={() => onClose(false)}
      onConfirm={async () => {
        await api.call(expenses.removeCategory, { params: { category_id: category.id }, body });
        onClose(true);
      }}
    >
      {used === 0 ? (
        'No expense uses it.'
      ) : (
        <span className={styles.choices}>
          <span>
            {used} {used === 1 ? 'expense uses' : 'expenses use'} it. What happens to {used === 1 ? 'it' : 'them'}?
          </span>
          <label className={styles.choice}>
            <input
              type="radio"
              name="delete-choice"
              checked={choice === 'move'}
              disabled={others.length === 0}
              onChange={() => setChoice('move')}
            />
            Move {used === 1 ? 'it' : 'them'} to another category
          </label>
          {choice === 'move' && others.length > 0 && (
            <SelectField
              label="Move to"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              options={others.map((c) => ({ value: c.id, label: c.name }))}
            />
          )}
          <label className={styles.choice}>
            <input type="radio" name="delete-choice" checked={choice === 'remove'} onChange={() => setChoice('remove')} />
            Delete {used === 1 ? 'the expense' : `the ${used} expenses`} too
          </label>
        </span>
      )}
    </ChoiceDialog>
  );
}
