/**
 * What the saver sends for a cell, and what a failure means: loaded with the first save (or resend of a
 * change a previous visit left), not with the grid.
 */
import type { TimeRecord } from '../../../contract/time.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import type { BodyOf } from '../../api/operation.ts';
import * as time from '../../api/operations/time.ts';
import { isRefusal, unsavedMessage } from '../../api/save-errors.ts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TimeRecordListItem } from '../../../contract/time.ts';
import type { TaskLite } from './model.ts';
import { newChangeKey, opKey, type Op, type SavedCell, type Saver } from './saver.ts';

/** Adds time; `idempotencyKey` names the intended change, so a resend of it is applied once. */
const addTime = (api: ApiClient, body: BodyOf<typeof time.add>, idempotencyKey: string) =>
  api.call(time.add, { body, headers: { 'Idempotency-Key': idempotencyKey } });

const updateTime = (api: ApiClient, id: number, body: BodyOf<typeof time.update>) =>
  api.call(time.update, { params: { time_id: id }, body });

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

export { isRefusal };

export function failureMessage(e: unknown): string {
  if (isRefusal(e)) return (e as ApiError).message;
  return unsavedMessage(e);
}

/**
 * Sends a cell's change until the server has its latest version, then tells the saver's listeners; a
 * failure stays on the change (see `Saver`).
 */
export async function run(s: Saver, key: string): Promise<void> {
  if (s.inflight.has(key)) return;
  const op = s.ops.get(key);
  if (!op) return;
  s.inflight.add(key);
  if (op.status !== 'saving') {
    s.ops.set(key, { ...op, status: 'saving', error: null });
    s.emit();
  }
  try {
    for (;;) {
      const current = s.ops.get(key);
      if (!current) return;
      const record = await send(s.api, current, s.recordIdOf(current.taskId, current.date), s.forUser);
      const after = s.ops.get(key);
      const saved: SavedCell = { taskId: current.taskId, date: current.date, record };
      if (after && after.version !== current.version) {
        // Typed again while this one was on its way: send the newer value with the id just learnt.
        s.ops.set(key, { ...after, recordId: record?.id ?? null });
        continue;
      }
      s.ops.delete(key);
      s.persist();
      s.emit();
      for (const fn of s.savedListeners) fn(saved, requests);
      return;
    }
  } catch (e) {
    s.fail(key, isRefusal(e) ? 'refused' : 'failed', failureMessage(e));
  } finally {
    s.inflight.delete(key);
  }
}

const toListItem = (r: TimeRecord): TimeRecordListItem => ({
  id: r.id,
  time: r.time,
  user: r.user,
  date: r.date,
  task: r.task,
  isLocked: r.isLocked,
  isInvoiced: r.isInvoiced,
  comment: r.comment,
});

/** Puts a saved cell into the cached week (`key`, the records of `from`…`to`), so a refresh never shows an older value. */
export function intoWeekCache(queryClient: QueryClient, key: QueryKey, from: string, to: string, saved: SavedCell) {
  if (saved.date < from || saved.date > to) return;
  queryClient.setQueryData(key, (old: TimeRecordListItem[] | undefined) => {
    const rest = (old ?? []).filter((r) => !(r.date === saved.date && (r.task?.id ?? null) === saved.taskId));
    if (!saved.record) return rest;
    return [...rest, toListItem(saved.record)];
  });
}

const requests = { intoWeekCache };

// ---- what the grid does to the saver (loaded with the editing code) ----

/** Queues a cell's new value (and comment, when given) and sends it. */
export function save(
  s: Saver,
  change: { task: TaskLite | null; date: string; seconds: number; comment?: string | undefined; recordId: number | null },
) {
  const taskId = change.task?.id ?? null;
  const key = opKey(taskId, change.date);
  const prev = s.ops.get(key);
  s.ops.set(key, {
    taskId,
    date: change.date,
    seconds: change.seconds,
    comment: change.comment ?? prev?.comment,
    status: 'saving',
    error: null,
    recordId: change.recordId ?? prev?.recordId ?? null,
    version: (prev?.version ?? 0) + 1,
    task: change.task,
    key: newChangeKey(),
  });
  s.persist();
  s.emit();
  void run(s, key);
}

/** Sends a failed change again at once (the cell's Retry). */
export function retry(s: Saver, taskId: string | null, date: string) {
  if (s.ops.get(opKey(taskId, date))?.status === 'failed') void run(s, opKey(taskId, date));
}

/** Gives up changes the server refused (their cells return to the server's values). */
export function discard(s: Saver, cells: { taskId: string | null; date: string }[]) {
  let gone = false;
  for (const c of cells) {
    const key = opKey(c.taskId, c.date);
    if (s.ops.get(key)?.status === 'refused' && !s.inflight.has(key)) gone = s.ops.delete(key) || gone;
  }
  if (gone) {
    s.persist();
    s.emit();
  }
}

/** Every refused change, to dismiss them all at once. */
export const refused = (s: Saver): Op[] => s.pending().filter((o) => o.status === 'refused');

export const pendingBetween = (s: Saver, from: string, to: string): Op[] => s.pending().filter((o) => o.date >= from && o.date <= to);
