import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { dateString, numericId } from '../../../contract/common.ts';
import { useApi } from '../../api/context.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { DateField } from '../../ui/form/date-field.tsx';
import { DateRangeInput } from '../../ui/inputs/date-range-input.tsx';
import { toast } from '../../ui/toast.tsx';
import { invoiceClientsQueryOptions, uninvoicedQueryOptions, useCreateInvoice, type Invoice, type UninvoicedRow } from './api.ts';
import { UninvoicedPreview, usePreviewSelection } from './uninvoiced-preview.tsx';

const schema = z.object({
  clientId: z.number({ error: 'Choose a client' }).pipe(numericId),
  range: z.object({ from: dateString, to: dateString }, { error: 'Choose the first and last day to invoice' }),
  dueDate: dateString.nullable(),
});
type Values = z.input<typeof schema>;

export interface NewInvoiceDialogProps {
  today: string;
  weekStart: number;
  onClose: () => void;
  onCreated: (invoice: Invoice) => void;
}

/** A draft invoice from a client's uninvoiced time and expenses in a range, showing what it will include first. */
export function NewInvoiceDialog({ today, weekStart, onClose, onCreated }: NewInvoiceDialogProps) {
  const api = useApi();
  const clients = useQuery(invoiceClientsQueryOptions(api));
  const create = useCreateInvoice();
  const selection = usePreviewSelection();
  const form = useApiForm({
    schema,
    defaultValues: { clientId: Number.NaN, range: undefined, dueDate: null } as unknown as Values,
    submit: ({ clientId, range, dueDate }) =>
      create.mutateAsync({
        clientId,
        body: { limitDateFrom: range.from, limitDateTill: range.to, dueDate, projects: selection.projects(preview.data) },
      }),
    onSuccess: (invoice) => {
      toast(`Draft ${invoice.publicId} for ${invoice.client.name} is ready.`, 'success');
      onCreated(invoice);
    },
  });
  const { control, register, formState } = form.form;
  const [clientId, range] = useWatch({ control, name: ['clientId', 'range'] });
  const ready = Number.isInteger(clientId) && clientId > 0 && Boolean(range?.from && range.to);
  const preview: UseQueryResult<UninvoicedRow[]> = useQuery({
    ...uninvoicedQueryOptions(api, clientId, range?.from ?? '', range?.to ?? ''),
    enabled: ready,
  });
  const active = (clients.data ?? []).filter((c) => c.status === 'active');

  return (
    <Dialog open title="New invoice" description="A draft from the client's billable time and expenses not invoiced yet." onClose={onClose}>
      <ApiFormView
        api={form}
        unsaved="the new invoice"
        submitLabel="Create draft"
        errorTitle="Not created"
        onCancel={onClose}
      >
        <SelectField
          label="Client"
          {...register('clientId', { valueAsNumber: true })}
          error={formState.errors.clientId?.message}
          options={[
            { value: '', label: clients.isPending ? 'Loading clients…' : 'Choose a client' },
            ...active.map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <Controller
          control={control}
          name="range"
          render={({ field, fieldState }) => (
            // A wrapper keeps the form's spacing (the fieldset resets its own margin).
            <div>
              <DateRangeInput
                label="Time and expenses from"
                value={field.value ?? null}
                onChange={(r) => field.onChange(r ?? undefined)}
                onBlur={field.onBlur}
                today={today}
                weekStart={weekStart}
                error={fieldState.error?.message}
              />
            </div>
          )}
        />
        <DateField control={control} name="dueDate" label="Due date" hint="Optional." min={today} />
        <UninvoicedPreview
          ready={ready}
          rows={preview.data}
          status={preview.status}
          onRetry={() => void preview.refetch()}
          selection={selection}
        />
      </ApiFormView>
    </Dialog>
  );
}
