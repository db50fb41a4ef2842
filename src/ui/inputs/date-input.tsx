import type { Ref } from 'react';
import { controlProps, FieldShell, useFieldIds, type FieldProps } from './field.tsx';
import fieldStyles from './field.module.css';

export interface DateInputProps extends FieldProps<string | null> {
  /** Earliest and latest day allowed, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A calendar day as `YYYY-MM-DD`, or `null` when blank; the browser's own date picker. */
export function DateInput({ label, value, onChange, onBlur, name, disabled, hint, error, min, max, ref }: DateInputProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <input
        ref={ref}
        name={name}
        {...controlProps(ids, error)}
        type="date"
        className={fieldStyles.input}
        value={value ?? ''}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value || null)}
        onBlur={onBlur}
      />
    </FieldShell>
  );
}
