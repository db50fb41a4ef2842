import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox } from '../inputs/checkbox.tsx';

export interface CheckboxFieldProps<T extends FieldValues, Out extends FieldValues = T> {
  /** The form's control; `Out` is what the schema makes of the values. */
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  label: string;
  hint?: string | undefined;
}

/** A form's checkbox: the kit's Checkbox bound to one boolean field of a react-hook-form form. */
export function CheckboxField<T extends FieldValues, Out extends FieldValues = T>({
  control,
  name,
  label,
  hint,
}: CheckboxFieldProps<T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          hint={hint}
          name={field.name}
          value={Boolean(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}
