import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Attachment } from '../../../contract/attachments.ts';
import type { Expense } from '../../../contract/expenses.ts';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { ApiError, describeError } from '../../api/errors.ts';
import { uploadAttachment } from '../../api/upload.ts';
import { useSession } from '../../auth/context.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Checkbox } from '../../ui/inputs/checkbox.tsx';
import { DateInput } from '../../ui/inputs/date-input.tsx';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';
import { DropZone } from '../../ui/upload/drop-zone.tsx';
import { categoriesQueryOptions, expenseProjectsQueryOptions } from './api.ts';
import { saveDraft, type ExpenseDraft } from './draft.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { billableRule, CURRENCY, unitAmount } from './model.ts';
import { Receipt } from './receipts.tsx';
import { bodyOf } from './save.ts';
import { SelectField } from './select-field.tsx';
import { DetailsField, QuantityField } from './quantity-field.tsx';
import { useSaveExpense } from './use-save-expense.ts';
import styles from './expense-form.module.css';

export interface ExpenseFormProps {
  me: { id: number; role: Role };
  initial: ExpenseDraft;
  /** The expense as saved, when editing one. */
  expense?: Expense | undefined;
  onClose: (reason: 'saved' | 'cancelled' | 'deleted') => void;
  onDelete?: () => Promise<void>;
}

const fields = ['date', 'project', 'category', 'quantity', 'amount', 'billable', 'details'] as const;
type Field = (typeof fields)[number];

