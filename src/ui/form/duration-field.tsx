import type { Ref } from 'react';
import { TextField, type TextFieldProps } from '../text-field.tsx';

/** A text field for a duration (`1:30`, `1.5`, `90m`); pair it with `durationText` in the form's schema. */
export function DurationField({ hint = 'For example 1:30, 1.5 or 90m', ref, ...props }: TextFieldProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextField {...props} ref={ref} hint={hint} inputMode="decimal" autoComplete="off" spellCheck={false} />;
}
