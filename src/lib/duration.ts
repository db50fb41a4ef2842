/**
 * Durations the way people type them into a timesheet, to and from integer seconds.
 *
 * Accepted (each term; terms may be summed with `+`): `1:30`, `1.5`, `1,5`, `.5`, `1h30`, `1h 30m`, `1h30m`,
 * `90m`, `90 min`, `2h`, `1.5h`, and a bare number, which is hours (`2` is 2:00, `0.25` is 0:15).
 * An empty text or `0` clears the cell. Results are rounded to whole minutes. Reading them is in
 * ./parse-duration.ts (the first screen draws durations before anyone types one).
 */

import { formatDuration, type DurationFormat } from '../../contract/durations.ts';

export { formatClock, formatDuration, type DurationFormat } from '../../contract/durations.ts';

/** What a cell shows: nothing for zero, the duration otherwise. */
export const formatCell = (seconds: number, format: DurationFormat): string => (seconds === 0 ? '' : formatDuration(seconds, format));

/** Words for screen readers: `1 hour 30 minutes`. */
export function spokenDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes === 0) return 'no time';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} hour${h === 1 ? '' : 's'}` : '', m ? `${m} minute${m === 1 ? '' : 's'}` : ''].filter(Boolean).join(' ');
}
