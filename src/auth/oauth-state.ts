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
