import type { Timecard } from '../../../contract/timecards.ts';
import type { ApiClient } from '../../api/client.ts';
import { isTransient, unsavedMessage } from '../../api/save-errors.ts';
import { putTimecard } from './api.ts';

export type CardField = 'clockIn' | 'clockOut' | 'breakTime';

/** One field of one day waiting for the server: its value, and whether it is on its way or failed. */
export interface FieldChange {
  date: string;
  field: CardField;
  value: string | number | null;
  status: 'saving' | 'failed';
  error: string | null;
  /** A network or server failure is sent again on its own; a refusal waits for the user. */
  retryable: boolean;
  version: number;
}

const RETRY_EVERY_MS = 4000;
const keyOf = (date: string, field: CardField) => `${date}|${field}`;

/**
 * Saves each committed timecard field on its own (`PUT` of that one field, which is safe to repeat) and
 * never loses one: the change is kept in local storage until the server has it, failures are sent again
 * when the connection returns (`online`, focus, every few seconds) or when the user asks.
 */
export class FieldSaver {
  private changes = new Map<string, FieldChange>();
  private inflight = new Set<string>();
  private listeners = new Set<() => void>();
  private snapshot: FieldChange[] | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly storageKey: string;

  constructor(
    private readonly api: ApiClient,
    private readonly userId: number,
    private readonly onSaved: (card: Timecard, field: CardField) => void,
    private readonly storage: Storage | null = typeof window === 'undefined' ? null : window.localStorage,
  ) {
    this.storageKey = `timekeep.timecards.unsaved.${userId}`;
    this.restore();
  }

  start() {
    window.addEventListener('online', this.retryAll);
    window.addEventListener('focus', this.retryAll);
    this.timer = setInterval(() => this.retryAll(false), RETRY_EVERY_MS);
    for (const key of this.changes.keys()) void this.run(key);
  }

  stop() {
    window.removeEventListener('online', this.retryAll);
    window.removeEventListener('focus', this.retryAll);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  /** The unsaved changes; the same array until one changes. */
  pending = (): FieldChange[] => (this.snapshot ??= [...this.changes.values()]);

  save(date: string, field: CardField, value: string | number | null) {
    const key = keyOf(date, field);
    const version = (this.changes.get(key)?.version ?? 0) + 1;
    this.changes.set(key, { date, field, value, status: 'saving', error: null, retryable: true, version });
    this.changed();
    void this.run(key);
  }

  retry = (date: string, field: CardField) => void this.run(keyOf(date, field));

  /** Gives up a change the server refuses; the field shows the server's value again. */
  discard(date: string, field: CardField) {
    if (this.changes.delete(keyOf(date, field))) this.changed();
  }

  retryAll = (all: boolean | Event = true) => {
    for (const [key, c] of this.changes) if (c.status === 'failed' && (all === true || c.retryable)) void this.run(key);
  };

  private async run(key: string) {
    if (this.inflight.has(key)) return;
    this.inflight.add(key);
    try {
      for (;;) {
        const change = this.changes.get(key);
        if (!change) return;
        if (change.status !== 'saving') this.update(key, { status: 'saving', error: null });
        try {
          const card = await putTimecard(this.api, this.userId, change.date, { [change.field]: change.value });
          const latest = this.changes.get(key);
          if (latest && latest.version !== change.version) continue;
          this.changes.delete(key);
          this.changed();
          this.onSaved(card, change.field);
          return;
        } catch (e) {
          const retryable = isTransient(e);
          this.update(key, { status: 'failed', error: unsavedMessage(e), retryable });
          return;
        }
      }
    } finally {
      this.inflight.delete(key);
    }
  }

  private update(key: string, patch: Partial<FieldChange>) {
    const c = this.changes.get(key);
    if (!c) return;
    this.changes.set(key, { ...c, ...patch });
    this.changed();
  }

  private changed() {
    this.snapshot = null;
    try {
      if (this.changes.size === 0) this.storage?.removeItem(this.storageKey);
      else this.storage?.setItem(this.storageKey, JSON.stringify([...this.changes.values()]));
    } catch {
      // Storage full or blocked: the changes are still held in memory and shown as unsaved.
    }
    for (const fn of this.listeners) fn();
  }

  private restore() {
    try {
      const list = JSON.parse(this.storage?.getItem(this.storageKey) ?? '[]') as FieldChange[];
      for (const c of list) {
        if (typeof c.date !== 'string' || !['clockIn', 'clockOut', 'breakTime'].includes(c.field)) continue;
        this.changes.set(keyOf(c.date, c.field), { ...c, status: 'failed', error: 'Not saved yet: sending again', retryable: true });
      }
    } catch {
      // A damaged entry is ignored rather than blocking the screen.
    }
  }
}
