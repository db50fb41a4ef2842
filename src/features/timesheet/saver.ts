import type { TimeRecord } from '../../../contract/time.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiError, describeError, NetworkError } from '../../api/errors.ts';
import { addTime, deleteTime, updateTime } from './api.ts';
import type { PendingCell, TaskLite } from './model.ts';

/**
 * Saves committed cells one by one and never loses one: every change is written to local storage before
 * it is sent and removed only once the server has it. Failures stay (with their message) and are sent
 * again when the network returns (`online`, focus, and every few seconds), or when the user asks.
 * A refusal by the server (a 4xx: over a budget, locked, no access) is never sent again: it stays with its
 * reason until the user changes the cell or dismisses it.
 *
 * Per cell: PUT the day's record when it exists, POST when it does not, DELETE when cleared. Each change
 * carries its own `Idempotency-Key` (kept with it in storage), so resending it after a lost answer, even
 * after a reload, is applied once. POST adds to a record the server already had (another tab), so the
 * answer is checked and corrected with a PUT to the value typed.
 */

export interface Op extends PendingCell {
  /** Bumped on every change of the cell; a save that lands for an older version sends again. */
  version: number;
  task: TaskLite | null;
  /** Names this change to the server: every resend of it carries the same key. */
  key: string;
}

/** A random key for one change (`getRandomValues` works outside secure contexts too, unlike `randomUUID`). */
export const newChangeKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export interface SavedCell {
  taskId: string | null;
  date: string;
  /** The record as the server has it now; null once deleted. */
  record: TimeRecord | null;
}

type Listener = () => void;

const RETRY_EVERY_MS = 4000;
const opKey = (taskId: string | null, date: string) => `${taskId ?? 'none'}|${date}`;

export class Saver {
  private ops = new Map<string, Op>();
  private inflight = new Set<string>();
  private listeners = new Set<Listener>();
  private savedListeners = new Set<(cell: SavedCell) => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private snapshot: Op[] | null = null;
  private readonly storageKey: string;

  /** Set when an admin saves another user's time: new records name that user. */
  private readonly forUser: number | null;

  constructor(
    private readonly api: ApiClient,
    userId: number,
    private readonly storage: Storage | null = typeof window === 'undefined' ? null : window.localStorage,
    /** Finds the record id the grid knows for a cell. */
    private recordIdOf: (taskId: string | null, date: string) => number | null = () => null,
    /** Who types, when not `userId` itself (an admin editing a member's week). */
    editorId: number = userId,
  ) {
    this.forUser = editorId === userId ? null : userId;
    // Another user's unsaved cells are kept apart from the editor's own, under the editor's name.
    this.storageKey = this.forUser === null ? `timekeep.unsaved.${userId}` : `timekeep.unsaved.${editorId}.for.${userId}`;
    this.restore();
  }

  setRecordLookup(fn: (taskId: string | null, date: string) => number | null) {
    this.recordIdOf = fn;
  }

