import type { Ref } from 'react';
import { controlProps, FieldNotes, useFieldIds, type FieldProps } from './field.tsx';
import styles from './toggle.module.css';

export interface SwitchProps extends FieldProps<boolean> {
  ref?: Ref<HTMLButtonElement>;
}

/** An on/off setting that takes effect as a whole (`role="switch"`); Space or Enter flips it. */
export function Switch({ label, value, onChange, onBlur, name, disabled, hint, error, ref }: SwitchProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <button
          ref={ref}
          name={name}
          {...controlProps(ids, error)}
          type="button"
          role="switch"
          className={styles.switch}
          aria-checked={value}
          aria-labelledby={ids.labelId}
          disabled={disabled}
          onClick={() => onChange(!value)}
          onBlur={onBlur}
        >
          <span className={styles.thumb} aria-hidden="true" />
        </button>
        <label id={ids.labelId} htmlFor={ids.id}>
          {label}
        </label>
      </div>
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
