import { z } from 'zod';
import { updateUserBody, type User } from '../../../contract/users.ts';
import { roleLabel } from '../../lib/format.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { DateField } from '../../ui/form/date-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useUpdateUser } from './api.ts';
import { capacityHours, optionalCents, secondsToHours, updateOf } from './fields.ts';
import { RateHistory } from './rate-history.tsx';
import { WorkFields } from './work-fields.tsx';

const schema = updateUserBody
  .pick({ role: true })
  .extend({ capacity: capacityHours, rate: optionalCents, cost: optionalCents, effectiveFrom: z.string().nullable() });
type Values = z.input<typeof schema>;
const roles = (['admin', 'supervisor', 'member', 'member_limited'] as const).map((r) => ({ value: r, label: roleLabel(r) }));

/** An admin changes a user's role, weekly capacity, and bill rate and cost from a date. */
export default function EditUserForm({
  user,
  today,
  onDone,
  onCancel,
}: {
  user: User;
  today: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useUpdateUser(user.id);
  const defaults: Values = {
    role: user.role,
    capacity: secondsToHours(user.capacity) ?? 40,
    rate: user.rate ?? null,
    cost: user.cost ?? null,
    effectiveFrom: today,
  };
  const api = useApiForm({
    schema,
    defaultValues: defaults,
    submit: (values) => save.mutateAsync(updateOf(user, values)),
    onSuccess: () => {
      toast(`${user.name} is saved.`, 'success');
      onDone();
    },
  });
  const { register, formState, control } = api.form;
  return (
    <ApiFormView
      api={api}
      unsaved={`your changes to ${user.name}`}
      submitLabel="Save"
      onCancel={onCancel}
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
        rateHint="What the client is billed for an hour of their time."
        costHint="What an hour of their time costs the team."
      />
      <DateField
        control={control}
        name="effectiveFrom"
        label="New rate and cost take effect from"
        hint="Time from this day on is valued at the new rate and cost; earlier time keeps its own. Leave it empty to apply them to all time."
        max={today}
      />
      <RateHistory history={user.costHistory ?? []} current={{ rate: user.rate, cost: user.cost }} />
    </ApiFormView>
  );
}
