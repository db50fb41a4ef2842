import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { endMessage, endNotBeforeStart, timeOffPeriod, type TimeOffAssignment, type TimeOffType } from '../../../contract/timeoff.ts';
import { dateString } from '../../../contract/common.ts';
import { useApi } from '../../api/context.ts';
import * as planner from '../../api/operations/planner.ts';
import * as timeOffOps from '../../api/operations/timeOff.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { previewQueryOptions, useRefreshTimeOff } from './api.ts';
import { allocationPeriodLabel, daysText, periodLabel } from './labels.ts';

const schema = z
  .object({
    user: z.string(),
    timeOffType: z.string(),
    startDate: dateString,
    endDate: dateString,
    timeOffPeriod,
    note: z.string().max(2000, 'At most 2000 characters'),
    approved: z.boolean(),
  })
  .refine(endNotBeforeStart, endMessage);
type Values = z.input<typeof schema>;

export interface RequestFormProps {
  types: readonly TimeOffType[];
  today: string;
  meId: number;
  /** Admins pick the person and may grant it approved at once. */
  people?: readonly { id: number; name: string }[] | undefined;
  /** The pending request being edited. */
  editing?: TimeOffAssignment | undefined;
  onDone: (saved: TimeOffAssignment) => void;
  onCancel: () => void;
}

/** Request (or, as an admin, grant) time off: what it counts and leaves shows before it is sent. */
export default function RequestForm({ types, today, meId, people, editing, onDone, onCancel }: RequestFormProps) {
  const api = useApi();
  const refresh = useRefreshTimeOff();
  const { form, ...rest } = useApiForm({
    schema,
    defaultValues: {
      user: String(editing?.user ?? meId),
      timeOffType: editing?.timeOffType ? String(editing.timeOffType) : types[0] ? String(types[0].id) : '',
      startDate: editing?.startDate ?? today,
      endDate: editing?.endDate ?? today,
      timeOffPeriod: editing?.timeOffPeriod ?? 'full-day',
      note: editing?.note ?? '',
      approved: false,
    },
    submit: async (v) => {
      const fields = {
        timeOffType: v.timeOffType ? Number(v.timeOffType) : null,
        startDate: v.startDate,
        endDate: v.endDate,
        timeOffPeriod: v.timeOffPeriod,
        note: v.note,
      };
      if (editing) {
        const saved = await api.call(planner.update, { params: { id: editing.id }, body: fields });
        return saved as TimeOffAssignment;
      }
      return api.call(timeOffOps.create, {
        // A request is told to the admins; time off granted to someone else is told to them.
        body: { ...fields, user: Number(v.user), status: v.approved ? 'approved' : 'pending', sendNotification: true },
      });
    },
    onSuccess: (saved) => {
      void refresh();
      onDone(saved);
    },
  });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control }) as Values;
  const ready =
    /^\d{4}-\d{2}-\d{2}$/.test(values.startDate ?? '') &&
    /^\d{4}-\d{2}-\d{2}$/.test(values.endDate ?? '') &&
    values.endDate! >= values.startDate!;
  const query = {
    ...(values.user && Number(values.user) !== meId ? { user: Number(values.user) } : {}),
    ...(values.timeOffType ? { timeOffType: Number(values.timeOffType) } : {}),
    startDate: values.startDate ?? today,
    endDate: values.endDate ?? today,
    timeOffPeriod: values.timeOffPeriod ?? 'full-day',
    ...(editing ? { except: editing.id } : {}),
  };
  const preview = useQuery({ ...previewQueryOptions(api, query), enabled: ready, placeholderData: (prev) => prev });
  const refusal = preview.data?.errors ?? {};

  return (
    <ApiFormView
      api={rest}
      unsaved="this time-off request"
      submitLabel={editing ? 'Save changes' : people ? 'Add time off' : 'Send request'}
      errorTitle="Not sent"
      className="toff-form"
      onCancel={onCancel}
    >
      {people && (
        <SelectField
          label="Person"
          options={people.map((p) => ({ value: p.id, label: p.name }))}
          {...form.register('user')}
          error={errors.user?.message}
        />
      )}
      <SelectField
        label="Type"
        options={[...types.map((t) => ({ value: t.id, label: t.name })), { value: '', label: 'Other (no type)' }]}
        {...form.register('timeOffType')}
        error={errors.timeOffType?.message ?? refusal.timeOffType?.[0]}
      />
      <div className="toff-form__dates">
        <TextField label="From" type="date" {...form.register('startDate')} error={errors.startDate?.message ?? refusal.startDate?.[0]} />
        <TextField label="To" type="date" {...form.register('endDate')} error={errors.endDate?.message ?? refusal.endDate?.[0]} />
      </div>
      <SelectField
        label="Period of each day"
        options={timeOffPeriod.options.map((p) => ({ value: p, label: periodLabel[p] }))}
        {...form.register('timeOffPeriod')}
      />
      <TextField label="Note" hint="Optional: a word for whoever approves it" {...form.register('note')} error={errors.note?.message} />
      {people && (
        <label className="toff-check">
          <input type="checkbox" {...form.register('approved')} /> Approved at once (no request to decide)
        </label>
      )}
      <section className="toff-preview" aria-label="Before sending" aria-live="polite" aria-busy={preview.isFetching}>
        {!ready ? (
          <p className="muted">Choose the dates to see what it counts.</p>
        ) : preview.isError ? (
          <p className="muted">The balance could not be worked out just now; it is checked when you send.</p>
        ) : !preview.data ? (
          <p className="muted">Working out the days…</p>
        ) : (
          <>
            <p>
              <strong>{daysText(preview.data.days)}</strong> counted{' '}
              {preview.data.days === 0 ? '(no workdays in the range)' : 'as workdays (Monday to Friday)'}
            </p>
            {preview.data.allocations.length === 0 ? (
              <p className="muted">No allocation of this type covers these dates.</p>
            ) : (
              <ul className="toff-preview__list">
                {preview.data.allocations.map((a) => (
                  <li key={a.id} className={a.daysRemainingAfter < 0 ? 'is-over' : undefined}>
                    Balance {allocationPeriodLabel(a, today)}: {daysText(a.daysRemaining)} left,{' '}
                    <strong>{daysText(a.daysRemainingAfter)} after this request</strong>
                    {a.daysRemainingAfter < 0 &&
                      (a.restrictOverAllocation ? ' (over the allocation: it will be refused)' : ' (over the allocation)')}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </ApiFormView>
  );
}
