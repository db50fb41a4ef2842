import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { Attachment } from '../../../contract/attachments.ts';
import type { Expense } from '../../../contract/expenses.ts';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { projectsQueryOptions } from '../../api/projects.ts';
import { uploadAttachment } from '../../api/upload.ts';
import { useSession } from '../../auth/context.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { SelectField } from '../../ui/form/select-field.tsx';
import { useApiForm } from '../../ui/form/use-api-form.ts';
import { Checkbox } from '../../ui/inputs/checkbox.tsx';
import { DateInput } from '../../ui/inputs/date-input.tsx';
import { MoneyInput } from '../../ui/inputs/money-input.tsx';
import { DropZone } from '../../ui/upload/drop-zone.tsx';
import { categoriesQueryOptions } from './api.ts';
import { saveDraft, type ExpenseDraft } from './draft.ts';
import { billableRule, CURRENCY, money, unitAmount } from './model.ts';
import { DetailsField, QuantityField } from './quantity-field.tsx';
import { SavedReceipts } from './saved-receipts.tsx';
import { bodyOf } from './save.ts';
import { useSendExpense } from './use-save-expense.ts';
import styles from './expense-form.module.css';
import { readableLockReason } from '../../lib/week-labels.ts';
import { perUnit } from '../../lib/units.ts';

export interface ExpenseFormProps {
  me: { id: number; role: Role };
  initial: ExpenseDraft;
  /** The expense as saved, when editing one. */
  expense?: Expense | undefined;
  /** `saved` after a save; `closed` keeps what was entered on this device (the list offers it again). */
  onClose: (reason: 'saved' | 'closed', saved?: Expense) => void;
  onDelete?: () => Promise<void>;
}

const toNumber = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * Add or edit one expense with its receipts, on the kit's form (the contract's checks, the server's 422 on
 * its field). Everything entered is kept on this device until saved, so nothing is lost to a failed save,
 * a closed dialog or a reload. Read-only when locked, or someone else's for non-admins.
 */
