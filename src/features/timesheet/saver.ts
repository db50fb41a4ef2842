import type { TimeRecord } from '../../../contract/time.ts';
import type { ApiClient } from '../../api/client.ts';
import { loadLater } from '../../lib/load-later.ts';
import type { PendingCell, TaskLite } from './model.ts';

// The requests and what their failures mean load with the first save (or resend), not with the grid.
type Requests = typeof import('./save-requests.ts');
const { load: loadRequests, now: requestsNow } = loadLater<Requests>(() => import('./save-requests.ts'));
/** Loads the requests' code ahead of the first save (the page calls it once the grid is drawn). */
export const preloadSaveRequests = loadRequests;
const NOT_LOADED = 'Not saved: part of the app could not load. It is sent again when the connection allows.';

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
/** Told of each change the server has, with what the requests' code offers to apply it (see useSavedIntoCache). */
export type SavedListener = (cell: SavedCell, requests: Pick<Requests, 'intoWeekCache'>) => void;

const RETRY_EVERY_MS = 4000;
export const opKey = (taskId: string | null, date: string) => `${taskId ?? 'none'}|${date}`;

export class Saver {
  // Read and written by ./save-requests.ts too, which sends the changes.
  readonly ops = new Map<string, Op>();
  readonly inflight = new Set<string>();
  private listeners = new Set<Listener>();
  readonly savedListeners = new Set<SavedListener>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private snapshot: Op[] | null = null;
  private readonly storageKey: string;

  /** Set when an admin saves another user's time: new records name that user. */
  readonly forUser: number | null;

  constructor(
    readonly api: ApiClient,
    userId: number,
    private readonly storage: Storage | null = typeof window === 'undefined' ? null : window.localStorage,
    /** Finds the record id the grid knows for a cell. */
    public recordIdOf: (taskId: string | null, date: string) => number | null = () => null,
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

  onSaved(fn: SavedListener): () => void {
    this.savedListeners.add(fn);
    return () => this.savedListeners.delete(fn);
  }

  /** The unsaved changes; the same array until one changes (a stable snapshot for React). */
  pending(): Op[] {
    if (!this.snapshot) this.snapshot = [...this.ops.values()];
    return this.snapshot;
  }

  /** Sends the changes that failed on the way (network, server error) again; refusals stay as they are. */
  retryAll = () => {
    for (const [key, op] of this.ops) if (op.status === 'failed' && !this.inflight.has(key)) void this.run(key);
  };

  /** Sends the cell's change (./save-requests.ts does, once loaded); a change already on its way is left to finish. */
  run(key: string) {
    const requests = requestsNow();
    if (requests) void requests.run(this, key);
    // If the code cannot load, the change stays failed and is sent again with the others.
    else void loadRequests().then((m) => (m ? m.run(this, key) : this.fail(key, 'failed', NOT_LOADED)));
  }

  /** A change that could not be sent: failed (sent again) or refused (the user decides), with the reason. */
  fail(key: string, status: 'failed' | 'refused', error: string) {
    const latest = this.ops.get(key);
    if (!latest) return;
    this.ops.set(key, { ...latest, status, error });
    this.persist();
    this.emit();
  }

  emit() {
    this.snapshot = null;
    for (const fn of this.listeners) fn();
  }

  persist() {
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
