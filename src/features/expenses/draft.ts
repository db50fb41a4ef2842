import type { Attachment } from '../../../contract/attachments.ts';

/** What the expense form holds; kept in local storage so a failed save (and its receipts) survives a reload. */
export interface ExpenseDraft {
  /** Names this draft across reloads (its creates carry it in their idempotency key). */
  key: string;
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

const prefix = (userId: number) => `timekeep.expense-draft.${userId}.`;
const keyOf = (userId: number, expenseId: number | null) => `${prefix(userId)}${expenseId ?? 'new'}`;

function parse(raw: string | null): ExpenseDraft | null {
  try {
    if (!raw) return null;
    const d = JSON.parse(raw) as ExpenseDraft;
    return typeof d === 'object' && d !== null && Array.isArray(d.receipts)
      ? { ...d, key: d.key || newDraftKey(), amount: d.amount ?? null }
      : null;
  } catch {
    return null;
  }
}

/** The kept draft of a new expense (`null`) or of the expense `expenseId`. */
export function loadDraft(userId: number, expenseId: number | null, storage: Storage = localStorage): ExpenseDraft | null {
  return parse(storage.getItem(keyOf(userId, expenseId)));
}

/** Every draft kept for `userId` that holds something, new expense first. */
export function loadDrafts(userId: number, storage: Storage = localStorage): ExpenseDraft[] {
  const out: ExpenseDraft[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(prefix(userId))) {
      const d = parse(storage.getItem(k));
      if (d && draftMatters(d)) out.push(d);
    }
  }
  return out.sort((a, b) => (a.expenseId ?? 0) - (b.expenseId ?? 0));
}

export function saveDraft(userId: number, draft: ExpenseDraft, storage: Storage = localStorage) {
  try {
    // NaN (an amount still being typed) is written as null.
    storage.setItem(keyOf(userId, draft.expenseId), JSON.stringify({ ...draft, amount: Number.isNaN(draft.amount) ? null : draft.amount }));
  } catch {
    // Storage full or blocked: the form still holds everything while it is open.
  }
}

export function clearDraft(userId: number, expenseId: number | null, storage: Storage = localStorage) {
  storage.removeItem(keyOf(userId, expenseId));
}

/** Whether a draft holds anything worth keeping (a receipt, an amount, some details). */
export const draftMatters = (d: ExpenseDraft | null) =>
  d !== null && (d.receipts.length > 0 || (d.amount !== null && !Number.isNaN(d.amount)) || d.quantity !== '' || d.details.trim() !== '');

export const newDraftKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9-]/g, '');
