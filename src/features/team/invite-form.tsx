import { z } from 'zod';
import { inviteUserBody } from '../../../contract/users.ts';
import { roleLabel } from '../../lib/format.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useInvite } from './api.ts';
import { capacityHours, optionalCents } from './fields.ts';
import { WorkFields } from './work-fields.tsx';

const schema = inviteUserBody
  .pick({ name: true, email: true, role: true })
  .extend({ capacity: capacityHours, rate: optionalCents, cost: optionalCents });
type Values = z.input<typeof schema>;
const roles = (['member', 'member_limited', 'supervisor', 'admin'] as const).map((r) => ({ value: r, label: roleLabel(r) }));

export interface Invited {
  name: string;
  email: string;
  invitationUrl: string;
  invitationExpiresAt: string;
}

/** Invite a user: name, email, role, weekly capacity, and the rate and cost their hours are billed and costed at. */
export default function InviteForm({ onInvited, onCancel }: { onInvited: (who: Invited) => void; onCancel: () => void }) {
  const invite = useInvite();
  const defaults: Values = { name: '', email: '', role: 'member', capacity: 40, rate: null, cost: null };
  const api = useApiForm({
    schema,
    defaultValues: defaults,
    submit: (body) => invite.mutateAsync(body),
    onSuccess: (user) =>
      onInvited({ name: user.name, email: user.email ?? '', invitationUrl: user.invitationUrl, invitationExpiresAt: user.invitationExpiresAt }),
  });
  const { register, formState } = api.form;
  return (
    <ApiFormView
      api={api}
      unsaved="this invitation"
      submitLabel="Invite"
      errorTitle="Not invited"
      onCancel={onCancel}
    >
      <TextField label="Name" autoComplete="off" {...register('name')} error={formState.errors.name?.message} />
      <TextField label="Email" type="email" autoComplete="off" {...register('email')} error={formState.errors.email?.message} />
      <SelectField label="Role" options={roles} {...register('role')} error={formState.errors.role?.message} />
      <WorkFields form={api.form} rateHint="What the client is billed for an hour." costHint="What an hour costs the studio." />
    </ApiFormView>
  );
}