export function ExpenseForm({ me, initial, expense, onClose, onDelete }: ExpenseFormProps) {
  const api = useApi();
  const session = useSession();
  const categories = useQuery(categoriesQueryOptions(api));
  const projects = useQuery(projectsQueryOptions(api));
  const [sessionUploads] = useState(() => new Set<number>());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const readOnly = Boolean(expense && (expense.isLocked || (expense.user !== me.id && me.role !== 'admin')));
  // The check is built from the categories, in code imported as the form is drawn (zod stays off the first paint).
  const schema = useMemo(() => {
    const list = categories.data ?? [];
    const admin = me.role === 'admin';
    return () => import('./form-schema.ts').then((m) => m.expenseFormSchema(list, admin));
  }, [categories.data, me.role]);
  const sender = useSendExpense(me.id, initial.key);
  const read = useRef<() => ExpenseDraft>(() => initial);
  /** Once saved, nothing is kept on the device any more. */
  const saved = useRef(false);
  const kit = useApiForm({
    schema,
    defaultValues: initial,
    // Each resend reads the form again: receipts added while waiting go with it.
    submit: ({ expenseId, body }) => sender.send(expenseId, body, () => bodyOfDraft(read.current())),
    onSuccess: (expense) => {
      saved.current = true;
      onClose('saved', expense);
    },
  });
  const { form } = kit;
  useEffect(() => {
    read.current = () => form.getValues();
  }, [form]);
  function bodyOfDraft(d: ExpenseDraft) {
    return bodyOf(
      d,
      categories.data?.find((c) => String(c.id) === d.category),
      me.role === 'admin',
    );
  }
  const values = useWatch({ control: form.control }) as ExpenseDraft;
  const category = categories.data?.find((c) => String(c.id) === values.category);
  const project = projects.data?.find((p) => p.id === values.project) ?? null;
  const rule = billableRule(me.role, project);
  const receipts = values.receipts ?? [];

  // Every change is kept on this device until the expense is saved.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    if (!readOnly && !saved.current) saveDraft(me.id, values);
  }, [values, me.id, readOnly]);

  const setReceipts = (next: Attachment[]) => form.setValue('receipts', next, { shouldDirty: true });
  const q = toNumber(values.quantity ?? '');
  const computed = category?.unitBased && values.quantity?.trim() && Number.isFinite(q) ? unitAmount(category, q) : null;
  const title = readOnly ? 'Expense' : initial.expenseId === null ? 'Add expense' : 'Edit expense';
  const saving = kit.submitting;
  const errorOf = (f: keyof ExpenseDraft) => form.formState.errors[f]?.message;

  return (
    <Dialog
      open
      title={title}
      onClose={() => onClose('closed')}
      footer={
        <div className={styles.footer}>
          {onDelete && !readOnly && (
            <Button variant="danger" disabled={saving} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          <span className={styles.spacer} />
          <Button variant="ghost" onClick={() => onClose('closed')}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button variant="primary" type="submit" form="expense-form" busy={saving}>
              {initial.expenseId === null ? 'Save expense' : 'Save changes'}
            </Button>
          )}
        </div>
      }
    >
      <form id="expense-form" className={styles.form} noValidate onSubmit={(e) => void kit.onSubmit(e)}>
        {readOnly && (
          <Alert tone="info" live={false} title={expense?.isLocked ? 'Locked' : 'Read only'}>
            {expense?.isLocked
              ? `This expense cannot be changed: ${expense.lockReasons.map((r) => readableLockReason(r)).join('; ')}.`
              : 'Only its owner or an admin can change this expense.'}
          </Alert>
        )}
        {sender.waiting && (
          <Alert tone="info" title="Not saved yet">
            {sender.waiting} It is sent again as soon as the server answers. What you entered and the receipts are kept on this device.
          </Alert>
        )}
        {kit.formError && (
          <Alert tone="error" title="The expense was not saved">
            {kit.formError} Nothing is lost: correct it and save again.
          </Alert>
        )}
        <fieldset className={styles.grid} disabled={readOnly || saving}>
          <Controller
            control={form.control}
            name="date"
            render={({ field }) => (
              <DateInput label="Date" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errorOf('date')} />
            )}
          />
          <SelectField
            label="Category"
            {...form.register('category')}
            error={errorOf('category')}
            options={[
              { value: '', label: 'Choose a category' },
              ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.unitBased ? `${c.name} (${perUnit(money(c.unitPrice ?? 0), c.unitName)})` : c.name })),
            ]}
          />
          <SelectField
            label="Project"
            {...form.register('project')}
            error={errorOf('project')}
            options={[{ value: '', label: 'No project' }, ...(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
          />
          {category?.unitBased ? (
            <Controller
              control={form.control}
              name="quantity"
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
            <DetailsField {...form.register('details')} error={errorOf('details')} />
          </div>
        </fieldset>
        <section className={styles.receipts} aria-label="Receipts">
          <SavedReceipts
            files={receipts.filter((r) => !sessionUploads.has(r.id))}
            readOnly={readOnly}
            onRemove={(r) => setReceipts(form.getValues('receipts').filter((x) => x.id !== r.id))}
          />
          {!readOnly && (
            <DropZone<Attachment>
              label="Receipts"
              upload={(file, o) => uploadAttachment({ baseUrl: session.baseUrl, credential: session.credential, file, ...o })}
              onUploaded={(a) => {
                sessionUploads.add(a.id);
                setReceipts([...form.getValues('receipts'), a]);
              }}
              onRemoved={(a) => setReceipts(form.getValues('receipts').filter((x) => x.id !== a.id))}
              confirmRemove={(name) => `${name} comes off this expense${initial.expenseId === null ? '' : ' when you save it'}.`}
            />
          )}
          {readOnly && receipts.length === 0 && <p className={styles.muted}>No receipts.</p>}
        </section>
      </form>
      {confirmDelete && onDelete && (
        <ConfirmDialog
          title="Delete this expense?"
          message={`The expense of ${initial.date ?? ''} and its ${receipts.length === 1 ? 'receipt' : `${receipts.length} receipts`} will be deleted.`}
          confirmLabel="Delete expense"
          onConfirm={onDelete}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </Dialog>
  );
}
