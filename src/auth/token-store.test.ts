import { describe, expect, it, vi } from 'vitest';
import { AccessTokenStore, EXPIRY_MARGIN_MS, refreshDueAt, type Clock } from './token-store.ts';

/** A clock whose time only moves when the test says so, with timers that fire as it passes them. */
function fakeClock(start = 1_000_000): Clock & { advance(ms: number): void; pending(): number } {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = target;
    },
    pending: () => timers.size,
  };
}

describe('AccessTokenStore', () => {
  it('keeps the token in memory and asks for a refresh five minutes before a one-hour token expires', () => {
    const clock = fakeClock();
    const due = vi.fn();
    const store = new AccessTokenStore(due, clock);
    store.set('at-1', 3600);
    expect(store.current()).toBe('at-1');

    clock.advance(3300_000 - 1);
    expect(due).not.toHaveBeenCalled();
    clock.advance(1);
    expect(due).toHaveBeenCalledTimes(1);
    expect(store.current()).toBe('at-1');

    // Not refreshed (offline): the token is withheld shortly before it expires, so it is never sent stale.
    clock.advance(300_000 - EXPIRY_MARGIN_MS - 1);
    expect(store.current()).toBe('at-1');
    clock.advance(1);
    expect(store.current()).toBeNull();
    expect(due).toHaveBeenCalledTimes(1);
  });

  it('reschedules on every new token and refreshes short-lived tokens at three quarters of their life', () => {
    const clock = fakeClock();
    const due = vi.fn();
    const store = new AccessTokenStore(due, clock);
    store.set('at-1', 3600);
    clock.advance(1000_000);
    store.set('at-2', 60);
    expect(clock.pending()).toBe(1);
    clock.advance(45_000 - 1);
    expect(due).not.toHaveBeenCalled();
    clock.advance(1);
    expect(due).toHaveBeenCalledTimes(1);
    expect(refreshDueAt(0, 60_000)).toBe(45_000);
    expect(refreshDueAt(0, 3_600_000)).toBe(3_300_000);
  });

  it('forgets the token and its timer on clear', () => {
    const clock = fakeClock();
    const due = vi.fn();
    const store = new AccessTokenStore(due, clock);
    store.set('at-1', 3600);
    store.clear();
    expect(store.current()).toBeNull();
    expect(clock.pending()).toBe(0);
    clock.advance(7200_000);
    expect(due).not.toHaveBeenCalled();
    expect(store.age()).toBe(Infinity);
  });

  it('works with the real timer functions under a faked system clock', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    try {
      const due = vi.fn();
      const store = new AccessTokenStore(due);
      store.set('at-1', 3600);
      vi.advanceTimersByTime(3299_999);
      expect(due).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(due).toHaveBeenCalledTimes(1);
      expect(store.age()).toBe(3300_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
