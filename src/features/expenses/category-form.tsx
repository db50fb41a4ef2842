import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ExpenseCategory } from '../../../contract/expenses.ts';
import { useApi } from '../../api/context.ts';
import { ApiError, describeError } from '../../api/errors.ts';
import * as expenses from '../../api/operations/expenses.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ColourInput } from '../../ui/inputs/colour-input.tsx';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';
import { Switch } from '../../ui/inputs/switch.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { CURRENCY } from './model.ts';
import styles from './categories.module.css';

interface Values {
  name: string;
  color: string | null;
  unitBased: boolean;
  unitName: string;
  unitPrice: number | null;
}
const names = ['name', 'color', 'unitBased', 'unitName', 'unitPrice'] as const;

/** Create or edit one expense category; the server's 422 lands on its field. */
export function CategoryForm({ category, onDone }: { category: ExpenseCategory | null; onDone: (saved: boolean) => void }) {
  const api = useApi();
  const [error, setError] = useState<unknown>(null);
  const form = useForm<Values>({
    defaultValues: {
      name: category?.name ?? '',
      color: category?.color ?? '#2f6f5e',
      unitBased: category?.unitBased ?? false,
      unitName: category?.unitName ?? '',
      unitPrice: category?.unitPrice ?? null,
    },
  });
  const unitBased = useWatch({ control: form.control, name: 'unitBased' });
  const err = (f: (typeof names)[number]) => form.formState.errors[f]?.message;
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const body = {
      name: v.name,
      color: v.color ?? '',
      unitBased: v.unitBased,
      unitName: v.unitBased ? v.unitName : null,
      unitPrice: v.unitBased ? v.unitPrice : null,
    };
    try {
      if (category) await api.call(expenses.updateCategory, { params: { category_id: category.id }, body });
      else await api.call(expenses.createCategory, { body });
      onDone(true);
    } catch (e) {
      setError(e);
      if (e instanceof ApiError && e.errors)
        for (const [k, m] of Object.entries(e.errors)) {
          const f = names.find((n) => n === k);
          if (f) form.setError(f, { type: 'server', message: m.join(' ') });
        }
    }
  });
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={category ? `Edit ${category.name}` : 'New category'}
    >
      {error !== null && <Alert tone="error">{describeError(error)}</Alert>}
      <TextField label="Name" {...form.register('name', { required: 'Enter a name' })} error={err('name')} />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => <ColourInput label="Colour" value={field.value} onChange={field.onChange} error={err('color')} />}
      />
      <Controller
        control={form.control}
        name="unitBased"
        render={({ field }) => <Switch label="Priced per unit (mileage, nights…)" value={field.value} onChange={field.onChange} />}
      />
      {unitBased && (
        <div className={styles.unit}>
          <TextField
            label="Unit name"
            placeholder="Miles"
            {...form.register('unitName', { validate: (v) => v.trim() !== '' || 'Enter the unit' })}
            error={err('unitName')}
          />
          <Controller
            control={form.control}
            name="unitPrice"
            rules={{ validate: (v) => (v !== null && !Number.isNaN(v)) || 'Enter the price of one unit' }}
            render={({ field }) => (
              <MoneyInput
                label="Price per unit"
                currency={CURRENCY}
                value={field.value}
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
        <Button variant="primary" type="submit" busy={form.formState.isSubmitting}>
          {category ? 'Save category' : 'Add category'}
        </Button>
      </div>
    </form>
  );
}
