import type { ReactNode } from 'react';
import { controlProps, FieldShell, useFieldIds } from '../../ui/inputs/field.tsx';
import fieldStyles from '../../ui/inputs/field.module.css';

/** A labelled native select on the kit's field (label, hint, error announced with it). */
export function SelectField({
  label,
  value,
  onChange,
  children,
  options,
  hint,
  error,
  disabled,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Leading options (an "all" or "none" choice), before `options`. */
  children?: ReactNode;
  /** The choices, e.g. the projects. */
  options?: readonly { value: string | number; label: string }[] | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  disabled?: boolean;
  name?: string;
}) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <select
        {...controlProps(ids, error)}
        name={name}
        className={fieldStyles.input}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
