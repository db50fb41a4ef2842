import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ExpenseCategory } from '../../../contract/expenses.ts';
import { controlProps, FieldShell, useFieldIds } from '../../ui/inputs/field.tsx';
import fieldStyles from '../../ui/inputs/field.module.css';
import { money } from './model.ts';
import styles from './expense-form.module.css';
import { perUnit, pluralUnit } from '../../lib/units.ts';

/** How many units of a unit-based category, with the unit's price and the amount computed as it is typed. */
export function QuantityField({
  category,
  value,
  onChange,
  onBlur,
  error,
  computed,
}: {
  category: ExpenseCategory;
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  computed: number | null;
}) {
  const hint = perUnit(money(category.unitPrice ?? 0), category.unitName);
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell ids={ids} label={`Quantity (${pluralUnit(category.unitName?.trim() || 'units')})`} hint={hint} error={error}>
      <div className={styles.quantity}>
        <input
          {...controlProps(ids, error)}
          className={fieldStyles.input}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        <output className={styles.computed} htmlFor={ids.id} aria-live="polite">
          = {computed === null ? '\u2014' : money(computed)}
        </output>
      </div>
    </FieldShell>
  );
}

/** What the expense was for: a few lines of text. */
export function DetailsField({ error, ...props }: UseFormRegisterReturn<'details'> & { error?: string | undefined }) {
  const ids = useFieldIds(undefined, error);
  return (
    <FieldShell ids={ids} label="Details" error={error}>
      <textarea
        {...props}
        {...controlProps(ids, error)}
        className={`${fieldStyles.input} ${styles.textarea}`}
        rows={2}
        placeholder="What it was for"
      />
    </FieldShell>
  );
}
