/** Reads durations as people type them into a timesheet (the forms are described in ./duration.ts). */

export const MAX_DAY_SECONDS = 24 * 3600;

export type ParsedDuration = { ok: true; seconds: number } | { ok: false; message: string };

const HINT = 'Type a duration like 1:30, 1.5, 1h30 or 90m.';

const NUMBER = String.raw`(?:\d+(?:[.,]\d*)?|[.,]\d+)`;
const clock = /^(\d{0,3}):([0-5]?\d)?$/;
const plainNumber = new RegExp(`^${NUMBER}$`);
const units = new RegExp(`^(?:(${NUMBER})\\s*h(?:ours?|rs?)?)?\\s*(?:(${NUMBER})\\s*m(?:in(?:utes?|s)?)?)?$`, 'i');
/** `1h30`: minutes after hours without their unit. */
const hoursThenMinutes = /^(\d+)\s*h\s*([0-5]?\d)$/i;

const toNumber = (s: string) => Number(s.replace(',', '.'));

/** Minutes of one `+`-separated term, or null when it is not a duration. */
function termMinutes(raw: string): number | null {
  const term = raw.trim();
  if (term === '') return null;
  let m = clock.exec(term);
  if (m) {
    if (!m[1] && !m[2]) return null;
    return Number(m[1] || 0) * 60 + Number(m[2] || 0);
  }
  if (plainNumber.test(term)) return toNumber(term) * 60;
  m = hoursThenMinutes.exec(term);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = units.exec(term);
  if (m && (m[1] !== undefined || m[2] !== undefined)) {
    return (m[1] === undefined ? 0 : toNumber(m[1]) * 60) + (m[2] === undefined ? 0 : toNumber(m[2]));
  }
  return null;
}

/** Reads a typed duration. Empty and `0` are `{ ok: true, seconds: 0 }` (clear the cell). */
export function parseDuration(input: string): ParsedDuration {
  const text = input.trim();
  if (text === '') return { ok: true, seconds: 0 };
  if (text.startsWith('-')) return { ok: false, message: 'Time cannot be negative.' };
  const terms = text.split('+');
  let minutes = 0;
  for (const term of terms) {
    const m = termMinutes(term);
    if (m === null || !Number.isFinite(m)) return { ok: false, message: `“${truncate(text)}” is not a duration. ${HINT}` };
    minutes += m;
  }
  const seconds = Math.round(minutes) * 60;
  if (seconds > MAX_DAY_SECONDS) return { ok: false, message: 'A day has at most 24 hours.' };
  return { ok: true, seconds };
}

const truncate = (s: string) => (s.length > 16 ? `${s.slice(0, 15)}\u2026` : s);
