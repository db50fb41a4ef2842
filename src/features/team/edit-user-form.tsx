import type { z } from 'zod';
import { updateUserBody, type User } from '../../../contract/users.ts';
import { roleLabel } from '../../lib/format.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { toast } from '../../ui/toast.tsx';
import { useUpdateUser } from './api.ts';
import { capacityHours, optionalCents, secondsToHours } from './fields.ts';
import { WorkFields } from './work-fields.tsx';

const schema = updateUserBody.pick({ role: true }).extend({ capacity: capacityHours, rate: optionalCents, cost: optionalCents });
type Values = z.input<typeof schema>;
const roles = (['admin', 'supervisor', 'member', 'member_limited'] as const).map((r) => ({ value: r, label: roleLabel(r) }));

/** An admin changes a user's role, weekly capacity, bill rate and cost. */
export default function EditUserForm({ user, onDone, onCancel }: { user: User; onDone: () => void; onCancel: () => void }) {
  const save = useUpdateUser(user.id);
  const defaults: Values = {
    role: user.role,
    capacity: secondsToHours(user.capacity) ?? 40,
    rate: user.rate ?? null,
    cost: user.cost ?? null,
  };
  const api = useApiForm({
    schema,
    defaultValues: defaults,
    submit: (body) => save.mutateAsync(body),
    onSuccess: () => {
      toast(`${user.name} is saved.`, 'success');
      onDone();
    },
  });
  const { register, formState } = api.form;
  return (
    <ApiFormView
      api={api}
      unsaved={`your changes to ${user.name}`}
      submitLabel="Save"
      actions={
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      }
    >
      <SelectField
        label="Role"
        options={roles}
        hint="Admins manage the team, supervisors approve weeks, members log time."
        {...register('role')}
        error={formState.errors.role?.message}
      />
      <WorkFields
        form={api.form}
        rateHint="Reports use the current rate for all of their time."
        costHint="Reports use the current rate for all of their time."
      />
    </ApiFormView>
  );
}
