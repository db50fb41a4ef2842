import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/errors.ts';
import type { Field } from '../../../contract/fields.ts';
import type { Task } from '../../../contract/tasks.ts';
import type { User } from '../../../contract/users.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { Checkbox } from '../../ui/inputs/checkbox.tsx';
import { DateInput } from '../../ui/inputs/date-input.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useSetFieldValue, type FieldValue } from './api.ts';

type Raw = string | boolean | null;
const schema = z.object({ values: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])) });

/** The form's text for a stored value. */
function toForm(field: Field, value: unknown): Raw {
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'date') return typeof value === 'string' ? value : null;
  return value === null || value === undefined ? '' : String(value);
}

/** The API's value for the form's: numbers and ids as numbers; blank clears. */
export function fromForm(field: Field, raw: Raw): FieldValue {
  if (field.type === 'checkbox') return raw === true;
  if (raw === null || raw === '' || raw === false || raw === true) return raw === true ? true : null;
  if (field.type === 'number' || field.type === 'select' || field.type === 'user') {
    const n = Number(raw.replace(',', '.'));
    return Number.isFinite(n) && raw.trim() !== '' ? n : raw;
  }
  return raw;
}

/** The task's value of each custom field, edited by the field's type; only changed values are sent. */
export function FieldValuesForm({ task, projectId, fields, people }: { task: Task; projectId: string; fields: Field[]; people: Pick<User, 'id' | 'name'>[] }) {
  const setValue = useSetFieldValue(projectId);
  const initial = Object.fromEntries(fields.map((f) => [String(f.id), toForm(f, task.fields?.[String(f.id)])]));
  const api = useApiForm({
    schema,
    defaultValues: { values: initial },
    submit: async ({ values }) => {
      const changed = fields.filter((f) => values[String(f.id)] !== initial[String(f.id)]);
      for (const f of changed) {
        try {
          await setValue.mutateAsync({ task: task.id, field: f.id, value: fromForm(f, values[String(f.id)] ?? null) });
        } catch (error) {
          // The server names `value`; the form shows it on the field it belongs to.
          if (error instanceof ApiError && error.status === 422 && error.errors)
            throw new ApiError(422, { code: 422, message: `${f.name} is not saved.`, errors: { [`values.${f.id}`]: Object.values(error.errors).flat() } });
          throw error;
        }
      }
      return changed.length;
    },
    onSuccess: (n) => toast(n ? `The custom fields of ${task.name} are saved.` : 'Nothing had changed.', 'success'),
  });
  const { control } = api.form;
  return (
    <ApiFormView api={api} unsaved={`the custom fields of ${task.name}`} submitLabel="Save fields">
      <div className="pt-dialog__grid">
        {fields.map((f) => (
          <Controller
            key={f.id}
            control={control}
            name={`values.${String(f.id)}`}
            render={({ field, fieldState }) => {
              const common = { label: f.name, error: fieldState.error?.message };
              switch (f.type) {
                case 'checkbox':
                  return <Checkbox {...common} value={field.value === true} onChange={field.onChange} onBlur={field.onBlur} />;
                case 'date':
                  return <DateInput {...common} value={typeof field.value === 'string' ? field.value : null} onChange={field.onChange} onBlur={field.onBlur} />;
                case 'select':
                case 'user': {
                  const options = f.type === 'select' ? f.options.map((o) => ({ value: String(o.id), label: o.name })) : people.map((p) => ({ value: String(p.id), label: p.name }));
                  return (
                    <SelectField
                      {...common}
                      name={field.name}
                      options={[{ value: '', label: 'Not set' }, ...options]}
                      value={String(field.value ?? '')}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                    />
                  );
                }
                default:
                  return (
                    <TextField
                      {...common}
                      name={field.name}
                      inputMode={f.type === 'number' ? 'decimal' : undefined}
                      hint={f.type === 'number' ? numberHint(f) : undefined}
                      value={String(field.value ?? '')}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                    />
                  );
              }
            }}
          />
        ))}
      </div>
    </ApiFormView>
  );
}

const numberHint = (f: Field) =>
  [f.format.decimals === undefined ? 'A number' : f.format.decimals === 0 ? 'A whole number' : `Up to ${f.format.decimals} decimals`, f.format.label ? `in ${f.format.label}` : '']
    .filter(Boolean)
    .join(' ');
