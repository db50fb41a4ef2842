import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import {
  periodRange,
  reportPeriods,
  savedReportBody,
  type ReportPeriod,
  type SavedReport,
  type SavedReportFilters,
} from '../../../contract/saved-reports.ts';
import { useApi } from '../../api/context.ts';
import * as saved from '../../api/operations/savedReports.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { CheckboxField } from '../../ui/form/checkbox-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import type { User } from '../../../contract/users.ts';
import { Checkbox } from '../../ui/inputs/checkbox.tsx';
import type { ReportTab } from './access.ts';
import { filterChoicesQueryOptions } from './api.ts';
import styles from './reports.module.css';
import { shortDate } from './chart-data.ts';
import { periodNames } from './saved-reports.tsx';
import type { ReportSearch } from './search-params.ts';

const schema = z.object({
  name: savedReportBody.shape.name,
  period: z.enum(reportPeriods),
  shared: z.boolean(),
  email: z
    .object({ every: z.enum(['', 'week', 'month']), to: z.array(z.number()) })
    .refine((e) => e.every === '' || e.to.length > 0, { message: 'Choose who gets it', path: ['to'] }),
});
type Values = z.input<typeof schema>;

export interface SaveReportDialogProps {
  /** The person saving: the report's owner. */
  me: Pick<User, 'id' | 'name' | 'role'>;
  tab: ReportTab;
  tabName: string;
  search: ReportSearch;
  today: string;
  weekStart: number;
  /** The saved report to change (its name, range and sharing; `search` is what it opens); a new one when absent. */
  report?: SavedReport | undefined;
  onClose: () => void;
  onSaved: (report: SavedReport) => void;
}

/**
 * Keeps the report on screen under a name: its tab and filters, its range as fixed dates or as a period that
 * moves with the day it is opened on, for its owner alone or shared with the team. With `report`, changes that
 * saved report's name, range or sharing.
 */
export default function SaveReportDialog({ me, tab, tabName, search, today, weekStart, report, onClose, onSaved }: SaveReportDialogProps) {
  const api = useApi();
  // Managers send it to people of the team (the Reports screen's filter choices); members to themselves.
  const manager = me.role === 'admin' || me.role === 'supervisor';
  const choices = useQuery({ ...filterChoicesQueryOptions(api, manager), enabled: manager });
  const people = [{ id: me.id, name: `Me (${me.name})` }, ...(choices.data?.people ?? []).filter((p) => p.id !== me.id)];
  // The range on screen, named as the period it is today when it is one (this month, last week…).
  const current = reportPeriods.find((p) => {
    const range = periodRange(p, today, weekStart);
    return range !== null && range.from === search.from && range.to === search.to;
  });
  const form = useApiForm({
    schema,
    defaultValues: (report
      ? { name: report.name, period: report.period, shared: report.shared, email: report.email ?? { every: '', to: [me.id] } }
      : { name: '', period: current ?? 'custom', shared: false, email: { every: '', to: [me.id] } }) satisfies Values,
    submit: ({ name, period, shared, email }: z.output<typeof schema>) => {
      const filters: SavedReportFilters = { client: search.client, project: search.project, person: search.person, sort: search.sort };
      if (period === 'custom') Object.assign(filters, { from: search.from, to: search.to });
      const defined = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as SavedReportFilters;
      const body = { name, tab, period, shared, filters: defined, email: email.every === '' ? null : { every: email.every, to: email.to } };
      return report ? api.call(saved.update, { params: { report_id: report.id }, body }) : api.call(saved.create, { body });
    },
    onSuccess: (report) => {
      toast(`\u201c${report.name}\u201d is saved.`, 'success');
      onSaved(report);
    },
  });
  const { register, control, formState, watch, clearErrors } = form.form;
  const every = watch('email.every');
  const shared = watch('shared');
  // A refusal for sending an unshared report to others is answered by sharing it: the message goes with it.
  useEffect(() => clearErrors('email.to'), [shared, clearErrors]);
  const fixed =
    search.from && search.to
      ? `Fixed dates (${shortDate(search.from)} to ${shortDate(search.to)} ${search.to.slice(0, 4)})`
      : periodNames.custom;
  return (
    <Dialog
      open
      size="sm"
      title={report ? 'Change saved report' : 'Save report'}
      description={`The ${tabName} report with its filters.`}
      onClose={onClose}
    >
      <ApiFormView api={form} unsaved="the saved report" submitLabel={report ? 'Save changes' : 'Save report'} onCancel={onClose}>
        <TextField label="Name" maxLength={100} {...register('name')} error={formState.errors.name?.message} />
        <SelectField
          label="Range"
          hint="A period moves with the day the report is opened on."
          options={reportPeriods.map((p: ReportPeriod) => ({ value: p, label: p === 'custom' ? fixed : periodNames[p] }))}
          {...register('period')}
          error={formState.errors.period?.message}
        />
        <CheckboxField
          control={control}
          name="shared"
          label="Share with the team"
          hint="Listed for everyone who may open this tab; each sees only the time they may see."
        />
        <SelectField
          label="Send by email"
          hint="As a PDF with a link to the live report, at the team's digest time."
          options={[
            { value: '', label: 'No' },
            { value: 'week', label: 'Each week, on its first day' },
            { value: 'month', label: 'Each month, on the 1st' },
          ]}
          {...register('email.every')}
          error={formState.errors.email?.every?.message}
        />
        {every !== '' && manager && (
          <Controller
            control={control}
            name="email.to"
            render={({ field, fieldState }) => (
              <fieldset className={styles.recipients} aria-describedby={fieldState.error ? `${field.name}-error` : undefined}>
                <legend>Send it to</legend>
                <div className={styles.recipientList}>
                  {[
                    ...people,
                    // Someone chosen before who is no longer among the team's people: listed so they can be taken off.
                    ...(choices.data ? field.value.filter((id) => !people.some((p) => p.id === id)) : []).map((id) => ({
                      id,
                      name: `Person #${id} (no longer in the team)`,
                    })),
                  ].map((p) => (
                    <Checkbox
                      key={p.id}
                      label={p.name}
                      value={field.value.includes(p.id)}
                      onChange={(on) => field.onChange(on ? [...field.value, p.id] : field.value.filter((id) => id !== p.id))}
                    />
                  ))}
                </div>
                <p className={styles.recipientsHint}>Others than you get it when the report is shared; each gets what they may see.</p>
                {fieldState.error && (
                  <p id={`${field.name}-error`} role="alert" className={styles.recipientsError}>
                    {fieldState.error.message}
                  </p>
                )}
              </fieldset>
            )}
          />
        )}
        {every !== '' && !manager && <p className={styles.recipientsHint}>It is sent to you.</p>}
      </ApiFormView>
    </Dialog>
  );
}
