import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';

/** The kit's money input bound to a form field (cents, or null when empty). */
export function MoneyField<T extends FieldValues, Out>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <MoneyInput
          {...field}
          value={(field.value as number | null | undefined) ?? null}
          label={label}
          hint={hint}
          currency="USD"
          locale="en-US"
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
