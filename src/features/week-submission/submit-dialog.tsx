import '../../ui/field.css';
import './approvals.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { submitApprovalBody, type Timesheet, type WeekDays } from '../../../contract/timesheets.ts';
import { dayNameOf } from '../../../contract/weeks.ts';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { useApi } from '../../api/context.ts';
import { ApiError, describeError } from '../../api/errors.ts';
import { formatDuration } from '../../lib/duration.ts';
import type { DayInfo } from '../../lib/week.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { toast } from '../../ui/toast.tsx';
import * as timesheets from '../../api/operations/timesheets.ts';
import { refreshWeek, teamUsersQueryOptions } from './api.ts';

/** The contract's request body, with the days required and at least one chosen. */
const formSchema = submitApprovalBody.extend({
  days: submitApprovalBody.shape.days.unwrap().refine((d) => Object.values(d).some(Boolean), 'Choose at least one day to submit.'),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export interface SubmitWeekDialogProps {
  timesheet: Timesheet | null;
  userId: number;
  weekId: number;
  days: DayInfo[];
  onClose: () => void;
}

/** "Submit week": reviewer, comment and days, checked with the contract's schema before it is sent. */
export default function SubmitWeekDialog({ timesheet, userId, weekId, days, onClose }: SubmitWeekDialogProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const formId = `${id}-form`;
  const users = useQuery(teamUsersQueryOptions(api));
  const reviewers = (users.data ?? []).filter(
    (u) => (u.role === 'admin' || u.role === 'supervisor') && u.status !== 'removed' && u.id !== userId,
  );
  const approved = timesheet?.approval?.approvedDays;
  const timeOf = (date: string) =>
    timesheet?.dailyTime.find((d) => d.date === `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`)?.time ?? 0;
  const defaults = Object.fromEntries(
    days.map((d) => [dayNameOf(d.date), timeOf(d.date) > 0 && !approved?.[dayNameOf(d.date)]]),
  ) as WeekDays;

  const { register, handleSubmit, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { comment: '', days: defaults, sendNotification: true, reviewer: undefined },
  });

  const submit = useMutation({
    mutationFn: (body: FormOutput) => api.call(timesheets.submit, { params: { timesheet_id: timesheetId(userId, weekId) }, body }),
    onSuccess: async () => {
      await refreshWeek(queryClient, userId, weekId);
      toast('Week submitted for approval.', 'success');
      onClose();
    },
  });
  const serverError = submit.error;
  const daysError =
    formState.errors.days?.message ??
    formState.errors.days?.root?.message ??
    (serverError instanceof ApiError ? serverError.errors?.days?.[0] : undefined);

  return (
    <Dialog
      open
      title="Submit week for approval"
      description="The submitted days become read-only until they are reviewed or you withdraw the request."
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} busy={submit.isPending}>
            Submit week
          </Button>
        </>
      }
    >
      <form id={formId} className="stack-md" noValidate onSubmit={(e) => void handleSubmit((v) => submit.mutate(v))(e)}>
        {serverError && !(serverError instanceof ApiError && serverError.errors?.days) && (
          <Alert tone="error" title="Not submitted">
            {describeError(serverError)}
          </Alert>
        )}
        <SelectField
          label="Reviewer"
          options={[{ value: '', label: 'Any admin or supervisor' }, ...reviewers.map((u) => ({ value: u.id, label: `${u.name} (${u.role === 'admin' ? 'Admin' : 'Supervisor'})` }))]}
          hint={users.isError ? 'The team list did not load; any reviewer will do.' : undefined}
          {...register('reviewer', { setValueAs: (v: string) => (v === '' || v === undefined ? undefined : Number(v)) })}
        />
        <fieldset className="field days-field" aria-describedby={daysError ? `${id}-days-error` : undefined}>
          <legend className="field__label">Days</legend>
          <div className="days-field__list">
            {days.map((d) => {
              const name = dayNameOf(d.date);
              const isApproved = approved?.[name] ?? false;
              return (
                <label key={d.date} className={`day-check${isApproved ? ' is-approved' : ''}`}>
                  <input type="checkbox" disabled={isApproved} {...register(`days.${name}`)} />
                  <span className="day-check__name">{d.short}</span>
                  <span className="day-check__time">
                    {isApproved ? 'approved' : timeOf(d.date) ? formatDuration(timeOf(d.date)) : '\u2013'}
                  </span>
                </label>
              );
            })}
          </div>
          {daysError && (
            <p className="field__error" id={`${id}-days-error`}>
              {daysError}
            </p>
          )}
        </fieldset>
        <div className={`field${formState.errors.comment ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={`${id}-comment`}>
            Comment <span className="field__optional">(optional)</span>
          </label>
          <textarea
            id={`${id}-comment`}
            className="field__input field__textarea"
            rows={3}
            aria-invalid={formState.errors.comment ? true : undefined}
            {...register('comment')}
          />
          {formState.errors.comment && <p className="field__error">{formState.errors.comment.message}</p>}
        </div>
        <label className="check-field">
          <input type="checkbox" {...register('sendNotification')} />
          <span>Send a notification</span>
        </label>
      </form>
    </Dialog>
  );
}
