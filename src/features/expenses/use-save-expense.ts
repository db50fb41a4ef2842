import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Expense } from '../../../contract/expenses.ts';
import { useApi } from '../../api/context.ts';
import { ApiError, describeError, NetworkError } from '../../api/errors.ts';
import { refreshExpenses } from './api.ts';
import { findLanded, sendExpense, type ExpenseBody } from './save.ts';

const RETRY_EVERY_MS = 3000;

/** Resolves after `ms`, or at once when the browser says it is back online. */
const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });

const unreachable = (e: unknown) => e instanceof NetworkError || (e instanceof ApiError && e.status >= 500);

/**
 * Sends an expense and never drops it: while the server cannot be reached it is sent again every few
 * seconds (and when the browser is back online), reading the body again each time (receipts may be added
 * meanwhile). A create whose answer was lost is looked for first, so it is never made twice. A refusal
 * (422, 403) rejects, for the form to show. `waiting` says why it is not saved yet.
 */
export function useSendExpense(userId: number, draftKey: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const send = async (expenseId: number | null, first: ExpenseBody, currentBody: () => ExpenseBody): Promise<Expense> => {
    let body = first;
    let unsure = false;
    for (;;) {
      try {
        const landed = unsure && expenseId === null ? await findLanded(api, userId, body) : null;
        const saved = await sendExpense(api, landed?.id ?? expenseId, body, draftKey);
        setWaiting(null);
        void refreshExpenses(queryClient);
        return saved;
      } catch (e) {
        if (!unreachable(e) || !alive.current) {
          setWaiting(null);
          throw e;
        }
        unsure = true;
        setWaiting(describeError(e));
        await pause(RETRY_EVERY_MS);
        if (!alive.current) throw e;
        body = currentBody();
      }
    }
  };
  return { send, waiting };
}
