import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput, type DateInputProps } from '../inputs/date-input.tsx';

export type DateFieldProps<T extends FieldValues, C, O extends FieldValues> = Omit<
  DateInputProps,
  'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref'
> & {
  /** The form's control (its values `T`, context `C` and the values its schema turns them into, `O`). */
  control: Control<T, C, O>;
  name: Path<T>;
  /** What a cleared field holds: `null` (the default) or `undefined`, as the form's schema wants it. */
  empty?: null | undefined;
};

/** A form's calendar day (`YYYY-MM-DD`): the date input wired to the form, with its error under it. */
export function DateField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  empty = null,
  ...input
}: DateFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          {...input}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | null | undefined) ?? null}
          onChange={(v) => field.onChange(v ?? empty)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
