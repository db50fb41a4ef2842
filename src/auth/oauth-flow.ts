import * as oauth from 'oauth4webapi';
import { NetworkError } from '../api/errors.ts';
import { cachedClientId, confirmClientId, forgetClientId, recentlyConfirmed, rememberClientId } from './client-registry.ts';
import { generateDpopKeyPair } from './dpop.ts';
import { indexedDbKeyStore, type DpopKeyStore } from './dpop-keys.ts';
import { OAuthCredential } from './oauth-credential.ts';
import type { TokenSet } from './refresh-grant.ts';
import { isLoopbackUrl, SessionEndedError } from './oauth-shared.ts';
import type { StoredOAuth } from './oauth-state.ts';
import { savePendingSignIn, SignInResponseError, takePendingSignIn } from './pending-sign-in.ts';

/**
 * Sign-in with oauth4webapi, following its examples: discovery (protected resource → authorization
 * server), dynamic registration, authorization code with PKCE S256 and state, DPoP-bound tokens,
 * refresh and revocation. Loaded only on the sign-in and callback screens and when a token is due.
 */

export const CALLBACK_PATH = '/oauth/callback';
const CLIENT_NAME = 'Timekeep web app';

/** http only for a server on this machine; everything else must be https. */
const http = (url: string | URL): { [oauth.allowInsecureRequests]?: boolean } =>
  isLoopbackUrl(url) ? { [oauth.allowInsecureRequests]: true } : {};

/** A fetch that could not reach the server, as the app's NetworkError. */
async function reach<T>(url: string | URL, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof TypeError && !('code' in e)) throw new NetworkError(new URL(url).origin, { cause: e });
    throw e;
  }
}

/** The OAuth error code of a failed token-endpoint answer (JSON body or challenge), if any. */
function oauthErrorCode(e: unknown): string | null {
  if (e instanceof oauth.ResponseBodyError) return e.error;
  if (e instanceof oauth.WWWAuthenticateChallengeError) {
    const error = e.cause.find((c) => c.parameters.error)?.parameters.error;
    return error ?? null;
  }
  return null;
}

/** Sends a DPoP-bound token request, once more if the server asks for a nonce (the handle keeps it). */
async function withDpop<T>(
  client: oauth.Client,
  keyPair: CryptoKeyPair,
  send: (dpop: oauth.DPoPHandle) => Promise<Response>,
  process: (res: Response) => Promise<T>,
): Promise<T> {
  const dpop = oauth.DPoP(client, keyPair);
  try {
    return await process(await send(dpop));
  } catch (e) {
    if (!oauth.isDPoPNonceError(e)) throw e;
    return process(await send(dpop));
  }
}

function toTokenSet(res: oauth.TokenEndpointResponse): TokenSet {
  if (res.token_type !== 'dpop') throw new SignInResponseError('The server did not bind the tokens to this browser’s key (DPoP).');
  if (!res.refresh_token) throw new SignInResponseError('The server gave no refresh token.');
  return { accessToken: res.access_token, expiresIn: res.expires_in ?? 3600, refreshToken: res.refresh_token };
}

export interface Discovered {
  as: oauth.AuthorizationServer;
  /** The protected resource identifier of the API (RFC 9728), sent as `resource`. */
  resource: string;
}

/** API base URL → its protected-resource metadata → the first authorization server's RFC 8414 metadata. */
export async function discover(apiBaseUrl: string): Promise<Discovered> {
  const resourceUrl = new URL(apiBaseUrl);
  const prm = await reach(resourceUrl, async () =>
    oauth.processResourceDiscoveryResponse(resourceUrl, await oauth.resourceDiscoveryRequest(resourceUrl, http(resourceUrl))),
  ).catch((e: unknown) => {
    if (e instanceof NetworkError) throw e;
    throw new SignInResponseError(
      `The server at ${resourceUrl.origin} does not offer sign-in with a Timekeep account. Check the address, or use an API key instead.`,
      { cause: e },
    );
  });
  const issuer = prm.authorization_servers?.[0];
  if (!issuer) throw new SignInResponseError(`The server at ${resourceUrl.origin} names no authorization server.`);
  const issuerUrl = new URL(issuer);
  const as = await reach(issuerUrl, async () =>
    oauth.processDiscoveryResponse(issuerUrl, await oauth.discoveryRequest(issuerUrl, { algorithm: 'oauth2', ...http(issuerUrl) })),
  );
  if (!as.authorization_endpoint || !as.token_endpoint)
    throw new SignInResponseError('The authorization server has no authorize or token endpoint.');
  if (!as.code_challenge_methods_supported?.includes('S256'))
    throw new SignInResponseError('The authorization server does not support PKCE S256.');
  return { as, resource: prm.resource };
}

