import { format, parseISO } from 'date-fns';

/** `week of 9 Mar 2026` for the week starting on `from` (`YYYY-MM-DD`). */
export const weekLabel = (from: string) => `week of ${format(parseISO(from), 'd MMM yyyy')}`;

/** `9 Mar 2026` or `9 Mar 2026 to 13 Mar 2026`. */
export function rangeLabel(start: string, end: string): string {
  const a = format(parseISO(start), 'd MMM yyyy');
  return start === end ? a : `${a} to ${format(parseISO(end), 'd MMM yyyy')}`;
}
