import type { Redis } from 'ioredis';
import type { Caller } from './env.ts';

type Entry = { users: Caller['user']; teams: Caller['team']; until: number };

/** What an invalidation names: one user (key rotation, role or status change), or a whole team. */
export type Invalidation = { user: number } | { team: number };

/**
 * The resolved caller (user row and team row) per credential (API-key hash, or token user), kept `ttlMs`.
 * Changes through the API drop the entries they affect at once, here and, through Redis when configured,
 * in every other instance; a change made around the API (SQL, another tool) shows within `ttlMs`.
 * The raw credential is never a key: API keys are held by their keyed hash.
 */
export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  private publish: ((message: string) => void) | undefined;
  /** Bumped by every invalidation: a row read before one is not stored after it. */
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  get(key: string): Omit<Entry, 'until'> | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Take before reading the row from the database; hand to `set`. */
  stamp(): number {
    return this.generation;
  }

  set(key: string, row: Omit<Entry, 'until'>, stamp: number) {
    if (!this.enabled || stamp !== this.generation) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...row, until: this.now() + this.ttlMs });
  }

  /** Drops the entries of a user or a team here, and tells the other instances. */
  invalidate(what: Invalidation) {
    this.drop(what);
    this.publish?.(JSON.stringify(what));
  }

  private drop(what: Invalidation) {
    this.generation++;
    for (const [k, e] of this.entries) if ('user' in what ? e.users.id === what.user : e.teams.id === what.team) this.entries.delete(k);
  }

  /**
   * Shares invalidations through Redis pub/sub on `channel`: `pub` sends, `sub` (a connection of its own,
   * in subscriber mode) receives. Returns a function that stops listening.
   */
  share(pub: Redis, sub: Redis, channel: string): () => Promise<void> {
    const onMessage = (ch: string, message: string) => {
      if (ch !== channel) return;
      try {
        const what = JSON.parse(message) as Invalidation;
        if (typeof what === 'object' && what && ('user' in what || 'team' in what)) this.drop(what);
      } catch {
        this.generation++;
        this.entries.clear();
      }
    };
    sub.on('message', onMessage);
    void sub.subscribe(channel).catch(() => undefined);
    this.publish = (message) => void pub.publish(channel, message).catch(() => this.entries.clear());
    return async () => {
      this.publish = undefined;
      sub.off('message', onMessage);
      sub.disconnect();
    };
  }
}
