import { useSuspenseQuery } from '@tanstack/react-query';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { roundingSteps } from '../../../contract/rounding-choices.ts';
import type { ProjectRounding } from '../../../contract/rounding.ts';
import type { User } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';
import { toast } from '../../ui/toast.tsx';
import { BUDGET_CURRENCY } from '../budgets/format.ts';
import { billingModes as modes, type BillingChecked, type BillingValues as Values } from './billing-choices.ts';
import styles from './billing.module.css';
import { teamQueryOptions } from '../team/api.ts';
import { useProjectBilling, type BillingBody, type Project } from './api.ts';
import { billingMode, billingModeLabels, money, type BillingMode } from './format.ts';

const modeHints: Record<BillingMode, string> = {
  non_billable: 'Time on this project is never billed.',
  project_rate: 'Every hour is billed at one rate, whoever logs it.',
  user_rate: 'Each hour is billed at the rate of the person who logged it (or their override below).',
  user_cost: 'Each hour is billed at the cost of the person who logged it: for work billed at cost.',
  fixed_fee: 'The client pays one amount, however many hours it takes.',
};

const roundingChoices = [
  { value: 'team', label: "Team's rule" },
  { value: 'none', label: 'No rounding' },
  { value: 'custom', label: 'Own rule for this project' },
];
const roundingModeLabels = [
  { value: 'up', label: 'Up' },
  { value: 'down', label: 'Down' },
  { value: 'nearest', label: 'To the nearest (halves up)' },
];
const roundingPerLabels = [
  { value: 'entry', label: 'Each time record' },
  { value: 'total', label: "Each row's total" },
];
const describeRule = (r: Project['effectiveRounding']) =>
  r ? `${r.mode === 'nearest' ? 'to the nearest' : r.mode} ${r.step} min, ${r.per === 'entry' ? 'each record' : "each row's total"}` : 'no rounding';

/** The form's check, imported as the form is drawn. */
const billingSchema = () => import('./billing-schema.ts').then((m) => m.billingSchema);

/** Overrides are keyed `u12` (not `12`): react-hook-form would read numeric keys as array indexes. */
const overrideKey = (userId: number | string) => `u${userId}`;

function toBody(v: BillingChecked, project: Project): BillingBody {
  const userRateOverrides: Record<string, number> = {};
  const userCostOverrides: Record<string, number> = {};
  for (const [key, o] of Object.entries(v.overrides)) {
    const id = key.slice(1);
    if (o.rate !== null) userRateOverrides[id] = o.rate;
    if (o.cost !== null) userCostOverrides[id] = o.cost;
  }
  const rateType =
    v.mode === 'user_rate' || v.mode === 'user_cost'
      ? v.mode
      : v.mode === 'project_rate'
        ? 'project_rate'
        : (project.rate?.type ?? 'project_rate');
  const rounding: ProjectRounding =
    v.rounding === 'team'
      ? null
      : v.rounding === 'none'
        ? 'none'
        : { mode: v.roundingMode, step: Number(v.roundingStep) as (typeof roundingSteps)[number], per: v.roundingPer };
  return {
    rounding,
    billing: v.mode === 'fixed_fee' ? { type: 'fixed_fee', fee: v.fee } : { type: v.mode === 'non_billable' ? 'non_billable' : 'hourly' },
    rate: {
      type: rateType === 'project_rate' && v.rate === null ? 'user_rate' : rateType,
      rate: v.rate,
      userRateOverrides,
      userCostOverrides,
    },
  };
}

