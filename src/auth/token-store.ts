/** Timers and time, injectable so refresh scheduling can be tested with a fake clock. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A token closer than this to its expiry is not sent: it is refreshed first. */
export const EXPIRY_MARGIN_MS = 30_000;
/** Refresh this long before expiry (or a quarter of the lifetime for short-lived tokens). */
export const REFRESH_AHEAD_MS = 5 * 60_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When to refresh a token received at `receivedAt` that lives `lifetimeMs`. */
export function refreshDueAt(receivedAt: number, lifetimeMs: number): number {
  return receivedAt + lifetimeMs - Math.min(REFRESH_AHEAD_MS, lifetimeMs / 4);
}

/**
 * The access token, in memory only (never written to storage), and the timer that asks for a new one
 * ahead of its expiry.
 */
export class AccessTokenStore {
  private token: { value: string; receivedAt: number; expiresAt: number } | null = null;
  private timer: unknown = null;

  constructor(
    private readonly onRefreshDue: () => void,
    private readonly clock: Clock = systemClock,
  ) {}

  set(accessToken: string, expiresInSeconds: number): void {
    const receivedAt = this.clock.now();
    const lifetime = Math.max(0, expiresInSeconds) * 1000;
    this.token = { value: accessToken, receivedAt, expiresAt: receivedAt + lifetime };
    this.cancelTimer();
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, refreshDueAt(receivedAt, lifetime) - receivedAt));
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.onRefreshDue();
    }, delay);
  }

  /** The token if it stays valid long enough to be used, else null (refresh first). */
  current(): string | null {
    if (!this.token) return null;
    return this.clock.now() < this.token.expiresAt - EXPIRY_MARGIN_MS ? this.token.value : null;
  }

  /** Milliseconds since the current token arrived; Infinity without one. */
  age(): number {
    return this.token ? this.clock.now() - this.token.receivedAt : Infinity;
  }

  clear(): void {
    this.token = null;
    this.cancelTimer();
  }

  private cancelTimer() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
