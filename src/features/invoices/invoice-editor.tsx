import { Controller } from 'react-hook-form';
import { Card } from '../../ui/card.tsx';
import { ApiFormView } from '../../ui/form/form.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { DateField } from '../../ui/form/date-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { AdjustmentField } from './adjustment-field.tsx';
import { useUpdateInvoice, type Invoice, type UpdateBody } from './api.ts';
import { editorSchema, editorValues } from './editor-values.ts';
import styles from './invoice-editor.module.css';
import { LineItemsField } from './line-items-field.tsx';
import { Totals } from './totals.tsx';

/**
 * A line's quantity and rate are sent only when changed: the server then recomputes the amount from them,
 * while an unchanged line keeps the amount it was built with (rounded per record, not from the rounded hours).
 */
function changedOnly(body: UpdateBody, invoice: Invoice): UpdateBody {
  const saved = new Map(invoice.invoiceItems.map((i) => [i.id, i]));
  return {
    ...body,
    invoiceItems: body.invoiceItems?.map((item) => {
      const before = item.id === undefined ? undefined : saved.get(item.id);
      if (!before) return item;
      const { quantity, rate, ...rest } = item;
      const changed = quantity !== before.quantity || rate !== before.rate;
      return changed ? { ...rest, quantity, rate } : rest;
    }),
  };
}

type AdjustmentErrors = { message?: string; rate?: { message?: string }; amount?: { message?: string } } | undefined;
const adjustmentError = (e: AdjustmentErrors) => e?.message ?? e?.rate?.message ?? e?.amount?.message;

/** A draft's details, tax, discount and lines; saving sends them all in one PUT. */
export function InvoiceEditor({ invoice }: { invoice: Invoice }) {
  const update = useUpdateInvoice(invoice.id);
  const api = useApiForm({
    schema: editorSchema,
    defaultValues: editorValues(invoice),
    submit: (body) => update.mutateAsync(changedOnly(body, invoice)),
    onSuccess: (saved) => {
      api.form.reset(editorValues(saved));
      toast(`${saved.publicId} is saved.`, 'success');
    },
  });
  const { control, register, formState } = api.form;
  const e = formState.errors;
  return (
    <ApiFormView api={api} unsaved={`your changes to ${invoice.publicId}`} submitLabel="Save invoice" className={styles.editor}>
      <Card title="Details" level={2}>
        <div className={styles.details}>
          <TextField label="Number" {...register('publicId')} error={e.publicId?.message} />
          <DateField control={control} name="issueDate" label="Issue date" empty={undefined} />
          <DateField control={control} name="dueDate" label="Due date" />
          <TextField
            label="Reference"
            hint="A purchase order or the client's own number."
            {...register('reference')}
            error={e.reference?.message}
          />
        </div>
        <TextField label="Notes to the client" {...register('publicNotes')} error={e.publicNotes?.message} />
      </Card>
      <Card title="Line items" level={2}>
        <LineItemsField
          control={control}
          register={register}
          errors={e}
          savedAmounts={new Map(invoice.invoiceItems.map((i) => [i.id, i.listAmount]))}
        />
      </Card>
      <Card title="Tax and discount" level={2}>
        <div className={styles.adjustments}>
          <Controller
            control={control}
            name="discount"
            render={({ field }) => (
              <AdjustmentField
                label="Discount"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={adjustmentError(e.discount)}
              />
            )}
          />
          <Controller
            control={control}
            name="tax"
            render={({ field }) => (
              <AdjustmentField
                label="Tax"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={adjustmentError(e.tax)}
              />
            )}
          />
        </div>
        <Totals invoice={invoice} note={api.dirty ? 'As last saved: the totals follow your changes once you save.' : undefined} />
      </Card>
    </ApiFormView>
  );
}
