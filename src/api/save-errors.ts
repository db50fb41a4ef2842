import { ApiError, describeError, NetworkError } from './errors.ts';

// For the screens that save as the user types; apart from ./errors.ts so the first screen does not carry them.

/** Whether a failed save is worth sending again on its own (no connection, a server fault, too many requests). */
export const isTransient = (e: unknown) => e instanceof NetworkError || (e instanceof ApiError && (e.status >= 500 || e.status === 429));

/**
 * The server understood the request and said no (422 over a budget, 403, 404, 409): sending it again
 * would get the same answer. 401 (signed out), 408 and 429 (too many requests) are worth another try.
 */
export function isRefusal(e: unknown): boolean {
  return e instanceof ApiError && e.status >= 400 && e.status < 500 && ![401, 408, 429].includes(e.status);
}

/** Why a change is not saved, for the person who typed it. */
export function unsavedMessage(e: unknown): string {
  if (e instanceof NetworkError) return 'Not saved: the server cannot be reached. It will be sent when the connection returns.';
  if (e instanceof ApiError) return `Not saved: ${e.message}`;
  return `Not saved: ${describeError(e)}`;
}