/**
 * Asks whether the server still knows `clientId`, without a failing request in the usual case: revoking a
 * throw-away token succeeds for a known client (RFC 7009 §2.2) and is refused as invalid_client for one it
 * forgot. Servers without revocation are asked at the token endpoint (a made-up refresh token: invalid_grant).
 */
async function clientIsKnown(as: oauth.AuthorizationServer, clientId: string): Promise<boolean> {
  const endpoint = as.revocation_endpoint ?? as.token_endpoint!;
  const fields: Record<string, string> = as.revocation_endpoint
    ? { token: oauth.generateRandomState(), client_id: clientId }
    : { grant_type: 'refresh_token', client_id: clientId, refresh_token: oauth.generateRandomState() };
  const res = await reach(endpoint, () =>
    fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(fields),
      credentials: 'omit',
    }),
  );
  // Read to the end, so leaving the page next does not cut the answer off.
  const body = (await res.json().catch(() => ({}))) as { error?: unknown };
  if (res.status !== 400 && res.status !== 401) return true;
  return body.error !== 'invalid_client';
}

/** The client id for this app at `as`: the cached one while the server still knows it, else a new registration. */
export async function ensureClient(as: oauth.AuthorizationServer, redirectUri: string, storage: Storage = localStorage): Promise<string> {
  const cached = cachedClientId(storage, as.issuer, redirectUri);
  // Signing in again soon after signing out: the sign-out's revocation showed the server knows the id. No check is
  // sent, so nothing is left in flight when the browser leaves for the server's sign-in page.
  if (cached && recentlyConfirmed(storage, as.issuer, cached, Date.now())) return cached;
  if (cached && (await clientIsKnown(as, cached))) return cached;
  if (cached) forgetClientId(storage, as.issuer, cached);
  if (!as.registration_endpoint) throw new SignInResponseError('The authorization server does not let apps register.');
  const registered = await reach(as.registration_endpoint, async () =>
    oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          client_name: CLIENT_NAME,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        },
        http(as.registration_endpoint!),
      ),
    ),
  );
  rememberClientId(storage, as.issuer, { clientId: registered.client_id, redirectUri });
  return registered.client_id;
}

/**
 * Prepares the authorization request (fresh PKCE verifier and state, kept in this tab's sessionStorage)
 * and answers the URL to send the browser to.
 */
export async function startSignIn(input: { apiBaseUrl: string; returnTo: string }): Promise<string> {
  const redirectUri = new URL(CALLBACK_PATH, window.location.origin).href;
  const { as, resource } = await discover(input.apiBaseUrl);
  const clientId = await ensureClient(as, redirectUri);
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  url.searchParams.set('resource', resource);
  savePendingSignIn(sessionStorage, {
    state,
    codeVerifier,
    redirectUri,
    clientId,
    apiBaseUrl: input.apiBaseUrl,
    authorizationServer: as as PendingAS,
    returnTo: input.returnTo,
    createdAt: Date.now(),
  });
  return url.href;
}

type PendingAS = Record<string, unknown> & { issuer: string };

export interface CompletedSignIn {
  credential: OAuthCredential;
  baseUrl: string;
  returnTo: string;
}

/**
 * The callback: checks the answer against the pending request (state, issuer), exchanges the code with
 * the PKCE verifier and a DPoP proof of a new non-extractable key, and stores that key in IndexedDB.
 */
