import '../field.css';
import { useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Combobox, type ComboGroup } from '../combobox.tsx';

export interface ComboboxFieldProps<F extends FieldValues, T> {
  control: Control<F>;
  name: FieldPath<F>;
  label: string;
  /** The options for what the user typed (users, projects, tasks, clients: filter a query's data). */
  groupsFor: (query: string) => ComboGroup<T>[];
  /** The form's value for a picked option (usually its id). */
  valueOf: (option: T) => F[FieldPath<F>];
  /** The text shown for the current value. */
  labelOf: (value: F[FieldPath<F>]) => string;
  placeholder?: string;
  loading?: boolean;
}

/** The app's combobox as a form field: typing searches, picking sets the value, the error shows under it. */
export function ComboboxField<F extends FieldValues, T>({
  control,
  name,
  label,
  groupsFor,
  valueOf,
  labelOf,
  placeholder,
  loading,
}: ComboboxFieldProps<F, T>) {
  const { field, fieldState } = useController({ control, name });
  const [query, setQuery] = useState<string | null>(null);
  const shown = query ?? (field.value === undefined || field.value === null ? '' : labelOf(field.value));
  return (
    <div className={`field${fieldState.error ? ' field--invalid' : ''}`}>
      <Combobox<T>
        label={label}
        placeholder={placeholder}
        query={shown}
        onQueryChange={setQuery}
        groups={groupsFor(query ?? '')}
        loading={loading}
        onSelect={(option) => {
          field.onChange(valueOf(option));
          setQuery(null);
        }}
        onEscape={() => setQuery(null)}
      />
      {fieldState.error && (
        <p className="field__error" role="alert">
          {fieldState.error.message}
        </p>
      )}
    </div>
  );
}
