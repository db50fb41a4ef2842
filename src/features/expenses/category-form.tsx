import { Controller, useWatch } from 'react-hook-form';
import { categoryBody, type ExpenseCategory } from '../../../contract/expenses.ts';
import { useApi } from '../../api/context.ts';
import * as expenses from '../../api/operations/expenses.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ColourInput } from '../../ui/inputs/colour-input.tsx';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';
import { Switch } from '../../ui/inputs/switch.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { CURRENCY } from './model.ts';
import styles from './categories.module.css';

/** Create or edit one expense category, checked with the contract's body; the server's 422 lands on its field. */
export function CategoryForm({ category, onDone }: { category: ExpenseCategory | null; onDone: (saved: boolean) => void }) {
  const api = useApi();
  const kit = useApiForm({
    schema: categoryBody,
    defaultValues: {
      name: category?.name ?? '',
      color: category?.color ?? '#2f6f5e',
      unitBased: category?.unitBased ?? false,
      unitName: category?.unitName ?? '',
      unitPrice: category?.unitPrice ?? null,
    },
    submit: (v) => {
      const body = { ...v, unitName: v.unitBased ? (v.unitName ?? null) : null, unitPrice: v.unitBased ? (v.unitPrice ?? null) : null };
      return category
        ? api.call(expenses.updateCategory, { params: { category_id: category.id }, body })
        : api.call(expenses.createCategory, { body });
    },
    onSuccess: () => onDone(true),
  });
  const { form } = kit;
  const unitBased = useWatch({ control: form.control, name: 'unitBased' });
  const err = (f: 'name' | 'color' | 'unitName' | 'unitPrice') => form.formState.errors[f]?.message;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => void kit.onSubmit(e)}
      aria-label={category ? `Edit ${category.name}` : 'New category'}
    >
      {kit.formError && <Alert tone="error">{kit.formError}</Alert>}
      <TextField label="Name" {...form.register('name')} error={err('name')} />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => <ColourInput label="Colour" value={field.value ?? null} onChange={field.onChange} error={err('color')} />}
      />
      <Controller
        control={form.control}
        name="unitBased"
        render={({ field }) => <Switch label="Priced per unit (mileage, nights…)" value={field.value ?? false} onChange={field.onChange} />}
      />
      {unitBased && (
        <div className={styles.unit}>
          <TextField label="Unit name" placeholder="Miles" {...form.register('unitName')} error={err('unitName')} />
          <Controller
            control={form.control}
            name="unitPrice"
            render={({ field }) => (
              <MoneyInput
                label="Price per unit"
                currency={CURRENCY}
                value={field.value ?? null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err('unitPrice')}
              />
            )}
          />
        </div>
      )}
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={() => onDone(false)}>
          Cancel
        </Button>
        <Button variant="primary" type="submit" busy={kit.submitting}>
          {category ? 'Save category' : 'Add category'}
        </Button>
      </div>
    </form>
  );
}
