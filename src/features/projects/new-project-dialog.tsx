import { z } from 'zod';
import { createProjectBody } from '../../../contract/projects.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { CheckboxField } from '../../ui/form/checkbox-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import type { Client } from '../clients/api.ts';
import { useCreateProject, type Project } from './api.ts';

const schema = z.object({
  name: createProjectBody.shape.name,
  client: z.string().transform((v) => (v ? Number(v) : null)),
  privacy: z.boolean(),
});
type Values = z.input<typeof schema>;

/** Creates a project: name, client, and whether only its team sees it. Billing, budget and team follow on its page. */
export default function NewProjectDialog({
  clients,
  onClose,
  onCreated,
}: {
  clients: readonly Client[];
  onClose: () => void;
  onCreated: (p: Project) => void;
}) {
  const create = useCreateProject();
  const defaults: Values = { name: '', client: '', privacy: false };
  const api = useApiForm({
    schema,
    defaultValues: defaults,
    submit: (v) => create.mutateAsync(v),
    onSuccess: (p) => {
      toast(`${p.name} is created.`, 'success');
      onCreated(p);
    },
  });
  const { register, formState, control } = api.form;
  return (
    <Dialog open title="New project" onClose={onClose}>
      <ApiFormView
        api={api}
        unsaved="the new project"
        submitLabel="Create project"
        onCancel={onClose}
      >
        <TextField label="Name" {...register('name')} error={formState.errors.name?.message} />
        <SelectField
          label="Client"
          options={[
            { value: '', label: 'No client' },
            ...clients.filter((c) => c.status === 'active').map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          hint="The client’s budget counts this project’s time and expenses."
          {...register('client')}
          error={formState.errors.client?.message}
        />
        <CheckboxField
          control={control}
          name="privacy"
          label="Private"
          hint="Only the people on the project’s team see it; otherwise every member can find it."
        />
      </ApiFormView>
    </Dialog>
  );
}
