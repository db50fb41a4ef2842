import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from '../field-frame.tsx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string | number; label: string }[];
  hint?: string;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select. In a form, spread `register('field')` into it. */
export function SelectField({ label, options, hint, error, className, ref, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...select} {...control} ref={ref} className="field__input">
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
