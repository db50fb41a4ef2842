import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Expense } from '../../../contract/expenses.ts';
import type { Role } from '../../../contract/users.ts';
import { useApi } from '../../api/context.ts';
import { describeError } from '../../api/errors.ts';
import * as expenseOps from '../../api/operations/expenses.ts';
import { uploadAttachment } from '../../api/upload.ts';
import { useSession } from '../../auth/context.ts';
import { toast } from '../../ui/toast.tsx';
import { attachmentRules, refusal } from '../../ui/upload/file-checks.ts';
import { refreshExpenses } from './api.ts';
import { dayLabel } from './model.ts';
import { readableLockReason } from '../../lib/week-labels.ts';

/** A receipt on its way onto a row's expense: its name and how much of it is sent (0–1, null when unknown). */
export interface RowUpload {
  name: string;
  progress: number | null;
}

/** Whether `me` may add receipts to `e` from the list: their own or, for admins, anyone's; never a locked one. */
export const takesReceipts = (me: { id: number; role: Role }, e: Expense) => !e.isLocked && (e.user === me.id || me.role === 'admin');

/**
 * Receipts dropped onto a row of the list: each file is checked like the form's drop zone does, uploaded
 * with progress (shown in the row) and attached to that expense at once; a toast says what became of it.
 */
export function useRowReceipts(me: { id: number; role: Role }) {
  const api = useApi();
  const session = useSession();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<ReadonlyMap<number, RowUpload>>(new Map());
  const set = (id: number, upload: RowUpload | null) =>
    setUploads((m) => {
      const next = new Map(m);
      if (upload) next.set(id, upload);
      else next.delete(id);
      return next;
    });

  const drop = async (expense: Expense, files: File[]) => {
    if (!takesReceipts(me, expense)) {
      toast(expense.isLocked ? `This expense is locked: ${expense.lockReasons.map((r) => readableLockReason(r)).join('; ')}.` : 'Only its owner or an admin can add receipts to it.', 'error');
      return;
    }
    for (const file of files) {
      const refused = refusal(file, attachmentRules);
      if (refused) {
        toast(refused, 'error');
        continue;
      }
      set(expense.id, { name: file.name, progress: 0 });
      try {
        const attachment = await uploadAttachment({
          baseUrl: session.baseUrl,
          credential: session.credential,
          file,
          onProgress: (p) => set(expense.id, { name: file.name, progress: p.fraction }),
        });
        await api.call(expenseOps.attach, { params: { expense_id: expense.id }, body: { attachment: attachment.id } });
        await refreshExpenses(queryClient);
        toast(`${file.name} is attached to the expense of ${dayLabel(expense.date)}.`, 'success');
      } catch (e) {
        toast(`${file.name} was not attached: ${describeError(e)}`, 'error');
      } finally {
        set(expense.id, null);
      }
    }
  };

  return { uploads, drop, takes: (e: Expense) => takesReceipts(me, e) };
}
