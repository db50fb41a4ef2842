import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { splitServerError } from './server-errors.ts';

export interface ApiFormOptions<In extends FieldValues, Out, R> {
  /** The contract's request schema (or one built from it): checked before anything is sent. */
  schema: z.ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  /** Sends the checked values; its failure is shown on the fields (422) or in the form's alert. */
  submit: (values: Out) => Promise<R>;
  onSuccess?: (result: R, values: Out) => void;
}

const topLevel = (path: string) => path.split('.')[0]!;

/**
 * A react-hook-form form wired to the API: the contract's schema as resolver, one submit at a time, the
 * server's 422 messages on the matching fields and any other failure as `formError`. After a successful
 * submit the form is clean again (leaving it no longer asks).
 */
export function useApiForm<In extends FieldValues, Out, R>({ schema, defaultValues, submit, onSuccess }: ApiFormOptions<In, Out, R>) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const running = useRef(false);
  // Ours, not react-hook-form's isSubmitting: a refused second submit must not end the first one's progress.
  const [sending, setSending] = useState(false);

  const send = async (values: Out) => {
    if (running.current) return;
    running.current = true;
    setSending(true);
    setFormError(null);
    try {
      const result = await submit(values);
      form.reset(form.getValues());
      onSuccess?.(result, values);
    } catch (error) {
      const known = Object.keys(form.getValues());
      const { fields, message } = splitServerError(error, (path) => known.includes(topLevel(path)));
      fields.forEach(([path, text], i) => form.setError(path as Path<In>, { type: 'server', message: text }, { shouldFocus: i === 0 }));
      setFormError(message);
    } finally {
      running.current = false;
      setSending(false);
    }
  };
  const onSubmit = (event?: BaseSyntheticEvent) => form.handleSubmit(send)(event);

  return { form, onSubmit, formError, submitting: sending || form.formState.isSubmitting, dirty: form.formState.isDirty };
}

export type ApiForm<In extends FieldValues = FieldValues, Out = unknown> = ReturnType<typeof useApiForm<In, Out, unknown>>;
