import type { DayInfo } from './week.ts';

export interface LockedDays {
  /** "The whole week", or the locked days' short names ("Mon, Tue"). */
  list: string;
  /** Whether `list` reads as one thing ("is", "it") rather than several ("are", "them"). */
  one: boolean;
  /** Every reason once, joined with "; ". */
  reasons: string;
}

/** How a week's locked days read in a sentence; null when no day is locked. `locks` holds each day's reasons. */
export function lockedDays(days: readonly DayInfo[], locks: readonly (readonly string[])[]): LockedDays | null {
  const locked = days.filter((_, i) => (locks[i]?.length ?? 0) > 0).map((d) => d.short);
  if (locked.length === 0) return null;
  const whole = locked.length === days.length;
  return {
    list: whole ? 'The whole week' : locked.join(', '),
    one: whole || locked.length === 1,
    reasons: [...new Set(locks.flat())].join('; '),
  };
}
