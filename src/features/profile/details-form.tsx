import { useLingui } from '@lingui/react/macro';
import { updateUserBody, type User } from '../../../contract/users.ts';
import { roleLabels } from '../../i18n/role-labels.ts';
import { userLocale } from '../../lib/week.ts';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useSaveDetails, type DetailsBody } from './api.ts';

const schema = updateUserBody.pick({ name: true, headline: true, role: true, weekStart: true });
const roleValues = ['admin', 'supervisor', 'member', 'member_limited'] as const;

/** Sunday (0) to Saturday (6), named in the user's language (4–10 January 1970 ran Sunday to Saturday). */
const weekdays = (locale: string) => {
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return [0, 1, 2, 3, 4, 5, 6].map((value) => ({ value, label: name.format(Date.UTC(1970, 0, 4 + value)) }));
};

/** An admin's own details: name, headline, role and week start, checked with the contract before sending. */
export default function DetailsForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveDetails(user.id);
  const roles = roleValues.map((r) => ({ value: r, label: i18n._(roleLabels[r]) }));
  const days = weekdays(userLocale());
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
          ? () => void save.mutateAsync(before).then(() => toast(t`Your details are back as they were.`, 'success'))
          : undefined;
      toast(t`Your details are saved.`, 'success', { undo });
      onDone();
    },
  });
  const { register, formState } = api.form;
  return (
    <ApiFormView api={api} unsaved={t`your changes to your details`} submitLabel={t`Save details`} className="details-form">
      <TextField label={t`Name`} autoComplete="name" {...register('name')} error={formState.errors.name?.message} />
      <TextField
        label={t`Headline`}
        hint={t`A few words under your name, e.g. your job.`}
        {...register('headline')}
        error={formState.errors.headline?.message}
      />
      <SelectField label={t`Role`} options={roles} {...register('role')} error={formState.errors.role?.message} />
      <SelectField
        label={t`Week starts on`}
        options={days}
        {...register('weekStart', { valueAsNumber: true })}
        error={formState.errors.weekStart?.message}
      />
    </ApiFormView>
  );
}
