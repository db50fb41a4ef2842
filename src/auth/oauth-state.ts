/** What of an OAuth sign-in survives a reload. The access token is never part of it: it lives in memory only. */
export interface StoredOAuth {
  kind: 'oauth';
  issuer: string;
  tokenEndpoint: string;
  revocationEndpoint: string | null;
  clientId: string;
  /** DPoP-bound (`cnf.jkt`): useless without the non-extractable key kept in IndexedDB under `keyId`. */
  refreshToken: string;
  keyId: string;
}

export function isStoredOAuth(value: unknown): value is StoredOAuth {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  const str = (k: string) => typeof s[k] === 'string' && s[k] !== '';
  return (
    s.kind === 'oauth' &&
    str('issuer') &&
    str('tokenEndpoint') &&
    (s.revocationEndpoint === null || str('revocationEndpoint')) &&
    str('clientId') &&
    str('refreshToken') &&
    str('keyId')
  );
}

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
