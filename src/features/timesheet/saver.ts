import type { TimeRecord } from '../../../contract/time.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiError, isTransient, unsavedMessage } from '../../api/errors.ts';
import { addTime, deleteTime, updateTime } from './api.ts';
import type { PendingCell, TaskLite } from './model.ts';

/**
 * Saves committed cells one by one and never loses one: every change is written to local storage before
 * it is sent and removed only once the server has it. Failures stay (with their message) and are sent
 * again when the network returns (`online`, focus, and every few seconds), or when the user asks.
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
  /** Whether a failure is worth retrying on its own (network, server error) or needs the user. */
  retryable: boolean;
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

  constructor(
    private readonly api: ApiClient,
    userId: number,
    private readonly storage: Storage | null = typeof window === 'undefined' ? null : window.localStorage,
    /** Finds the record id the grid knows for a cell. */
    private recordIdOf: (taskId: string | null, date: string) => number | null = () => null,
  ) {
    this.storageKey = `timekeep.unsaved.${userId}`;
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
    this.timer = setInterval(() => this.retryAll(false), RETRY_EVERY_MS);
    for (const key of this.ops.keys()) void this.run(key);
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
      retryable: true,
      key: newChangeKey(),
    };
    this.ops.set(key, op);
    this.persist();
    this.emit();
    void this.run(key);
  }

  /** Sends failed cells again; `all` includes those that need the user (a refusal by the server). */
  retryAll = (all: boolean | Event = true) => {
    const everything = all === true;
    for (const [key, op] of this.ops) {
      if (op.status !== 'failed' || this.inflight.has(key)) continue;
      if (!everything && !op.retryable) continue;
      void this.run(key);
    }
  };

  retry(taskId: string | null, date: string) {
    void this.run(opKey(taskId, date));
  }

  /** Gives up a change the server refuses (the cell returns to the server's value). */
  discard(taskId: string | null, date: string) {
    if (this.ops.delete(opKey(taskId, date))) {
      this.persist();
      this.emit();
    }
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
        const retryable = isTransient(e);
        this.ops.set(key, { ...latest, status: 'failed', error: unsavedMessage(e), retryable });
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
    const added = await addTime(this.api, { time: op.seconds, date: op.date, task: op.taskId, ...comment }, op.key);
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
        this.ops.set(opKey(op.taskId, op.date), { ...op, key, status: 'failed', error: op.error ?? 'Not saved yet: sending again', retryable: true });
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
