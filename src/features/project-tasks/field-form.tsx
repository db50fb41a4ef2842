import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { fieldTypes, type Field } from '../../../contract/fields.ts';
import { Button } from '../../ui/button.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useFieldMutations, type FieldCreate } from './api.ts';
import { fieldTypeLabel } from './format.ts';

const schema = z
  .object({
    name: z.string().trim().min(1, 'Required').max(200),
    type: z.enum(fieldTypes),
    visibility: z.enum(['all', 'admins']),
    decimals: z.string(),
    label: z.string().trim().max(50),
    options: z.array(z.object({ id: z.number().optional(), name: z.string().trim().max(200) })),
  })
  .transform((v, ctx): FieldCreate => {
    const options = v.options.filter((o) => o.name !== '');
    if (v.type === 'select' && options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Give the list at least one choice.' });
    const decimals = v.decimals === '' ? undefined : Number(v.decimals);
    return {
      name: v.name,
      type: v.type,
      visibility: v.visibility,
      format: v.type === 'number' ? { ...(decimals !== undefined ? { decimals } : {}), ...(v.label ? { label: v.label } : {}) } : {},
      options: v.type === 'select' ? options.map((o) => (o.id ? { id: o.id, name: o.name } : { name: o.name })) : [],
    };
  });

const typeHints: Record<Field['type'], string> = {
  text: 'Any text, such as a ticket link.',
  number: 'A figure, with the decimals and unit you choose.',
  select: 'One of a list of choices, such as a priority.',
  date: 'A calendar day.',
  checkbox: 'Yes or no.',
  user: 'A person of the team.',
};

/** Defines a custom field, or changes one (its type stays; values of removed choices are cleared). */
export default function FieldForm({
  projectId,
  field,
  admin,
  onDone,
  onCancel,
}: {
  projectId: string;
  field: Field | undefined;
  admin: boolean;
  onDone: (saved: Field) => void;
  onCancel: () => void;
}) {
  const { create, update } = useFieldMutations(projectId);
  const api = useApiForm({
    schema,
    defaultValues: {
      name: field?.name ?? '',
      type: field?.type ?? 'text',
      visibility: field?.visibility ?? 'all',
      decimals: field?.format.decimals === undefined ? '' : String(field.format.decimals),
      label: field?.format.label ?? '',
      options: field?.options.length ? field.options.map((o) => ({ id: o.id, name: o.name })) : [{ name: '' }, { name: '' }],
    },
    submit: (body) => {
      if (!field) return create.mutateAsync(body);
      const { type: _type, ...rest } = body;
      return update.mutateAsync({
        id: field.id,
        body: {
          name: rest.name,
          visibility: rest.visibility,
          ...(field.type === 'number' ? { format: rest.format } : {}),
          ...(field.type === 'select' ? { options: rest.options } : {}),
        },
      });
    },
    onSuccess: (saved) => {
      toast(`${saved.name} is saved.`, 'success');
      onDone(saved);
    },
  });
  const { register, formState, control } = api.form;
  const type = useWatch({ control, name: 'type' });
  const options = useFieldArray({ control, name: 'options' });
  const optionsError = (formState.errors.options as { message?: string } | undefined)?.message;
  return (
    <ApiFormView
      api={api}
      unsaved={field ? `your changes to ${field.name}` : 'the new field'}
      submitLabel={field ? 'Save field' : 'Add field'}
      onCancel={onCancel}
    >
      <TextField label="Name" {...register('name')} error={formState.errors.name?.message} />
      <SelectField
        label="Type"
        disabled={field !== undefined}
        hint={field ? 'A field keeps its type; add a new field for another.' : typeHints[type]}
        options={fieldTypes.map((t) => ({ value: t, label: fieldTypeLabel[t] }))}
        {...register('type')}
      />
      {type === 'number' && (
        <div className="pt-dialog__pair">
          <SelectField
            label="Decimals"
            options={[{ value: '', label: 'Any' }, ...[0, 1, 2, 3, 4].map((d) => ({ value: String(d), label: d === 0 ? 'Whole numbers' : String(d) }))]}
            {...register('decimals')}
          />
          <TextField label="Unit (optional)" placeholder="e.g. points" {...register('label')} error={formState.errors.label?.message} />
        </div>
      )}
      {type === 'select' && (
        <fieldset className="pt-options" aria-describedby={optionsError ? 'pt-options-error' : undefined}>
          <legend>Choices</legend>
          {field && <p className="pt-dialog__note">Removing a choice clears it from the tasks that have it.</p>}
          {options.fields.map((o, i) => (
            <div className="pt-options__row" key={o.id}>
              <TextField label={`Choice ${i + 1}`} {...register(`options.${i}.name`)} error={formState.errors.options?.[i]?.name?.message} />
              <Button size="sm" variant="ghost" onClick={() => options.remove(i)} aria-label={`Remove choice ${i + 1}`} disabled={options.fields.length === 1}>
                Remove
              </Button>
            </div>
          ))}
          <Button size="sm" onClick={() => options.append({ name: '' })}>
            Add a choice
          </Button>
          {optionsError && (
            <p className="field__error" id="pt-options-error">
              {optionsError}
            </p>
          )}
        </fieldset>
      )}
      <SelectField
        label="Who sees it"
        hint={admin ? 'Admins-only fields and their values stay hidden from everyone else.' : 'Only admins can make a field visible to admins only.'}
        options={[{ value: 'all', label: 'Everyone on the project' }, ...(admin || field?.visibility === 'admins' ? [{ value: 'admins', label: 'Admins only' }] : [])]}
        {...register('visibility')}
      />
    </ApiFormView>
  );
}
