import type { CredentialSource } from '../api/client.ts';

/** What of a credential survives a reload. OAuth adds its own kind (refresh token, DPoP key id). */
export type StoredCredential = { kind: 'apiKey'; apiKey: string };

/** A credential the session can hold: it authenticates requests and can be saved and forgotten. */
export interface SessionCredential extends CredentialSource {
  readonly kind: StoredCredential['kind'];
  persist(): StoredCredential;
  /** Tells the server to forget the credential (OAuth revocation). API keys stay valid: nothing to do. */
  revoke?(): Promise<void>;
}

export function apiKeyCredential(apiKey: string): SessionCredential {
  return {
    kind: 'apiKey',
    headers: () => ({ 'X-Api-Key': apiKey }),
    persist: () => ({ kind: 'apiKey', apiKey }),
  };
}

/** Rebuilds a saved credential; null for anything unreadable (the user signs in again). */
export function restoreCredential(stored: unknown): SessionCredential | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const s = stored as Partial<StoredCredential>;
  switch (s.kind) {
    case 'apiKey':
      return typeof s.apiKey === 'string' && s.apiKey !== '' ? apiKeyCredential(s.apiKey) : null;
    default:
      return null;
  }
}