export async function completeSignIn(currentUrl: URL, keys: DpopKeyStore = indexedDbKeyStore): Promise<CompletedSignIn> {
  const pending = takePendingSignIn(sessionStorage, currentUrl.searchParams.get('state'), Date.now());
  const as = pending.authorizationServer as unknown as oauth.AuthorizationServer;
  const client: oauth.Client = { client_id: pending.clientId };
  const params = oauth.validateAuthResponse(as, client, currentUrl, pending.state);
  const keyPair = await generateDpopKeyPair();
  let tokens: TokenSet;
  try {
    tokens = toTokenSet(
      await reach(as.token_endpoint!, () =>
        withDpop(
          client,
          keyPair,
          (DPoP) =>
            oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, pending.redirectUri, pending.codeVerifier, {
              DPoP,
              ...http(as.token_endpoint!),
            }),
          (res) => oauth.processAuthorizationCodeResponse(as, client, res),
        ),
      ),
    );
  } catch (e) {
    if (oauthErrorCode(e) === 'invalid_client') forgetClientId(localStorage, as.issuer, pending.clientId);
    throw e;
  }
  const keyId = crypto.randomUUID();
  await keys.put(keyId, keyPair);
  const state: StoredOAuth = {
    kind: 'oauth',
    issuer: as.issuer,
    tokenEndpoint: as.token_endpoint!,
    revocationEndpoint: as.revocation_endpoint ?? null,
    clientId: pending.clientId,
    refreshToken: tokens.refreshToken,
    keyId,
  };
  return { credential: new OAuthCredential(state, { keys }, { tokens, keyPair }), baseUrl: pending.apiBaseUrl, returnTo: pending.returnTo };
}

const serverOf = (state: StoredOAuth): oauth.AuthorizationServer => ({
  issuer: state.issuer,
  token_endpoint: state.tokenEndpoint,
  ...(state.revocationEndpoint ? { revocation_endpoint: state.revocationEndpoint } : {}),
});

/** RFC 7009 revocation of the refresh token; the server ends the whole grant, access tokens included. */
export async function revokeRefreshToken(state: StoredOAuth, storage: Storage = localStorage): Promise<void> {
  if (!state.revocationEndpoint) return;
  const endpoint = state.revocationEndpoint;
  await reach(endpoint, async () => {
    const res = await oauth.revocationRequest(serverOf(state), { client_id: state.clientId }, oauth.None(), state.refreshToken, {
      additionalParameters: { token_type_hint: 'refresh_token' },
      ...http(endpoint),
    });
    await oauth.processRevocationResponse(res);
    confirmClientId(storage, state.issuer, state.clientId, Date.now());
    // The answer is read to its end before the app moves on, so leaving the page cannot abort it.
    if (!res.bodyUsed) await res.arrayBuffer().catch(() => undefined);
  });
}

/** The refused answer behind a failed OAuth request, when the server said "too many" (429 or slow_down). */
function tooManyAnswer(e: unknown): Response | null {
  const res =
    e instanceof oauth.ResponseBodyError
      ? e.response
      : e instanceof oauth.OperationProcessingError && e.cause instanceof Response
        ? e.cause
        : null;
  if (!res) return null;
  return res.status === 429 || (e instanceof oauth.ResponseBodyError && e.error === 'slow_down') ? res : null;
}

/** "in a minute", "in 15 minutes": a wait of `seconds` as a person reads it (rounded up to whole minutes). */
export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
}

/** A sentence for the sign-in screens about why signing in failed. */
export function describeSignInError(e: unknown): string {
  const tooMany = tooManyAnswer(e);
  if (tooMany) {
    const seconds = Number(tooMany.headers.get('retry-after'));
    const when = Number.isFinite(seconds) && seconds > 0 ? inMinutes(seconds) : 'in a few minutes';
    return `The server is receiving too many sign-ins from this network right now. Try again ${when}.`;
  }
  if (e instanceof oauth.AuthorizationResponseError) {
    if (e.error === 'access_denied') return 'Access was not allowed, so you are not signed in.';
    return `The server refused the sign-in: ${e.error_description ?? e.error}.`;
  }
  if (e instanceof SignInResponseError || e instanceof NetworkError || e instanceof SessionEndedError) return e.message;
  const code = oauthErrorCode(e);
  if (code) {
    const description = e instanceof oauth.ResponseBodyError ? e.error_description : undefined;
    return `The server refused the sign-in (${code}${description ? `: ${description}` : ''}).`;
  }
  if (e instanceof oauth.OperationProcessingError) return `The server’s answer does not follow OAuth 2.1: ${e.message}.`;
  if (e instanceof Error) return e.message;
  return 'Something went wrong. Try again.';
}
