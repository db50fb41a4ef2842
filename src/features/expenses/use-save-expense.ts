import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Expense } from '../../../contract/expenses.ts';
import { useApi } from '../../api/context.ts';
import { ApiError, describeError, NetworkError } from '../../api/errors.ts';
import { refreshExpenses } from './api.ts';
import { findLanded, sendExpense, type ExpenseBody } from './save.ts';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** The server could not be reached: sent again every few seconds and when the browser is back online. */
  | { kind: 'waiting'; message: string }
  | { kind: 'failed'; error: ApiError | Error };

const RETRY_EVERY_MS = 3000;

/**
 * Saves an expense and never drops it: a network failure keeps the form and sends again until the server
 * answers (checking first whether the lost answer's expense was in fact created, so it is never made twice);
 * a refusal (422, 403) stays on the form with its message.
 */
export function useSaveExpense(userId: number, onSaved: (e: Expense) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  /** The expense being sent; its body is read again at each attempt (receipts may be added meanwhile). */
  const pending = useRef<{ expenseId: number | null; body: () => ExpenseBody; unsure: boolean } | null>(null);
  const busy = useRef(false);

  const attempt = useCallback(async () => {
    const job = pending.current;
    if (!job || busy.current) return;
    busy.current = true;
    try {
      const body = job.body();
      // A create whose answer was lost may have landed: then it is updated instead of made twice.
      const landed = job.unsure && job.expenseId === null ? await findLanded(api, userId, body) : null;
      const saved = await sendExpense(api, landed?.id ?? job.expenseId, body);
      pending.current = null;
      setState({ kind: 'idle' });
      void refreshExpenses(queryClient);
      onSaved(saved);
    } catch (e) {
      if (e instanceof NetworkError || (e instanceof ApiError && e.status >= 500)) {
        job.unsure = true;
        setState({ kind: 'waiting', message: describeError(e) });
      } else {
        pending.current = null;
        setState({ kind: 'failed', error: e instanceof Error ? e : new Error(describeError(e)) });
      }
    } finally {
      busy.current = false;
    }
  }, [api, queryClient, userId, onSaved]);

  useEffect(() => {
    if (state.kind !== 'waiting') return;
    const timer = setInterval(() => void attempt(), RETRY_EVERY_MS);
    const online = () => void attempt();
    window.addEventListener('online', online);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [state.kind, attempt]);

  const save = (expenseId: number | null, body: () => ExpenseBody) => {
    pending.current = { expenseId, body, unsure: false };
    setState({ kind: 'saving' });
    void attempt();
  };
  const stop = () => {
    pending.current = null;
    setState({ kind: 'idle' });
  };
  return { state, save, stop };
}
