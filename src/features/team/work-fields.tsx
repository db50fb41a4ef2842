import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { TextField } from '../../ui/text-field.tsx';
import { MoneyField } from './money-field.tsx';

/** The form values the work fields edit: capacity in hours, rate and cost in cents (null when empty). */
interface WorkValues extends FieldValues {
  capacity: number;
  rate: number | null;
  cost: number | null;
}

/** Weekly capacity, bill rate and cost: the fields the invitation and the edit form share. */
export function WorkFields<T extends WorkValues, Out>({
  form,
  rateHint,
  costHint,
}: {
  form: UseFormReturn<T, unknown, Out>;
  rateHint: string;
  costHint: string;
}) {
  const capacity = 'capacity' as FieldPath<T>;
  return (
    <>
      <TextField
        label="Weekly capacity (hours)"
        type="number"
        inputMode="decimal"
        step="0.5"
        {...form.register(capacity, { valueAsNumber: true })}
        error={form.getFieldState(capacity, form.formState).error?.message}
      />
      <MoneyField control={form.control} name={'rate' as FieldPath<T>} label="Bill rate per hour" hint={rateHint} />
      <MoneyField control={form.control} name={'cost' as FieldPath<T>} label="Cost per hour" hint={costHint} />
    </>
  );
}
