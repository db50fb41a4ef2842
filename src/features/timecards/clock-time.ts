import type { Timecard } from '../../../contract/timecards.ts';
/** Clock times as people type them: `9`, `902`, `9:02`, `0902`, `22.30` → `HH:MM`; empty clears. */
export type ParsedClock = { ok: true; value: string | null } | { ok: false; message: string };

export function parseClockTime(input: string): ParsedClock {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  const m = /^(\d{1,2})(?:[:.h]?(\d{2}))?$/.exec(text);
  if (!m) return { ok: false, message: 'Type a time as 9:00 or 17:30' };
  const h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (h > 23 || min > 59) return { ok: false, message: 'Type a time from 0:00 to 23:59' };
  return { ok: true, value: `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}` };
}

/** Whether a shift from `clockIn` to `clockOut` ends on the next day (as the server counts it). */
export const isOvernight = (clockIn: string | null, clockOut: string | null) => clockIn !== null && clockOut !== null && clockOut < clockIn;

/** `09:00 → 17:30`, `22:00 → 06:00 +1`, or what there is of it. */
export function shiftLabel(clockIn: string | null, clockOut: string | null): string {
  if (!clockIn && !clockOut) return '';
  return `${clockIn ?? '—'} → ${clockOut ?? '…'}${isOvernight(clockIn, clockOut) ? ' +1' : ''}`;
}

/** `1 h 20 min`, `45 min`, `2 h`: a stretch of time in a sentence. */
export function awayText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m || !h ? `${m} min` : ''].filter(Boolean).join(' ');
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const secondsOf = (hms: string | null) => (hms ?? '0:0:0').split(':').reduce((sum, n) => sum * 60 + Number(n), 0);

/**
 * When a running shift was resumed by clocking in again after a clock-out, and how long the person was
 * away (the server adds it to the break): read from the card's history, whose last two changes are then the
 * break growing and the clock-out cleared by the clock button. Null for a shift that has not been resumed.
 */
export function resumeOf(card: Pick<Timecard, 'clockIn' | 'clockOut' | 'history'>): { at: string; away: number } | null {
  if (!card.clockIn || card.clockOut) return null;
  const [extended, reopened] = card.history.slice(-2);
  if (extended?.action !== 'break' || extended.trigger !== 'button') return null;
  if (reopened?.action !== 'clock-out' || reopened.time !== null || reopened.previousTime === null || reopened.trigger !== 'button') return null;
  const away = secondsOf(extended.time) - secondsOf(extended.previousTime);
  return { at: clockOf(minutesOf(reopened.previousTime) + Math.round(away / 60)), away };
}

/** What clocking in did, for the person who pressed the button. */
export function clockInMessage(card: Pick<Timecard, 'clockIn' | 'clockOut' | 'history'>): string {
  const resumed = resumeOf(card);
  if (!resumed) return `Clocked in at ${card.clockIn ?? ''}`;
  return `Clocked in again at ${resumed.at} \u2014 the ${awayText(resumed.away)} away counts as a break`;
}
