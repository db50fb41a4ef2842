/**
 * What the saver sends for a cell, and what a failure means: loaded with the first save (or resend of a
 * change a previous visit left), not with the grid.
 */
import type { TimeRecord } from '../../../contract/time.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import type { BodyOf } from '../../api/operation.ts';
import * as time from '../../api/operations/time.ts';
import { unsavedMessage } from '../../api/save-errors.ts';
import type { Op } from './saver.ts';

/** Adds time; `idempotencyKey` names the intended change, so a resend of it is applied once. */
const addTime = (api: ApiClient, body: BodyOf<typeof time.add>, idempotencyKey: string) =>
  api.call(time.add, { body, headers: { 'Idempotency-Key': idempotencyKey } });

const updateTime = (api: ApiClient, id: number, body: BodyOf<typeof time.update>) => api.call(time.update, { params: { time_id: id }, body });

const deleteTime = (api: ApiClient, id: number) => api.call(time.remove, { params: { time_id: id } });

const notFound = (e: unknown) => e instanceof ApiError && e.status === 404;

/**
 * Sends one cell's change: PUT the day's record when it exists (`knownId` is the id the grid knows), POST when
 * it does not, DELETE when cleared. Returns the record as the server now has it, null once deleted.
 */
export async function send(api: ApiClient, op: Op, knownId: number | null, forUser: number | null): Promise<TimeRecord | null> {
  let id = op.recordId ?? knownId;
  const comment = op.comment === undefined ? {} : { comment: op.comment };
  if (op.seconds === 0) {
    if (id !== null)
      await deleteTime(api, id).catch((e: unknown) => {
        if (!notFound(e)) throw e;
      });
    return null;
  }
  if (id !== null) {
    const updated = await updateTime(api, id, { time: op.seconds, ...comment }).catch((e: unknown) => {
      if (notFound(e)) return null;
      throw e;
    });
    if (updated) return updated;
    id = null;
  }
  const user = forUser === null ? {} : { user: forUser };
  const added = await addTime(api, { time: op.seconds, date: op.date, task: op.taskId, ...user, ...comment }, op.key);
  if (added.time === op.seconds) return added;
  return updateTime(api, added.id, { time: op.seconds });
}

/**
 * The server understood the change and said no (422 over a budget, 403, 404, 409): sending it again
 * would get the same answer. 401 (signed out), 408 and 429 (too many requests) are worth another try.
 */
export function isRefusal(e: unknown): boolean {
  return e instanceof ApiError && e.status >= 400 && e.status < 500 && ![401, 408, 429].includes(e.status);
}

export function failureMessage(e: unknown): string {
  if (isRefusal(e)) return (e as ApiError).message;
  return unsavedMessage(e);
}
