import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { afterPaint } from '../../lib/after-paint.ts';
import { loadLater } from '../../lib/load-later.ts';
import { toast } from '../toast.tsx';
import { splitServerError } from './server-errors.ts';

/**
 * The contract's request schema (or one built from it), or a function that imports it: a form drawn with a
 * screen passes the import, so zod and the schemas load just after the screen, not with it.
 */
export type SchemaSource<In extends FieldValues, Out> = z.ZodType<Out, In> | (() => Promise<z.ZodType<Out, In>>);

/**
 * A resolver that checks with the schema. The checker's code (and the schema, when it is imported) is fetched
 * once, started just after the form is painted; should it fail to load, nothing is sent, the user is told, and the next
 * check asks for it again.
 */
export function laterResolver<In extends FieldValues, Out>(source: SchemaSource<In, Out>) {
  const code = loadLater(async () => {
    const [{ zodResolver }, schema] = await Promise.all([
      import('@hookform/resolvers/zod'),
      typeof source === 'function' ? source() : source,
    ]);
    return zodResolver(schema) as unknown as Resolver<In, unknown, Out>;
  });
  const resolver: Resolver<In, unknown, Out> = async (values, context, options) => {
    const check = await code.load();
    if (check) return check(values, context, options);
    toast('Part of the app could not load. Check the connection and try again.', 'error');
    return { values: {}, errors: { root: { type: 'load', message: 'Part of the app could not load.' } } as FieldErrors<In> };
  };
  return { resolver, preload: () => void code.load() };
}

export interface ApiFormOptions<In extends FieldValues, Out, R> {
  /** Checked before anything is sent (see `SchemaSource`). */
  schema: SchemaSource<In, Out>;
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
  // A new schema (one built from loaded data) makes a new resolver; pass an import as a stable function.
  const { resolver, preload } = useMemo(() => laterResolver(schema), [schema]);
  useEffect(() => afterPaint(preload), [preload]);
  const form = useForm<In, unknown, Out>({ resolver, defaultValues });
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
