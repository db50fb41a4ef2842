import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { hexColor } from '../../../contract/common.ts';
import { endMessage, endNotBeforeStart, type Allocation, type TimeOffType } from '../../../contract/timeoff.ts';
import { dateString } from '../../../contract/common.ts';
import { useApi } from '../../api/context.ts';
import * as timeOffOps from '../../api/operations/timeOff.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { ColourInput } from '../../ui/inputs/colour-input.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useRefreshTimeOff } from './api.ts';

const typeSchema = z.object({ name: z.string().trim().min(1, 'Required').max(100), color: hexColor, paid: z.boolean() });

/** Adds or changes a time-off type (admins). */
export function TypeForm({ editing, onDone, onCancel }: { editing?: TimeOffType | undefined; onDone: () => void; onCancel: () => void }) {
  const api = useApi();
  const refresh = useRefreshTimeOff();
  const { form, ...rest } = useApiForm({
    schema: typeSchema,
    defaultValues: { name: editing?.name ?? '', color: editing?.color ?? '#7e57c2', paid: editing?.paid ?? true },
    submit: (v) =>
      editing ? api.call(timeOffOps.updateType, { params: { id: editing.id }, body: v }) : api.call(timeOffOps.createType, { body: v }),
    onSuccess: () => {
      void refresh();
      onDone();
    },
  });
  return (
    <ApiFormView
      api={rest}
      unsaved="this time-off type"
      submitLabel={editing ? 'Save type' : 'Add type'}
      onCancel={onCancel}
    >
      <TextField label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
      <Controller
        control={form.control}
        name="color"
        render={({ field, fieldState }) => (
          <ColourInput
            label="Colour"
            value={field.value}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            name={field.name}
            error={fieldState.error?.message}
          />
        )}
      />
      <label className="toff-check">
        <input type="checkbox" {...form.register('paid')} /> Paid (counts in the cost of time off)
      </label>
    </ApiFormView>
  );
}

const amount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'Enter a number of days, e.g. 25 or 2.5')
  .refine((s) => Number.isInteger(Number(s) * 4), 'Must be a multiple of 0.25 days');
const allocationSchema = z
  .object({
    user: z.string().min(1, 'Required'),
    timeOffType: z.string().min(1, 'Required'),
    startDate: dateString,
    endDate: dateString,
    days: amount,
    daysCarried: amount,
    restrictOverAllocation: z.boolean(),
  })
  .refine(endNotBeforeStart, endMessage);

export interface AllocationFormProps {
  editing?: Allocation | undefined;
  people: readonly { id: number; name: string }[];
  types: readonly TimeOffType[];
  year: string;
  onDone: () => void;
  onCancel: () => void;
}

/** Grants a person days of a type for a period (admins). */
export function AllocationForm({ editing, people, types, year, onDone, onCancel }: AllocationFormProps) {
  const api = useApi();
  const refresh = useRefreshTimeOff();
  const { form, ...rest } = useApiForm({
    schema: allocationSchema,
    defaultValues: {
      user: String(editing?.user ?? people[0]?.id ?? ''),
      timeOffType: String(editing?.timeOffType ?? types[0]?.id ?? ''),
      startDate: editing?.startDate ?? `${year}-01-01`,
      endDate: editing?.endDate ?? `${year}-12-31`,
      days: String(editing?.days ?? 25),
      daysCarried: String(editing?.daysCarried ?? 0),
      restrictOverAllocation: editing?.restrictOverAllocation ?? false,
    },
    submit: (v) => {
      const body = {
        ...v,
        user: Number(v.user),
        timeOffType: Number(v.timeOffType),
        days: Number(v.days),
        daysCarried: Number(v.daysCarried),
      };
      return editing
        ? api.call(timeOffOps.updateAllocation, { params: { id: editing.id }, body })
        : api.call(timeOffOps.createAllocation, { body });
    },
    onSuccess: () => {
      void refresh();
      onDone();
    },
  });
  const e = form.formState.errors;
  return (
    <ApiFormView
      api={rest}
      unsaved="this allocation"
      submitLabel={editing ? 'Save allocation' : 'Add allocation'}
      onCancel={onCancel}
    >
      <SelectField
        label="Person"
        options={people.map((p) => ({ value: p.id, label: p.name }))}
        {...form.register('user')}
        error={e.user?.message}
      />
      <SelectField
        label="Type"
        options={types.map((t) => ({ value: t.id, label: t.name }))}
        {...form.register('timeOffType')}
        error={e.timeOffType?.message}
      />
      <div className="toff-form__dates">
        <TextField label="From" type="date" {...form.register('startDate')} error={e.startDate?.message} />
        <TextField label="To" type="date" {...form.register('endDate')} error={e.endDate?.message} />
      </div>
      <div className="toff-form__dates">
        <TextField label="Days granted" inputMode="decimal" {...form.register('days')} error={e.days?.message} />
        <TextField label="Days carried over" inputMode="decimal" {...form.register('daysCarried')} error={e.daysCarried?.message} />
      </div>
      <label className="toff-check">
        <input type="checkbox" {...form.register('restrictOverAllocation')} /> Restrict: refuse requests beyond the balance
      </label>
    </ApiFormView>
  );
}
