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
