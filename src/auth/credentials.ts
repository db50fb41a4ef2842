import type { CredentialSource } from '../api/client.ts';
import { lazyOAuthCredential } from './lazy-oauth-credential.ts';
import { isStoredOAuth, type StoredOAuth } from './oauth-state.ts';

/** What of a credential survives a reload: an API key, or an OAuth refresh token and the id of its DPoP key. */
export type StoredCredential = { kind: 'apiKey'; apiKey: string } | StoredOAuth;

/** What the session offers a credential whose saved form changes while signed in (rotating refresh tokens). */
export interface SessionHooks {
  /** Saves the credential's current `persist()` form. */
  save(): void;
  /** The saved credential as it is now in storage (another tab may have changed it); null when signed out. */
  latest(): StoredCredential | null;
}

/** A credential the session can hold: it authenticates requests and can be saved and forgotten. */
export interface SessionCredential extends CredentialSource {
  readonly kind: StoredCredential['kind'];
  persist(): StoredCredential;
  /** Tells the server to forget the credential (OAuth revocation). API keys stay valid: nothing to do. */
  revoke?(): Promise<void>;
  /** Called by the session once it holds the credential. */
  attach?(hooks: SessionHooks): void;
}

export function apiKeyCredential(apiKey: string): SessionCredential {
  return {
    kind: 'apiKey',
    headers: () => ({ 'X-Api-Key': apiKey }),
    persist: () => ({ kind: 'apiKey', apiKey }),
  };
}

/** Reads a saved credential without trusting its shape; null for anything unreadable. */
export function parseStoredCredential(stored: unknown): StoredCredential | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const s = stored as Partial<Record<string, unknown>>;
  if (s.kind === 'apiKey') return typeof s.apiKey === 'string' && s.apiKey !== '' ? { kind: 'apiKey', apiKey: s.apiKey } : null;
  return isStoredOAuth(stored) ? stored : null;
}

/** Rebuilds a saved credential; null for anything unreadable (the user signs in again). */
export function restoreCredential(stored: unknown): SessionCredential | null {
  const s = parseStoredCredential(stored);
  if (!s) return null;
  return s.kind === 'apiKey' ? apiKeyCredential(s.apiKey) : lazyOAuthCredential(s);
}
