import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { budgetPeriod, budgetType, type ClientBudget, type ProjectBudget } from '../../../contract/budgets.ts';
import { dateString } from '../../../contract/common.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { CheckboxField } from '../../ui/form/checkbox-field.tsx';
import { DateField } from '../../ui/form/date-field.tsx';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { BUDGET_CURRENCY, periodLabels, typeLabels } from './format.ts';
import styles from './budget-editor.module.css';

/** The body of PUT /clients/{id}/budget (and the `budget` of a project's billing), with `showToUsers` for projects. */
export interface BudgetBody {
  type: ClientBudget['type'];
  budget: number;
  period: ClientBudget['period'];
  appliedFrom: string | null;
  threshold: number | null;
  disallowOverbudget: boolean;
  excludeUnbillableTime: boolean;
  excludeExpenses: boolean;
  showToUsers?: boolean;
}

const optionalNumber = z
  .union([z.number(), z.nan()])
  .nullable()
  .transform((n) => (n === null || Number.isNaN(n) ? null : n));

const schema = z
  .object({
    type: budgetType,
    cents: z.number().int().min(0, 'Must not be negative').nullable(),
    hours: optionalNumber.pipe(z.number().min(0, 'Must not be negative').max(1_000_000).nullable()),
    period: budgetPeriod,
    appliedFrom: dateString.nullable(),
    threshold: optionalNumber.pipe(z.number().int('Whole percent').min(1, 'From 1 to 100').max(100, 'From 1 to 100').nullable()),
    disallowOverbudget: z.boolean(),
    excludeUnbillableTime: z.boolean(),
    excludeExpenses: z.boolean(),
    showToUsers: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'time' && v.hours === null) ctx.addIssue({ code: 'custom', path: ['hours'], message: 'Enter the hours' });
    if (v.type !== 'time' && v.cents === null) ctx.addIssue({ code: 'custom', path: ['cents'], message: 'Enter the amount' });
  });
type Values = z.input<typeof schema>;

const toBody = (v: z.output<typeof schema>, forProject: boolean): BudgetBody => ({
  type: v.type,
  budget: v.type === 'time' ? Math.round((v.hours ?? 0) * 3600) : (v.cents ?? 0),
  period: v.period,
  appliedFrom: v.period === 'general' ? v.appliedFrom : null,
  threshold: v.threshold,
  disallowOverbudget: v.disallowOverbudget,
  excludeUnbillableTime: v.excludeUnbillableTime,
  excludeExpenses: v.type === 'time' ? false : v.excludeExpenses,
  ...(forProject ? { showToUsers: v.showToUsers } : {}),
});

const periodHints: Record<ClientBudget['period'], string> = {
  general: 'One budget for the whole life of the work, counted from the start date (or from the beginning).',
  monthly: 'Starts again on the first of every month.',
  weekly: 'Starts again every week, on the team’s first day of the week.',
  daily: 'Starts again every day.',
};

export interface BudgetEditorProps {
  budget: ClientBudget | ProjectBudget | undefined;
  /** Whose budget, e.g. `Acme` or `Website redesign`: named in messages. */
  ownerName: string;
  /** Projects also choose whether members see the budget. */
  forProject: boolean;
  save: (body: BudgetBody) => Promise<unknown>;
  remove: () => Promise<unknown>;
}

