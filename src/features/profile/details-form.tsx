import { updateUserBody, type User } from '../../../contract/users.ts';
import { roleLabel } from '../../lib/format.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useSaveDetails, type DetailsBody } from './api.ts';

const schema = updateUserBody.pick({ name: true, headline: true, role: true, weekStart: true });
const roles = (['admin', 'supervisor', 'member', 'member_limited'] as const).map((r) => ({ value: r, label: roleLabel(r) }));
const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((label, value) => ({ value, label }));

/** An admin's own details: name, headline, role and week start, checked with the contract before sending. */
export default function DetailsForm({ user, onDone }: { user: User; onDone: () => void }) {
  const save = useSaveDetails(user.id);
  const before: DetailsBody = {
    name: user.name,
    headline: user.headline,
    role: user.role,
    weekStart: user.weekStart ?? user.team?.weekStart ?? 1,
  };
  const api = useApiForm({
    schema,
    defaultValues: before,
    submit: (body) => save.mutateAsync(body),
    onSuccess: (_saved, body) => {
      // Undo puts back what changed, except a role given up (only an admin could give it back).
      const undo =
        body.role === user.role || user.role !== 'admin'
          ? () => void save.mutateAsync(before).then(() => toast('Your details are back as they were.', 'success'))
          : undefined;
      toast('Your details are saved.', 'success', { undo });
      onDone();
    },
  });
  const { register, formState } = api.form;
  return (
    <ApiFormView api={api} unsaved="your changes to your details" submitLabel="Save details" className="details-form">
      <TextField label="Name" autoComplete="name" {...register('name')} error={formState.errors.name?.message} />
      <TextField
        label="Headline"
        hint="A few words under your name, e.g. your job."
        {...register('headline')}
        error={formState.errors.headline?.message}
      />
      <SelectField label="Role" options={roles} {...register('role')} error={formState.errors.role?.message} />
      <SelectField
        label="Week starts on"
        options={days}
        {...register('weekStart', { valueAsNumber: true })}
        error={formState.errors.weekStart?.message}
      />
    </ApiFormView>
  );
}
