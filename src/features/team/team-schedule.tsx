import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { autoLock, type AutoLock } from '../../../contract/auto-lock.ts';
import { dateString } from '../../../contract/common.ts';
import { reminderSchedule, type ReminderSchedule } from '../../../contract/reminders.ts';
import { dayNames } from '../../../contract/weeks.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import * as autoLockOps from '../../api/operations/autoLock.ts';
import * as reminders from '../../api/operations/reminders.ts';
import { CheckboxField } from '../../ui/form/checkbox-field.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import styles from './team.module.css';

const remindersKey = ['team', 'reminders'] as const;
const autoLockKey = ['team', 'auto-lock'] as const;

/** Admins: the team's reminder schedule and automatic lock, each a card of its own. */
export default function TeamSchedule() {
  const api = useApi();
  const schedule = useQuery({ queryKey: remindersKey, queryFn: ({ signal }) => api.call(reminders.getTeam, { signal }), staleTime: 0 });
  const lock = useQuery({ queryKey: autoLockKey, queryFn: ({ signal }) => api.call(autoLockOps.getTeam, { signal }), staleTime: 0 });
  return (
    <div className={styles.schedule}>
      <section className={styles.card} aria-labelledby="reminders-title">
        <h2 id="reminders-title" className={styles.cardTitle}>
          Reminders
        </h2>
        {schedule.data ? <RemindersForm schedule={schedule.data} /> : <Loading error={schedule.error} retry={() => void schedule.refetch()} />}
      </section>
      <section className={styles.card} aria-labelledby="auto-lock-title">
        <h2 id="auto-lock-title" className={styles.cardTitle}>
          Automatic locks
        </h2>
        {lock.data ? <AutoLockForm rule={lock.data} /> : <Loading error={lock.error} retry={() => void lock.refetch()} />}
      </section>
    </div>
  );
}

function Loading({ error, retry }: { error: unknown; retry: () => void }) {
  if (!error) return <p>Loading{'\u2026'}</p>;
  return (
    <p role="alert">
      Could not load the setting: {describeError(error)}{' '}
      <button type="button" className="btn btn--ghost btn--sm" onClick={retry}>
        Try again
      </button>
    </p>
  );
}

function RemindersForm({ schedule }: { schedule: ReminderSchedule }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useApiForm({
    schema: reminderSchedule,
    defaultValues: schedule,
    submit: (body: ReminderSchedule) => api.call(reminders.putTeam, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(remindersKey, saved);
      toast('The reminder schedule is saved.', 'success');
    },
  });
  const { register, control, formState } = form.form;
  const error = (name: keyof ReminderSchedule) => formState.errors[name]?.message;
  return (
    <ApiFormView api={form} unsaved="your changes to the reminders" submitLabel="Save reminders">
      <p className={styles.cardNote}>In each person{'\u2019'}s own time zone, on their workdays, never on approved time off.</p>
      <div className={styles.pair}>
        <CheckboxField control={control} name="submitOn" label="Remind to submit the week" />
        <TextField label="On the last workday at" type="time" {...register('submitAt')} error={error('submitAt')} />
      </div>
      <div className={styles.pair}>
        <CheckboxField control={control} name="missingOn" label="Remind of missing time" />
        <TextField label="The next workday at" type="time" {...register('missingAt')} error={error('missingAt')} />
      </div>
      <TextField
        label="A day is short below (% of daily capacity)"
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        {...register('missingThreshold', { valueAsNumber: true })}
        error={error('missingThreshold')}
      />
      <div className={styles.pair}>
        <CheckboxField control={control} name="timerOn" label="Remind of a long timer" />
        <TextField
          label="After (hours)"
          type="number"
          inputMode="decimal"
          step="0.25"
          min={0.25}
          max={24}
          {...register('timerLimitHours', { valueAsNumber: true })}
          error={error('timerLimitHours')}
        />
      </div>
      <div className={styles.pair}>
        <CheckboxField control={control} name="digestOn" label="Send reviewers a daily digest" />
        <TextField label="Each workday at" type="time" {...register('digestAt')} error={error('digestAt')} />
      </div>
    </ApiFormView>
  );
}

const lockForm = z.object({
  afterDays: z
    .string()
    .trim()
    .regex(/^\d*$/, 'Must be whole days')
    .transform((v) => (v === '' ? null : Number(v)))
    .pipe(autoLock.shape.afterDays),
  before: z.union([z.literal(''), dateString]).transform((v) => v || null),
  weeklyOn: z.string().transform((v) => (v === '' ? null : Number(v))),
});
type LockValues = z.input<typeof lockForm>;

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function AutoLockForm({ rule }: { rule: AutoLock }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useApiForm({
    schema: lockForm,
    defaultValues: { afterDays: rule.afterDays?.toString() ?? '', before: rule.before ?? '', weeklyOn: rule.weeklyOn?.toString() ?? '' } satisfies LockValues,
    submit: (body: AutoLock) => api.call(autoLockOps.putTeam, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(autoLockKey, saved);
      // Timesheets, timecards and expenses show the new locks.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'team' });
      toast('The automatic lock is saved.', 'success');
    },
  });
  const { register, formState } = form.form;
  return (
    <ApiFormView api={form} unsaved="your changes to the automatic lock" submitLabel="Save locks">
      <p className={styles.cardNote}>
        Locked time is read-only for everyone but admins. An admin opens a person{'\u2019'}s week again with a reason. Leave a rule empty to turn it off.
      </p>
      <TextField label="Lock time older than (days)" type="number" inputMode="numeric" min={1} {...register('afterDays')} error={formState.errors.afterDays?.message} />
      <TextField label="Lock time before" type="date" {...register('before')} error={formState.errors.before?.message} />
      <SelectField
        label="Lock each week on the next"
        options={[{ value: '', label: 'No weekly lock' }, ...dayNames.map((d, i) => ({ value: String(i), label: capital(d) }))]}
        {...register('weeklyOn')}
        error={formState.errors.weeklyOn?.message}
      />
    </ApiFormView>
  );
}
