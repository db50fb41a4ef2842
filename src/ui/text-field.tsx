import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame } from './field-frame.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; its hint and error are announced with it. In a form, spread `register('field')` into it. */
export function TextField({ label, hint, error, className, ref, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...input} {...control} ref={ref} className="field__input" />}
    </FieldFrame>
  );
}
