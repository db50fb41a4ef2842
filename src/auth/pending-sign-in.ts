/**
 * The sign-in this tab started: PKCE verifier, `state`, and where to go afterwards. Kept in
 * sessionStorage (this tab only, gone when it closes) and read exactly once, by the callback.
 */
export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  redirectUri: string;
  clientId: string;
  /** The API the user signs in to, and the authorization server metadata discovered from it. */
  apiBaseUrl: string;
  authorizationServer: Record<string, unknown> & { issuer: string };
  /** In-app path to land on (the deep link that needed a session). */
  returnTo: string;
  createdAt: number;
}

const KEY = 'timekeep.oauth.pending';
/** A sign-in left unfinished longer than this is not resumed. */
export const PENDING_MAX_AGE_MS = 15 * 60_000;

export class SignInResponseError extends Error {
  override readonly name = 'SignInResponseError';
}

export function savePendingSignIn(storage: Storage, pending: PendingSignIn): void {
  storage.setItem(KEY, JSON.stringify(pending));
}

/**
 * The pending sign-in whose `state` came back, removed from storage whatever the outcome: a response
 * can be used once. Throws when there is none, it is another one, or it is too old.
 */
export function takePendingSignIn(storage: Storage, returnedState: string | null, now: number): PendingSignIn {
  const raw = storage.getItem(KEY);
  storage.removeItem(KEY);
  let pending: PendingSignIn | null = null;
  try {
    pending = raw ? (JSON.parse(raw) as PendingSignIn) : null;
  } catch {
    pending = null;
  }
  if (!pending || typeof pending.state !== 'string' || typeof pending.codeVerifier !== 'string')
    throw new SignInResponseError('This tab has no sign-in in progress. Start again from the sign-in page.');
  if (returnedState === null || returnedState !== pending.state)
    throw new SignInResponseError('The answer does not belong to the sign-in started in this tab. Start again from the sign-in page.');
  if (!(now - pending.createdAt >= 0 && now - pending.createdAt <= PENDING_MAX_AGE_MS))
    throw new SignInResponseError('The sign-in took too long. Start again from the sign-in page.');
  return pending;
}