/** Sets or replaces a budget (every option explained in a line), or removes it after asking. */
export default function BudgetEditor({ budget, ownerName, forProject, save, remove }: BudgetEditorProps) {
  const [removing, setRemoving] = useState(false);
  const defaults: Values = {
    type: budget?.type ?? 'money',
    cents: budget && budget.type !== 'time' ? budget.budget : null,
    hours: budget?.type === 'time' ? budget.budget / 3600 : null,
    period: budget?.period ?? 'monthly',
    appliedFrom: budget?.appliedFrom ?? null,
    threshold: budget?.threshold ?? 80,
    disallowOverbudget: budget?.disallowOverbudget ?? false,
    excludeUnbillableTime: budget?.excludeUnbillableTime ?? false,
    excludeExpenses: budget?.excludeExpenses ?? false,
    showToUsers: (budget && 'showToUsers' in budget && budget.showToUsers) || false,
  };
  const api = useApiForm({
    schema,
    defaultValues: defaults,
    submit: (v) => save(toBody(v, forProject)),
    onSuccess: () => toast(`The budget of ${ownerName} is saved.`, 'success'),
  });
  const { register, control, formState } = api.form;
  const type = useWatch({ control, name: 'type' });
  const period = useWatch({ control, name: 'period' });
  const bool = (name: 'disallowOverbudget' | 'excludeUnbillableTime' | 'excludeExpenses' | 'showToUsers', label: string, hint: string) => (
    <CheckboxField control={control} name={name} label={label} hint={hint} />
  );
  return (
    <>
      <ApiFormView
        api={api}
        unsaved={`your changes to the budget of ${ownerName}`}
        submitLabel={budget ? 'Save budget' : 'Set budget'}
        className={styles.editor}
        actions={
          budget && (
            <Button variant="ghost" onClick={() => setRemoving(true)}>
              Remove budget
            </Button>
          )
        }
      >
        <div className={styles.row}>
          <SelectField
            label="Budget type"
            options={budgetType.options.map((t) => ({ value: t, label: typeLabels[t] }))}
            hint={
              type === 'time'
                ? 'Counts the hours logged.'
                : type === 'money'
                  ? 'Counts logged time at its billable rate, fixed fees and billable expenses.'
                  : 'Counts logged time at each person’s cost, and all expenses.'
            }
            {...register('type')}
            error={formState.errors.type?.message}
          />
          {type === 'time' ? (
            <TextField
              label="Hours"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.5"
              hint="The hours the budget allows in each period."
              {...register('hours', { valueAsNumber: true })}
              error={formState.errors.hours?.message}
            />
          ) : (
            <Controller
              name="cents"
              control={control}
              render={({ field, fieldState }) => (
                <MoneyInput
                  {...field}
                  value={field.value ?? null}
                  label="Amount"
                  hint="The amount the budget allows in each period."
                  currency={BUDGET_CURRENCY}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
        </div>
        <div className={styles.row}>
          <SelectField
            label="Period"
            options={budgetPeriod.options.map((p) => ({ value: p, label: periodLabels[p] }))}
            hint={periodHints[period]}
            {...register('period')}
          />
          {period === 'general' && (
            <DateField
              control={control}
              name="appliedFrom"
              label="Counted from"
              hint="Time and expenses before this day do not count. Empty: from the beginning."
            />
          )}
          <TextField
            label="Alert threshold (%)"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            hint="Marked on the bar; admins are told once a period when use reaches it. Empty: no alert."
            {...register('threshold', { valueAsNumber: true })}
            error={formState.errors.threshold?.message}
          />
        </div>
        <fieldset className={styles.options}>
          <legend>Options</legend>
          {bool(
            'disallowOverbudget',
            'Disallow over budget',
            'Time or expenses that would take use past 100 % are refused, with the reason.',
          )}
          {bool('excludeUnbillableTime', 'Exclude unbillable time', 'Time on tasks marked unbillable does not count.')}
          {type !== 'time' && bool('excludeExpenses', 'Exclude expenses', 'Only time counts; expenses are left out.')}
          {forProject && bool('showToUsers', 'Show to members', 'Members on the project see its progress (never its money amounts).')}
        </fieldset>
      </ApiFormView>
      {removing && (
        <ConfirmDialog
          title="Remove the budget?"
          message={`The budget of ${ownerName} and its alert settings will be removed. Logged time and expenses stay.`}
          confirmLabel="Remove budget"
          onConfirm={async () => {
            await remove();
            setRemoving(false);
            toast(`The budget of ${ownerName} is removed.`, 'success');
          }}
          onCancel={() => setRemoving(false)}
        />
      )}
    </>
  );
}
