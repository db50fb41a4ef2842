import { z } from 'zod';
import { createClientBody } from '../../../contract/clients.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FieldFrame } from '../../ui/field-frame.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useCreateClient, useUpdateClient, type Client } from './api.ts';

const schema = createClientBody.pick({ name: true, businessDetails: true });
type Values = z.input<typeof schema>;

export interface ClientFormProps {
  /** The client to edit; a new one when absent. */
  client?: Client;
  onDone: (client: Client) => void;
  onClose: () => void;
}

/** A dialog that creates a client or edits its name and business details. */
export default function ClientFormDialog({ client, onDone, onClose }: ClientFormProps) {
  return (
    <Dialog open title={client ? `Edit ${client.name}` : 'New client'} onClose={onClose}>
      {client ? <EditForm client={client} onDone={onDone} onClose={onClose} /> : <CreateForm onDone={onDone} onClose={onClose} />}
    </Dialog>
  );
}

function CreateForm({ onDone, onClose }: Omit<ClientFormProps, 'client'>) {
  const create = useCreateClient();
  return (
    <Fields
      defaults={{ name: '', businessDetails: '' }}
      submitLabel="Create client"
      submit={(v) => create.mutateAsync(v)}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

function EditForm({ client, onDone, onClose }: ClientFormProps & { client: Client }) {
  const update = useUpdateClient(client.id);
  return (
    <Fields
      defaults={{ name: client.name, businessDetails: client.businessDetails ?? '' }}
      submitLabel="Save"
      submit={(v) => update.mutateAsync(v)}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

function Fields({
  defaults,
  submitLabel,
  submit,
  onDone,
  onClose,
}: {
  defaults: Values;
  submitLabel: string;
  submit: (v: z.output<typeof schema>) => Promise<Client>;
  onDone: (c: Client) => void;
  onClose: () => void;
}) {
  const api = useApiForm({
    schema,
    defaultValues: defaults,
    submit,
    onSuccess: (saved) => {
      toast(`${saved.name} is saved.`, 'success');
      onDone(saved);
    },
  });
  const { register, formState } = api.form;
  return (
    <ApiFormView
      api={api}
      unsaved="the client"
      submitLabel={submitLabel}
      onCancel={onClose}
    >
      <TextField label="Name" autoComplete="organization" {...register('name')} error={formState.errors.name?.message} />
      <FieldFrame
        label="Business details"
        hint="Address, tax number and anything else invoices to this client should carry."
        error={formState.errors.businessDetails?.message}
      >
        {(control) => <textarea {...control} {...register('businessDetails')} className="field__input" rows={4} />}
      </FieldFrame>
    </ApiFormView>
  );
}