/** Add or edit one expense, with its receipts. Read-only when locked or someone else's (for non-admins). */
export function ExpenseForm({ me, initial, expense, onClose, onDelete }: ExpenseFormProps) {
  const api = useApi();
  const session = useSession();
  const categories = useQuery(categoriesQueryOptions(api));
  const projects = useQuery(expenseProjectsQueryOptions(api));
  const form = useForm<ExpenseDraft>({ defaultValues: initial });
  const values = useWatch({ control: form.control }) as ExpenseDraft;
  const [sessionUploads] = useState(() => new Set<number>());
  const [confirm, setConfirm] = useState<null | { title: string; message: string; action: string; run: () => void | Promise<void> }>(null);
  const saver = useSaveExpense(me.id, () => onClose('saved'));
  const readOnly = Boolean(expense && (expense.isLocked || (expense.user !== me.id && me.role !== 'admin')));
  const category = categories.data?.find((c) => String(c.id) === values.category);
  const project = projects.data?.find((p) => p.id === values.project) ?? null;
  const rule = billableRule(me.role, project);
  const receipts = values.receipts ?? [];

  // Every change is kept, so a failed save (and its receipts) survives a reload.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    if (!readOnly) saveDraft(me.id, values);
  }, [values, me.id, readOnly]);

  const failure = saver.state.kind === 'failed' ? saver.state.error : null;
  useEffect(() => {
    if (!(failure instanceof ApiError) || !failure.errors) return;
    for (const [key, messages] of Object.entries(failure.errors)) {
      const field = (key === 'attachments' ? null : fields.find((f) => f === key)) as Field | null;
      if (field) form.setError(field, { type: 'server', message: messages.join(' ') });
    }
  }, [failure, form]);

  const setReceipts = (next: Attachment[]) => form.setValue('receipts', next, { shouldDirty: true });
  const onSubmit = form.handleSubmit((d) =>
    saver.save(d.expenseId, () => bodyOf({ ...d, receipts: form.getValues('receipts') }, category, rule.editable)),
  );
  const computed =
    category?.unitBased && values.quantity !== '' && Number.isFinite(Number(values.quantity.replace(',', '.')))
      ? unitAmount(category, Number(values.quantity.replace(',', '.')))
      : null;
  const title = readOnly ? 'Expense' : initial.expenseId === null ? 'Add expense' : 'Edit expense';
  const saving = saver.state.kind === 'saving' || saver.state.kind === 'waiting';
  const errorOf = (f: Field) => form.formState.errors[f]?.message;

  const cancel = () => {
    if (readOnly || receipts.every((r) => !sessionUploads.has(r.id)) || initial.expenseId !== null) return onClose('cancelled');
    setConfirm({
      title: 'Discard this expense?',
      message: `Its ${receipts.length === 1 ? 'receipt' : `${receipts.length} receipts`} will not be kept.`,
      action: 'Discard',
      run: () => onClose('cancelled'),
    });
  };

  return (
    <Dialog
      open
      title={title}
      onClose={saving ? () => undefined : cancel}
      footer={
        <div className={styles.footer}>
          {onDelete && !readOnly && (
            <Button
              variant="danger"
              disabled={saving}
              onClick={() =>
                setConfirm({
                  title: 'Delete this expense?',
                  message: 'It goes with its receipts. This cannot be undone.',
                  action: 'Delete',
                  run: onDelete,
                })
              }
            >
              Delete
            </Button>
          )}
          <span className={styles.spacer} />
          <Button variant="ghost" onClick={saving ? saver.stop : cancel}>
            {saving ? 'Stop sending' : readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button variant="primary" type="submit" form="expense-form" busy={saving}>
              {initial.expenseId === null ? 'Save expense' : 'Save changes'}
            </Button>
          )}
        </div>
      }
    >
      <form id="expense-form" className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
        {readOnly && (
          <Alert tone="info" live={false} title={expense?.isLocked ? 'Locked' : 'Read only'}>
            {expense?.isLocked
              ? `This expense cannot be changed: ${expense.lockReasons.join('; ')}.`
              : 'Only its owner or an admin can change this expense.'}
          </Alert>
        )}
        {saver.state.kind === 'waiting' && (
          <Alert tone="info" title="Not saved yet">
            {saver.state.message} It is sent again as soon as the server answers; the form and its receipts are kept.
          </Alert>
        )}
        {failure && (
          <Alert tone="error" title="The expense was not saved">
            {describeError(failure)} Nothing is lost: correct it and save again.
          </Alert>
        )}
        <fieldset className={styles.grid} disabled={readOnly || saving}>
          <Controller
            control={form.control}
            name="date"
            rules={{ required: 'Choose the day of the expense' }}
            render={({ field }) => (
              <DateInput label="Date" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errorOf('date')} />
            )}
          />
          <Controller
            control={form.control}
            name="category"
            rules={{ required: 'Choose a category' }}
            render={({ field }) => (
              <SelectField label="Category" value={field.value} onChange={field.onChange} error={errorOf('category')}>
                <option value="">Choose a category</option>
                {categories.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.unitBased ? `${c.name} (per ${c.unitName})` : c.name}
                  </option>
                ))}
              </SelectField>
            )}
          />
          <Controller
            control={form.control}
            name="project"
            render={({ field }) => (
              <SelectField
                label="Project"
                value={field.value}
                onChange={field.onChange}
                error={errorOf('project')}
                options={projects.data?.map((p) => ({ value: p.id, label: p.name }))}
              >
                <option value="">No project</option>
              </SelectField>
            )}
          />
          {category?.unitBased ? (
            <Controller
              control={form.control}
              name="quantity"
              rules={{
                validate: (v) =>
                  (v.trim() !== '' && Number.isFinite(Number(v.replace(',', '.'))) && Number(v.replace(',', '.')) >= 0) ||
                  `Enter how many ${category.unitName ?? 'units'}`,
              }}
              render={({ field }) => (
                <QuantityField
                  category={category}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorOf('quantity')}
                  computed={computed}
                />
              )}
            />
          ) : (
            <Controller
              control={form.control}
              name="amount"
              rules={{ validate: (v) => (v !== null && !Number.isNaN(v) && v > 0) || 'Enter the amount' }}
              render={({ field }) => (
                <MoneyInput
                  label="Amount"
                  currency={CURRENCY}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorOf('amount')}
                />
              )}
            />
          )}
          <div className={styles.wide}>
            <Controller
              control={form.control}
              name="billable"
              render={({ field }) => (
                <Checkbox
                  label="Billable to the client"
                  value={rule.fixed ?? field.value}
                  onChange={field.onChange}
                  disabled={!rule.editable}
                  hint={rule.reason}
                  error={errorOf('billable')}
                />
              )}
            />
          </div>
          <div className={styles.wide}>
            <DetailsField {...form.register('details')} />
          </div>
        </fieldset>
        <section className={styles.receipts} aria-label="Receipts">
          {receipts.some((r) => !sessionUploads.has(r.id)) && (
            <ul className={styles.saved} aria-label="Receipts of this expense">
              {receipts
                .filter((r) => !sessionUploads.has(r.id))
                .map((r) => (
                  <li key={r.id} className={styles.savedItem}>
                    <Receipt file={r} size="md" withName />
                    {!readOnly && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${r.name}`}
                        onClick={() =>
                          setConfirm({
                            title: 'Remove this receipt?',
                            message: `${r.name} comes off the expense when you save.`,
                            action: 'Remove',
                            run: () => setReceipts(receipts.filter((x) => x.id !== r.id)),
                          })
                        }
                      >
                        Remove
                      </Button>
                    )}
                  </li>
                ))}
            </ul>
          )}
          {!readOnly && (
            <DropZone<Attachment>
              label="Receipts"
              upload={(file, o) => uploadAttachment({ baseUrl: session.baseUrl, credential: session.credential, file, ...o })}
              onUploaded={(a) => {
                sessionUploads.add(a.id);
                setReceipts([...form.getValues('receipts'), a]);
              }}
              onRemoved={(a) => setReceipts(form.getValues('receipts').filter((x) => x.id !== a.id))}
            />
          )}
          {readOnly && receipts.length === 0 && <p className={styles.muted}>No receipts.</p>}
        </section>
      </form>
      {confirm && (
        <ConfirmDialog
          title={confirm.title}
          action={confirm.action}
          onCancel={() => setConfirm(null)}
          onConfirm={async () => {
            await confirm.run();
            setConfirm(null);
          }}
        >
          {confirm.message}
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
