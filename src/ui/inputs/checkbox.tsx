import type { Ref } from 'react';
import { controlProps, FieldNotes, useFieldIds, type FieldProps } from './field.tsx';
import styles from './toggle.module.css';

export interface CheckboxProps extends FieldProps<boolean> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled checkbox holding a boolean. */
export function Checkbox({ label, value, onChange, onBlur, name, disabled, hint, error, ref }: CheckboxProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={styles.field}>
      <label className={styles.row} htmlFor={ids.id}>
        <input
          ref={ref}
          name={name}
          {...controlProps(ids, error)}
          type="checkbox"
          className={styles.checkbox}
          checked={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={onBlur}
        />
        <span>{label}</span>
      </label>
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
