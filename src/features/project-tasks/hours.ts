import { z } from 'zod';

const MAX_HOURS = 100_000;

/** Hours typed as `12`, `12.5`, `12,5` or `12:30`: seconds, rounded to the minute; `null` when blank. */
export function parseHours(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  const clock = /^(\d{1,6}):([0-5]\d)$/.exec(t);
  const hours = clock ? Number(clock[1]) + Number(clock[2]) / 60 : /^\d{1,6}(?:[.,]\d+)?$/.test(t) ? Number(t.replace(',', '.')) : NaN;
  if (!Number.isFinite(hours) || hours > MAX_HOURS) return 'invalid';
  return Math.round(hours * 60) * 60;
}

/** A form field of hours (see `parseHours`), as seconds or `null`. */
export const hoursInput = z.string().transform((text, ctx) => {
  const seconds = parseHours(text);
  if (seconds === 'invalid') {
    ctx.addIssue({ code: 'custom', message: 'Type hours like 6, 6.5 or 6:30.' });
    return z.NEVER;
  }
  return seconds;
});

/** Seconds as the text `hoursInput` reads back (`6:30`); blank for none. */
export const hoursValue = (seconds: number | undefined) =>
  seconds ? `${Math.floor(seconds / 3600)}:${String(Math.round((seconds % 3600) / 60)).padStart(2, '0')}` : '';
