import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/inputs/checkbox.tsx';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';
import { DataTable } from '../../ui/table/data-table.tsx';
import type { Column } from '../../ui/table/types.ts';
import { TextField } from '../../ui/text-field.tsx';
import type { EditorValues } from './editor-values.ts';
import { INVOICE_CURRENCY, money } from './format.ts';
import styles from './invoice-editor.module.css';

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export interface LineItemsFieldProps {
  control: Control<EditorValues>;
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
  /** The saved amount of each existing line, by id, for lines whose amount the form cannot compute. */
  savedAmounts: ReadonlyMap<number, number>;
}

/** The invoice's lines as a table of fields: text, quantity, rate and taxable; Add line appends a custom one. */
export function LineItemsField({ control, register, errors, savedAmounts }: LineItemsFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'invoiceItems' });
  const items = useWatch({ control, name: 'invoiceItems' }) ?? [];
  const rows = fields.map((f, index) => ({ key: f.id, index }));
  const err = (index: number) => errors.invoiceItems?.[index];

  const amountOf = (index: number) => {
    const item = items[index];
    if (item?.quantity != null && item.rate != null && !Number.isNaN(item.quantity) && !Number.isNaN(item.rate))
      return money(Math.round(item.quantity * item.rate));
    return item?.id !== undefined && savedAmounts.has(item.id) ? money(savedAmounts.get(item.id)!) : '\u2014';
  };
  const n = (index: number) => `line ${index + 1}`;

  const columns: Column<(typeof rows)[number]>[] = [
    {
      id: 'name',
      header: 'Description',
      width: '40%',
      cell: ({ index }) => (
        <TextField
          className={`${styles.cell} ${styles.nameCell}`}
          label={`Description, ${n(index)}`}
          {...register(`invoiceItems.${index}.name`)}
          error={err(index)?.name?.message}
        />
      ),
    },
    {
      id: 'quantity',
      header: 'Quantity',
      width: '7rem',
      cell: ({ index }) => (
        <TextField
          className={styles.cell}
          label={`Quantity, ${n(index)}`}
          type="number"
          step="any"
          min={0}
          inputMode="decimal"
          {...register(`invoiceItems.${index}.quantity`, { setValueAs: numberOrNull })}
          error={err(index)?.quantity?.message}
        />
      ),
    },
    {
      id: 'rate',
      header: 'Rate',
      width: '9rem',
      cell: ({ index }) => (
        <Controller
          control={control}
          name={`invoiceItems.${index}.rate`}
          render={({ field, fieldState }) => (
            <div className={styles.cell}>
              <MoneyInput
                label={`Rate, ${n(index)}`}
                currency={INVOICE_CURRENCY}
                value={field.value ?? null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                placeholder="Several rates"
              />
            </div>
          )}
        />
      ),
    },
    { id: 'amount', header: 'Amount', align: 'end', width: '8rem', cell: ({ index }) => amountOf(index) },
    {
      id: 'taxable',
      header: 'Taxable',
      width: '5rem',
      cell: ({ index }) => (
        <Controller
          control={control}
          name={`invoiceItems.${index}.taxable`}
          render={({ field }) => (
            <div className={styles.cell}>
              <Checkbox
                label={`Taxable, ${n(index)}`}
                value={field.value === true || field.value === 1}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            </div>
          )}
        />
      ),
    },
    {
      id: 'remove',
      header: 'Remove',
      hideHeader: true,
      actions: true,
      width: '6rem',
      cell: ({ index }) => (
        <Button size="sm" variant="ghost" aria-label={`Remove ${n(index)}`} onClick={() => remove(index)}>
          Remove
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.lines}>
      <DataTable
        label="Line items"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        rowLabel={(r) => n(r.index)}
        maxHeight="none"
        empty={<p>No lines. Add one, or delete this draft.</p>}
      />
      <div>
        <Button onClick={() => append({ name: '', quantity: 1, rate: null, taxable: true })}>Add line</Button>
      </div>
    </div>
  );
}
