import { loadLater } from '../lib/load-later.ts';
import type { SessionCredential, SessionHooks } from './credentials.ts';
import type { StoredOAuth } from './oauth-state.ts';

type Loaded = SessionCredential & { attach(hooks: SessionHooks): void };

const load = () => import('./oauth-credential.ts');

/** Starts loading the OAuth credential's code early (at start-up, next to the runtime config) when the saved session needs it. */
export const preloadOAuthCredential = () => void load();

/**
 * A saved OAuth session, restored at start-up without the OAuth code in the first screen's chunk: the real
 * credential (DPoP proofs, refresh, revocation) loads at once and every call waits for it, in order. API-key
 * sessions never fetch it.
 */
export function lazyOAuthCredential(stored: StoredOAuth): SessionCredential {
  const { load: start, use: withReal, now } = loadLater<Loaded>(() =>
    Promise.all([load(), import('./dpop-keys.ts')]).then(([m, k]) => new m.OAuthCredential(stored, { keys: k.indexedDbKeyStore })),
  );
  void start();
  const ready = () => new Promise<Loaded>(withReal);
  return {
    kind: 'oauth',
    persist: () => now()?.persist() ?? { ...stored },
    attach: (hooks) => withReal((c) => c.attach(hooks)),
    headers: async (request) => (await ready()).headers(request),
    refresh: async (response) => (await ready()).refresh?.(response) ?? false,
    revoke: async () => (await ready()).revoke?.(),
  };
}
