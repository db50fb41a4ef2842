import '../../ui/field.css';
import { unlockWeekBody, type UnlockWeekBody } from '../../../contract/auto-lock-routes.ts';
import { useApi } from '../../api/context.ts';
import * as autoLock from '../../api/operations/autoLock.ts';
import type { LockedDays } from '../../lib/locked-days.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FieldFrame } from '../../ui/field-frame.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { toast } from '../../ui/toast.tsx';

export interface OpenWeekDialogProps {
  timesheetId: number;
  /** Whose week it is. */
  name: string;
  /** The locked days, as the week's note names them. */
  locked: LockedDays;
  onClose: () => void;
  onOpened: () => void;
}

/**
 * An admin opens a week the team's automatic lock holds, so its owner can change it again; the reason is kept in
 * the audit log. The server refuses a blank reason and the form shows why.
 */
export default function OpenWeekDialog({ timesheetId, name, locked, onClose, onOpened }: OpenWeekDialogProps) {
  const api = useApi();
  const form = useApiForm({
    schema: unlockWeekBody,
    defaultValues: { reason: '' } satisfies UnlockWeekBody,
    submit: (body: UnlockWeekBody) => api.call(autoLock.unlock, { params: { timesheet_id: timesheetId }, body }),
    onSuccess: () => {
      toast(`${name}\u2019s week is open again.`, 'success');
      onOpened();
    },
  });
  const { register, formState } = form.form;
  return (
    <Dialog
      open
      size="sm"
      title="Open this week again"
      description={`${locked.list} ${locked.one ? 'is' : 'are'} locked by the team\u2019s automatic lock. Opened, ${name} can change this week again; other weeks stay locked.`}
      onClose={onClose}
    >
      <ApiFormView api={form} unsaved="the reason" submitLabel="Open the week" onCancel={onClose}>
        <FieldFrame label="Reason" hint="Kept in the audit log with your name." error={formState.errors.reason?.message}>
          {(control) => (
            <textarea
              {...control}
              {...register('reason')}
              className="field__input field__textarea"
              rows={3}
              maxLength={1000}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to write the reason
              autoFocus
            />
          )}
        </FieldFrame>
      </ApiFormView>
    </Dialog>
  );
}
