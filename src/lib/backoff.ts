/** Upper bound for one wait, so a hostile or broken Retry-After cannot freeze the app. */
export const MAX_RETRY_DELAY_MS = 30_000;
const BASE_DELAY_MS = 500;

/**
 * Seconds the server asked us to wait, from a `Retry-After` header given either as
 * delta-seconds or as an HTTP date. Null when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header == null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Wait before retry number `retry` (1 for the first retry): never shorter than the server's
 * `Retry-After`, doubling from 500 ms, plus up to 25 % random jitter so that clients that
 * were throttled together do not come back together.
 */
export function retryDelayMs(retry: number, retryAfterSeconds: number | null, random: () => number): number {
  const exponential = BASE_DELAY_MS * 2 ** Math.max(0, retry - 1);
  const base = Math.max(exponential, (retryAfterSeconds ?? 0) * 1000);
  const jitter = base * 0.25 * random();
  return Math.min(MAX_RETRY_DELAY_MS, Math.round(base + jitter));
}