/** Admins set how a project bills, its rate, and per-person rate and cost overrides. */
export default function BillingForm({ project }: { project: Project }) {
  const api = useApi();
  const { data: team } = useSuspenseQuery(teamQueryOptions(api));
  const save = useProjectBilling(project.id);
  const people = team.filter(
    (u) =>
      project.users.includes(u.id) ||
      project.rate?.userRateOverrides[u.id] !== undefined ||
      project.rate?.userCostOverrides[u.id] !== undefined,
  );
  const defaults: Values = {
    mode: billingMode(project),
    fee: project.billing.fee,
    rate: project.rate?.rate ?? null,
    overrides: Object.fromEntries(
      people.map((u) => [
        overrideKey(u.id),
        { rate: project.rate?.userRateOverrides[u.id] ?? null, cost: project.rate?.userCostOverrides[u.id] ?? null },
      ]),
    ),
    rounding: project.rounding === 'none' ? 'none' : project.rounding ? 'custom' : 'team',
    roundingMode: (typeof project.rounding === 'object' && project.rounding?.mode) || 'up',
    roundingStep: String((typeof project.rounding === 'object' && project.rounding?.step) || 15),
    roundingPer: (typeof project.rounding === 'object' && project.rounding?.per) || 'entry',
  };
  const form = useApiForm({
    schema: billingSchema,
    defaultValues: defaults,
    submit: (v) => save.mutateAsync(toBody(v, project)),
    onSuccess: () => toast(`Billing of ${project.name} is saved.`, 'success'),
  });
  const { register, control, formState } = form.form;
  const mode = useWatch({ control, name: 'mode' });
  const rounding = useWatch({ control, name: 'rounding' });
  return (
    <ApiFormView api={form} unsaved={`your changes to the billing of ${project.name}`} submitLabel="Save billing" className={styles.form}>
      <SelectField
        label="Billing type"
        options={modes.map((m) => ({ value: m, label: billingModeLabels[m] }))}
        hint={modeHints[mode]}
        {...register('mode')}
        error={formState.errors.mode?.message}
      />
      {mode === 'fixed_fee' && <Money control={control} name="fee" label="Fixed fee" hint="The amount billed for the whole project." />}
      {mode === 'project_rate' && (
        <Money control={control} name="rate" label="Project rate per hour" hint="Billed for every hour on this project." />
      )}
      <fieldset className={styles.people}>
        <legend>Rounding</legend>
        <p className={styles.hint}>
          Reports and new invoices bill rounded time; the recorded time never changes. In force now:{' '}
          {describeRule(project.effectiveRounding)}.
        </p>
        <SelectField label="Rounding of billed time" options={roundingChoices} {...register('rounding')} />
        {rounding === 'custom' && (
          <div className={styles.rounding}>
            <SelectField label="Round" options={roundingModeLabels} {...register('roundingMode')} />
            <SelectField
              label="Step"
              options={roundingSteps.map((s) => ({ value: String(s), label: `${s} min` }))}
              {...register('roundingStep')}
            />
            <SelectField label="Apply to" options={roundingPerLabels} {...register('roundingPer')} />
          </div>
        )}
      </fieldset>
      <fieldset className={styles.people}>
        <legend>Rates and costs per person</legend>
        <p className={styles.hint}>
          Leave a field empty to use the person’s own rate or cost. An override applies on this project only
          {mode === 'project_rate' ? '; with a project rate, the rate overrides are kept but not used' : ''}.
        </p>
        {people.length === 0 ? (
          <p className={styles.hint}>Nobody is on this project yet: add people on the Team tab to set their rates here.</p>
        ) : (
          <div className={styles.table} role="group" aria-label="Overrides per person">
            {people.map((u) => (
              <PersonRow key={u.id} user={u} control={control} />
            ))}
          </div>
        )}
      </fieldset>
    </ApiFormView>
  );
}

function PersonRow({ user, control }: { user: User; control: Control<Values, unknown, BillingChecked> }) {
  const key = overrideKey(user.id);
  return (
    <div className={styles.person}>
      <span className={styles.personName}>{user.name}</span>
      <Money
        control={control}
        name={`overrides.${key}.rate`}
        label={`Rate of ${user.name}`}
        hint={user.rate !== undefined ? `Own rate ${money(user.rate)}` : 'No own rate'}
      />
      <Money
        control={control}
        name={`overrides.${key}.cost`}
        label={`Cost of ${user.name}`}
        hint={user.cost !== undefined ? `Own cost ${money(user.cost)}` : 'No own cost'}
      />
    </div>
  );
}

function Money({
  control,
  name,
  label,
  hint,
}: {
  control: Control<Values, unknown, BillingChecked>;
  name: 'fee' | 'rate' | `overrides.${string}.rate` | `overrides.${string}.cost`;
  label: string;
  hint: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <MoneyInput
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          onChange={field.onChange}
          value={(field.value as number | null | undefined) ?? null}
          label={label}
          hint={hint}
          currency={BUDGET_CURRENCY}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
