// Durations as people read them, for the web app, the emails and the command line alike (no zod: the first screen draws them).

export type DurationFormat = 'hmm' | 'decimal';

/** Seconds as `h:mm` (`1:30`) or decimal hours (`1.50`); rounded to the minute. */
export function formatDuration(seconds: number, format: DurationFormat = 'hmm'): string {
  const minutes = Math.round(seconds / 60);
  if (format === 'decimal') return (minutes / 60).toFixed(2);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A running timer's elapsed time, `h:mm:ss`. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