  /** Starts the automatic retries and sends whatever a previous visit left unsaved. */
  start() {
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.retryAll);
      window.addEventListener('focus', this.retryAll);
    }
    this.timer = setInterval(this.retryAll, RETRY_EVERY_MS);
    this.retryAll();
  }

  stop() {
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.retryAll);
      window.removeEventListener('focus', this.retryAll);
    }
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onSaved(fn: (cell: SavedCell) => void): () => void {
    this.savedListeners.add(fn);
    return () => this.savedListeners.delete(fn);
  }

  /** The unsaved changes; the same array until one changes (a stable snapshot for React). */
  pending(): Op[] {
    if (!this.snapshot) this.snapshot = [...this.ops.values()];
    return this.snapshot;
  }

  pendingBetween(from: string, to: string): Op[] {
    return this.pending().filter((o) => o.date >= from && o.date <= to);
  }

  /** Queues a cell's new value (and comment, when given) and sends it. */
  save(change: { task: TaskLite | null; date: string; seconds: number; comment?: string | undefined; recordId: number | null }) {
    const taskId = change.task?.id ?? null;
    const key = opKey(taskId, change.date);
    const prev = this.ops.get(key);
    const op: Op = {
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
    };
    this.ops.set(key, op);
    this.persist();
    this.emit();
    void this.run(key);
  }

  /** Sends the changes that failed on the way (network, server error) again; refusals stay as they are. */
  retryAll = () => {
    for (const [key, op] of this.ops) if (op.status === 'failed' && !this.inflight.has(key)) void this.run(key);
  };

  retry(taskId: string | null, date: string) {
    if (this.ops.get(opKey(taskId, date))?.status === 'failed') void this.run(opKey(taskId, date));
  }

  /** Gives up changes the server refused (their cells return to the server's values). */
  discard(cells: { taskId: string | null; date: string }[]) {
    let gone = false;
    for (const c of cells) {
      const key = opKey(c.taskId, c.date);
      if (this.ops.get(key)?.status === 'refused' && !this.inflight.has(key)) gone = this.ops.delete(key) || gone;
    }
    if (gone) {
      this.persist();
      this.emit();
    }
  }

  /** Every refused change, to dismiss them all at once. */
  refused(): Op[] {
    return this.pending().filter((o) => o.status === 'refused');
  }

  private async run(key: string): Promise<void> {
    if (this.inflight.has(key)) return;
    const op = this.ops.get(key);
    if (!op) return;
    this.inflight.add(key);
    if (op.status !== 'saving') {
      this.ops.set(key, { ...op, status: 'saving', error: null });
      this.emit();
    }
    try {
      for (;;) {
        const current = this.ops.get(key);
        if (!current) return;
        const record = await this.send(current);
        const after = this.ops.get(key);
        const saved: SavedCell = { taskId: current.taskId, date: current.date, record };
        if (after && after.version !== current.version) {
          // Typed again while this one was on its way: send the newer value with the id just learnt.
          this.ops.set(key, { ...after, recordId: record?.id ?? null });
          continue;
        }
        this.ops.delete(key);
        this.persist();
        this.emit();
        for (const fn of this.savedListeners) fn(saved);
        return;
      }
    } catch (e) {
      const latest = this.ops.get(key);
      if (latest) {
        this.ops.set(key, { ...latest, status: isRefusal(e) ? 'refused' : 'failed', error: failureMessage(e) });
        this.persist();
        this.emit();
      }
    } finally {
      this.inflight.delete(key);
    }
  }

  private async send(op: Op): Promise<TimeRecord | null> {
    let id = op.recordId ?? this.recordIdOf(op.taskId, op.date);
    const comment = op.comment === undefined ? {} : { comment: op.comment };
    if (op.seconds === 0) {
      if (id !== null) await deleteTime(this.api, id).catch(ignoreNotFound);
      return null;
    }
    if (id !== null) {
      const updated = await updateTime(this.api, id, { time: op.seconds, ...comment }).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      });
      if (updated) return updated;
      id = null;
    }
    const user = this.forUser === null ? {} : { user: this.forUser };
    const added = await addTime(this.api, { time: op.seconds, date: op.date, task: op.taskId, ...user, ...comment }, op.key);
    if (added.time === op.seconds) return added;
    return updateTime(this.api, added.id, { time: op.seconds });
  }

  private emit() {
    this.snapshot = null;
    for (const fn of this.listeners) fn();
  }

  private persist() {
    if (!this.storage) return;
    try {
      if (this.ops.size === 0) this.storage.removeItem(this.storageKey);
      else this.storage.setItem(this.storageKey, JSON.stringify([...this.ops.values()]));
    } catch {
      // Storage full or blocked: the changes are still held in memory and shown as unsaved.
    }
  }

  private restore() {
    if (!this.storage) return;
    try {
      const raw = this.storage.getItem(this.storageKey);
      const list = raw ? (JSON.parse(raw) as Op[]) : [];
      for (const op of list) {
        if (typeof op.date !== 'string' || typeof op.seconds !== 'number') continue;
        const key = typeof op.key === 'string' ? op.key : newChangeKey();
        const refused = op.status === 'refused' && typeof op.error === 'string';
        this.ops.set(opKey(op.taskId, op.date), { ...op, key, status: refused ? 'refused' : 'failed', error: op.error ?? 'Not saved yet: sending again' });
      }
    } catch {
      // A damaged entry is ignored rather than blocking the grid.
    }
  }
}

function ignoreNotFound(e: unknown) {
  if (e instanceof ApiError && e.status === 404) return;
  throw e;
}

/**
 * The server understood the change and said no (422 over a budget, 403, 404, 409): sending it again
 * would get the same answer. 401 (signed out), 408 and 429 (too many requests) are worth another try.
 */
export function isRefusal(e: unknown): boolean {
  return e instanceof ApiError && e.status >= 400 && e.status < 500 && ![401, 408, 429].includes(e.status);
}

function failureMessage(e: unknown): string {
  if (e instanceof NetworkError) return 'Not saved: the server cannot be reached. It will be sent when the connection returns.';
  if (isRefusal(e)) return (e as ApiError).message;
  if (e instanceof ApiError) return `Not saved: ${e.message}`;
  return `Not saved: ${describeError(e)}`;
}
