// What the OAuth code (the flow, the credential, the refresh grant) shares; it loads with that code, not with
// the first screen (./oauth-state.ts is what a restored session needs at start-up).

/** The grant is gone (revoked, expired, reused, key lost, signed out elsewhere): only signing in again helps. */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Plain http is accepted only for a server on this machine (development, tests): the same rule the
 * authorization server applies to redirect URIs. Anything else must be https.
 */
export const isLoopbackUrl = (url: string | URL) => {
  const u = new URL(url);
  return u.protocol === 'http:' && LOOPBACK.has(u.hostname);
};
