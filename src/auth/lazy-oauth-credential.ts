import type { SessionCredential, SessionHooks } from './credentials.ts';
import type { StoredOAuth } from './oauth-state.ts';

type Loaded = SessionCredential & { attach(hooks: SessionHooks): void };

const load = () => import('./oauth-credential.ts');

/** Starts loading the OAuth credential's code early (at start-up, next to the runtime config) when the saved session needs it. */
export const preloadOAuthCredential = () => void load();

/**
 * A saved OAuth session, restored at start-up without the OAuth code in the first screen's chunk: the real
 * credential (DPoP proofs, refresh, revocation) loads at once and every call waits for it. API-key sessions
 * never fetch it.
 */
export function lazyOAuthCredential(stored: StoredOAuth): SessionCredential {
  let hooks: SessionHooks | null = null;
  let loaded: Loaded | null = null;
  const ready: Promise<Loaded> = Promise.all([load(), import('./dpop-keys.ts')]).then(([m, k]) => {
    loaded = new m.OAuthCredential(stored, { keys: k.indexedDbKeyStore });
    if (hooks) loaded.attach(hooks);
    return loaded;
  });
  return {
    kind: 'oauth',
    persist: () => loaded?.persist() ?? { ...stored },
    attach: (h) => {
      hooks = h;
      loaded?.attach(h);
    },
    headers: async (request) => (await ready).headers(request),
    refresh: async (response) => (await ready).refresh?.(response) ?? false,
    revoke: async () => (await ready).revoke?.(),
  };
}
