import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

/** What every kit input takes besides its value: the form library's `field` props plus a label. */
export interface FieldProps<T> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  hint?: string;
  /** The form's message for this field (react-hook-form's `fieldState.error?.message`). */
  error?: string | undefined;
}

/** Ids tying an input to its hint and error, so both are announced with it. */
export function useFieldIds(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, labelId: `${id}-label`, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The attributes that tie a control to its field: its id, invalid state, hint and error. */
export function controlProps(ids: ReturnType<typeof useFieldIds>, error: string | undefined) {
  return { id: ids.id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.describedBy };
}

/** The label above, the hint and error below; `children` is the control, with the ids applied. */
export function FieldShell({
  ids,
  label,
  hint,
  error,
  children,
  className,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={[styles.field, error ? styles.invalid : '', className ?? ''].join(' ')}>
      <label className={styles.label} id={ids.labelId} htmlFor={ids.id}>
        {label}
      </label>
      {children}
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}

export function FieldNotes({ ids, hint, error }: { ids: ReturnType<typeof useFieldIds>; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p className={styles.hint} id={ids.hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className={styles.error} id={ids.errorId}>
          {error}
        </p>
      )}
    </>
  );
}
