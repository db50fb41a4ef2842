import type { Attachment } from '../../../contract/attachments.ts';

/** What the expense form holds; kept in local storage so a failed save (and its receipts) survives a reload. */
export interface ExpenseDraft {
  /** The expense being edited; null for a new one. */
  expenseId: number | null;
  date: string | null;
  /** Project id, or '' for none. */
  project: string;
  /** Category id as text, or '' while none is chosen. */
  category: string;
  /** Units of a unit-based category, as typed. */
  quantity: string;
  /** Cents, null while empty, NaN while the text is not an amount. */
  amount: number | null;
  billable: boolean;
  details: string;
  /** Receipts already on the server: saved with the expense, or uploaded for it. */
  receipts: Attachment[];
}

const keyOf = (userId: number) => `timekeep.expense-draft.${userId}`;

export function loadDraft(userId: number, storage: Storage = localStorage): ExpenseDraft | null {
  try {
    const raw = storage.getItem(keyOf(userId));
    if (!raw) return null;
    const d = JSON.parse(raw) as ExpenseDraft;
    return typeof d === 'object' && d !== null && Array.isArray(d.receipts) ? { ...d, amount: d.amount ?? null } : null;
  } catch {
    return null;
  }
}

export function saveDraft(userId: number, draft: ExpenseDraft, storage: Storage = localStorage) {
  try {
    // NaN (an amount still being typed) is written as null.
    storage.setItem(keyOf(userId), JSON.stringify({ ...draft, amount: Number.isNaN(draft.amount) ? null : draft.amount }));
  } catch {
    // Storage full or blocked: the form still holds everything while it is open.
  }
}

export function clearDraft(userId: number, storage: Storage = localStorage) {
  storage.removeItem(keyOf(userId));
}

/** Whether a draft holds anything worth keeping (a receipt, an amount, some details). */
export const draftMatters = (d: ExpenseDraft | null) =>
  d !== null && (d.receipts.length > 0 || (d.amount !== null && !Number.isNaN(d.amount)) || d.quantity !== '' || d.details.trim() !== '');
