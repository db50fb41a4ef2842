import { NetworkError } from '../api/errors.ts';
import { createDpopProof } from './dpop.ts';
import { SessionEndedError } from './oauth-shared.ts';
import type { StoredOAuth } from './oauth-state.ts';

export interface TokenSet {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken: string;
}

/** Token-endpoint errors after which the grant cannot be used again (RFC 6749 §5.2, RFC 9449 §7). */
const ENDED = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client', 'invalid_dpop_proof']);

/**
 * The refresh_token grant (RFC 6749 §6) with a DPoP proof of the grant's key, small enough to live in the
 * first screen's bundle: a reload needs it before the first API call, while oauth4webapi stays on the
 * sign-in path. Retries once with the server's nonce if it asks for one (RFC 9449 §8). Answers the new
 * tokens and the nonce to use next time.
 */
export async function refreshGrant(
  state: StoredOAuth,
  keyPair: CryptoKeyPair,
  options: { nonce?: string | undefined; fetch?: typeof fetch; now?: () => number } = {},
): Promise<{ tokens: TokenSet; nonce: string | undefined }> {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: state.refreshToken, client_id: state.clientId });
  const send = async (nonce: string | undefined) => {
    const proof = await createDpopProof(keyPair, { htm: 'POST', htu: state.tokenEndpoint, nonce, now: (options.now ?? Date.now)() });
    try {
      return await doFetch(state.tokenEndpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', DPoP: proof },
        body,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (e) {
      throw new NetworkError(new URL(state.tokenEndpoint).origin, { cause: e });
    }
  };
  let nonce = options.nonce;
  let res = await send(nonce);
  let json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const offered = res.headers.get('DPoP-Nonce') ?? undefined;
  if (!res.ok && json?.error === 'use_dpop_nonce' && offered && offered !== nonce) {
    nonce = offered;
    res = await send(nonce);
    json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  }
  nonce = res.headers.get('DPoP-Nonce') ?? nonce;
  if (!res.ok) {
    const error = typeof json?.error === 'string' ? json.error : null;
    if (error && ENDED.has(error)) throw new SessionEndedError(`The server ended the session (${error}).`);
    throw new Error(`The token endpoint answered ${res.status}${error ? ` (${error})` : ''}.`);
  }
  const { access_token, token_type, expires_in, refresh_token } = json ?? {};
  if (typeof access_token !== 'string' || access_token === '' || typeof refresh_token !== 'string' || refresh_token === '')
    throw new Error('The token endpoint answered without an access token and a refresh token.');
  if (typeof token_type !== 'string' || token_type.toLowerCase() !== 'dpop')
    throw new Error('The token endpoint did not bind the new tokens to this browser’s key (DPoP).');
  const expiresIn = typeof expires_in === 'number' && expires_in > 0 ? expires_in : 3600;
  return { tokens: { accessToken: access_token, expiresIn, refreshToken: refresh_token }, nonce };
}
