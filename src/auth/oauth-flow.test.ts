// @vitest-environment node
// Node's own realm: jsdom's ArrayBuffer is not WebCrypto's, which trips oauth4webapi's type checks.
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { memoryKeyStore } from './dpop-keys.ts';
import { completeSignIn, describeSignInError, startSignIn } from './oauth-flow.ts';

const API = 'https://api.test';
const ORIGIN = 'http://127.0.0.1:5173';
const REDIRECT = `${ORIGIN}/oauth/callback`;

/** The Web Storage API over a Map. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear = () => this.items.clear();
  getItem = (k: string) => this.items.get(k) ?? null;
  key = (i: number) => [...this.items.keys()][i] ?? null;
  removeItem = (k: string) => void this.items.delete(k);
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
}
const localStorage = new MemoryStorage();
const sessionStorage = new MemoryStorage();
/** base64url(SHA-256(v)), computed apart from the code under test. */
const s256 = async (v: string) => Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(v))).toString('base64url');

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers } });

/** A small authorization server that checks what a real one checks in these requests. */
function fakeServer() {
  const clients = new Set<string>();
  const codes = new Map<string, { clientId: string; challenge: string; redirectUri: string }>();
  const refreshTokens = new Map<string, { jkt: string; clientId: string; used: boolean }>();
  const revoked: string[] = [];
  const log: string[] = [];
  let registrations = 0;
  let issued = 0;

  async function proofJkt(req: Request, htu: string): Promise<string> {
    const proof = req.headers.get('DPoP');
    if (!proof) throw new Error('no DPoP proof');
    const { payload } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt' });
    if (payload.htm !== req.method || payload.htu !== htu) throw new Error('proof for another request');
    return calculateJwkThumbprint(decodeProtectedHeader(proof).jwk!);
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    log.push(`${req.method} ${url.pathname}`);
    if (url.pathname === '/.well-known/oauth-protected-resource')
      return json(200, { resource: API, authorization_servers: [API], bearer_methods_supported: ['header'] });
    if (url.pathname === '/.well-known/oauth-authorization-server')
      return json(200, {
        issuer: API,
        authorization_endpoint: `${API}/oauth/authorize`,
        token_endpoint: `${API}/oauth/token`,
        registration_endpoint: `${API}/oauth/register`,
        revocation_endpoint: `${API}/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
      });
    if (url.pathname === '/oauth/register') {
      const body = (await req.json()) as { redirect_uris: string[]; token_endpoint_auth_method: string };
      expect(body.redirect_uris).toEqual([REDIRECT]);
      expect(body.token_endpoint_auth_method).toBe('none');
      const clientId = `tkc_${++registrations}`;
      clients.add(clientId);
      return json(201, { client_id: clientId, ...body });
    }
    const form = new URLSearchParams(await req.text());
    const clientId = form.get('client_id') ?? '';
    if (url.pathname === '/oauth/revoke') {
      if (!clients.has(clientId)) return json(401, { error: 'invalid_client' });
      revoked.push(form.get('token')!);
      return new Response(null, { status: 200 });
    }
    if (url.pathname !== '/oauth/token') return json(404, {});
    if (!clients.has(clientId)) return json(401, { error: 'invalid_client' });
    const jkt = await proofJkt(req, `${API}/oauth/token`).catch(() => null);
    const issue = () => {
      const refresh = `rt-${++issued}`;
      refreshTokens.set(refresh, { jkt: jkt!, clientId, used: false });
      return json(200, { access_token: `at-${issued}`, token_type: 'DPoP', expires_in: 3600, refresh_token: refresh });
    };
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.clientId !== clientId || code.redirectUri !== form.get('redirect_uri'))
        return json(400, { error: 'invalid_grant' });
      if ((await s256(form.get('code_verifier') ?? '')) !== code.challenge) return json(400, { error: 'invalid_grant' });
      if (!jkt) return json(400, { error: 'invalid_dpop_proof' });
      return issue();
    }
    const rt = refreshTokens.get(form.get('refresh_token') ?? '');
    if (!rt || rt.used || rt.clientId !== clientId) return json(400, { error: 'invalid_grant' });
    if (rt.jkt !== jkt) return json(400, { error: 'invalid_dpop_proof' });
    rt.used = true;
    return issue();
  });

  /** What the server's pages do after the user signs in and allows: a code back to the redirect URI. */
  function authorize(authorizationUrl: string): URL {
    const u = new URL(authorizationUrl);
    const code = `code-${codes.size + 1}`;
    codes.set(code, {
      clientId: u.searchParams.get('client_id')!,
      challenge: u.searchParams.get('code_challenge')!,
      redirectUri: u.searchParams.get('redirect_uri')!,
    });
    const back = new URL(u.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', u.searchParams.get('state')!);
    back.searchParams.set('iss', API);
    return back;
  }

  return { fetch, clients, log, revoked, authorize, registrations: () => registrations };
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('window', { location: { origin: ORIGIN } });
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('sessionStorage', sessionStorage);
});
afterEach(() => vi.unstubAllGlobals());

describe('startSignIn', () => {
  it('discovers the server from the API, registers once, and asks for a code with PKCE S256 and state', async () => {
    const href = await startSignIn({ apiBaseUrl: API, returnTo: '/timesheet?week=2647' });
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe(`${API}/oauth/authorize`);
    expect(server.log.slice(0, 3)).toEqual([
      'GET /.well-known/oauth-protected-resource',
      'GET /.well-known/oauth-authorization-server',
      'POST /oauth/register',
    ]);
    const pending = JSON.parse(sessionStorage.getItem('timekeep.oauth.pending')!) as {
      codeVerifier: string;
      state: string;
      returnTo: string;
    };
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'tkc_1',
      redirect_uri: REDIRECT,
      code_challenge: await s256(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      resource: API,
    });
    expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(pending.state.length).toBeGreaterThanOrEqual(32);
    expect(pending.returnTo).toBe('/timesheet?week=2647');
    // Nothing secret in localStorage: only the client id, per issuer.
    expect(JSON.parse(localStorage.getItem('timekeep.oauth.clients')!)).toEqual({ [API]: { clientId: 'tkc_1', redirectUri: REDIRECT } });
  });

  it('reuses the cached client id, with a fresh verifier and state each time', async () => {
    const first = new URL(await startSignIn({ apiBaseUrl: API, returnTo: '/' }));
    const second = new URL(await startSignIn({ apiBaseUrl: API, returnTo: '/' }));
    expect(server.registrations()).toBe(1);
    expect(second.searchParams.get('client_id')).toBe('tkc_1');
    // The cached id is checked by revoking a made-up token (200 for a known client), not by a refused token request.
    expect(server.log.filter((l) => l.startsWith('POST'))).toEqual(['POST /oauth/register', 'POST /oauth/revoke']);
    expect(second.searchParams.get('state')).not.toBe(first.searchParams.get('state'));
    expect(second.searchParams.get('code_challenge')).not.toBe(first.searchParams.get('code_challenge'));
  });

  it('signing in again soon after signing out sends no check: the sign-out\'s revocation showed the id is known', async () => {
    const back = server.authorize(await startSignIn({ apiBaseUrl: API, returnTo: '/' }));
    const { credential } = await completeSignIn(back, memoryKeyStore());
    await credential.revoke();
    const revokes = () => server.log.filter((l) => l === 'POST /oauth/revoke').length;
    expect(revokes()).toBe(1);
    const again = new URL(await startSignIn({ apiBaseUrl: API, returnTo: '/' }));
    expect(again.searchParams.get('client_id')).toBe('tkc_1');
    expect(revokes()).toBe(1);
    // Ten minutes on, the id is checked again before it is used.
    vi.useFakeTimers({ now: Date.now() + 10 * 60_000 + 1, toFake: ['Date'] });
    try {
      await startSignIn({ apiBaseUrl: API, returnTo: '/' });
    } finally {
      vi.useRealTimers();
    }
    expect(revokes()).toBe(2);
    expect(server.registrations()).toBe(1);
  });

  it('registers again when the server answers invalid_client for the cached id', async () => {
    await startSignIn({ apiBaseUrl: API, returnTo: '/' });
    server.clients.clear();
    const url = new URL(await startSignIn({ apiBaseUrl: API, returnTo: '/' }));
    expect(server.registrations()).toBe(2);
    expect(url.searchParams.get('client_id')).toBe('tkc_2');
  });
});

describe('completeSignIn and the credential it gives', () => {
  it('exchanges the code with the verifier and a DPoP proof, then refreshes and revokes with the same key', async () => {
    const keys = memoryKeyStore();
    const back = server.authorize(await startSignIn({ apiBaseUrl: API, returnTo: '/profile' }));
    const { credential, baseUrl, returnTo } = await completeSignIn(back, keys);
    expect(baseUrl).toBe(API);
    expect(returnTo).toBe('/profile');
    expect(sessionStorage.getItem('timekeep.oauth.pending')).toBeNull();

    const stored = credential.persist();
    expect(stored).toMatchObject({ kind: 'oauth', issuer: API, clientId: 'tkc_1', refreshToken: 'rt-1' });
    expect(JSON.stringify(stored)).not.toContain('at-1');
    const keyPair = await keys.get(stored.keyId);
    expect(keyPair?.privateKey.extractable).toBe(false);

    const headers = await credential.headers({ method: 'GET', url: `${API}/users/me?x=1` });
    expect(headers.Authorization).toBe('DPoP at-1');
    const { payload } = await jwtVerify(headers.DPoP!, EmbeddedJWK);
    expect(payload).toMatchObject({ htm: 'GET', htu: `${API}/users/me`, ath: await s256('at-1') });

    // A 401: new tokens from the refresh token, bound to the same key (the fake server checks the thumbprint).
    vi.useFakeTimers({ now: Date.now() + 10_000, toFake: ['Date'] });
    try {
      expect(await credential.refresh(new Response(null, { status: 401 }))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(credential.persist().refreshToken).toBe('rt-2');
    expect((await credential.headers({ method: 'GET', url: `${API}/users/me` })).Authorization).toBe('DPoP at-2');

    await credential.revoke();
    expect(server.revoked).toEqual(['rt-2']);
    expect(await keys.get(stored.keyId)).toBeNull();
    await expect(credential.headers({ method: 'GET', url: `${API}/users/me` })).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses an answer whose state is not the one this tab sent', async () => {
    const back = server.authorize(await startSignIn({ apiBaseUrl: API, returnTo: '/' }));
    back.searchParams.set('state', 'forged');
    await expect(completeSignIn(back, memoryKeyStore())).rejects.toThrow(/does not belong/);
    expect(server.log).not.toContain('POST /oauth/token');
  });

  it('explains a denied consent', async () => {
    const href = await startSignIn({ apiBaseUrl: API, returnTo: '/' });
    const state = new URL(href).searchParams.get('state')!;
    const back = new URL(REDIRECT);
    back.search = new URLSearchParams({ error: 'access_denied', state, iss: API }).toString();
    const error = await completeSignIn(back, memoryKeyStore()).catch((e: unknown) => e);
    expect(describeSignInError(error)).toBe('Access was not allowed, so you are not signed in.');
  });
});

describe('a server without OAuth', () => {
  it('is named in a sentence a user can act on', async () => {
    server.fetch.mockImplementationOnce(async () => json(404, { code: 404, message: 'Not found' }));
    const error = await startSignIn({ apiBaseUrl: API, returnTo: '/' }).catch((e: unknown) => e);
    expect(describeSignInError(error)).toBe(
      'The server at https://api.test does not offer sign-in with a Timekeep account. Check the address, or use an API key instead.',
    );
    expect(sessionStorage.getItem('timekeep.oauth.pending')).toBeNull();
  });
});

describe('a server that says "too many"', () => {
  it('names the wait in minutes in plain words, for a refused registration or token request', async () => {
    const real = server.fetch.getMockImplementation()!;
    server.fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(new Request(input, init).url);
      if (url.pathname === '/oauth/register')
        return json(429, { error: 'slow_down', error_description: 'Too many registrations; retry in 3594 s' }, { 'Retry-After': '3594' });
      return real(input, init);
    });
    const refused = await startSignIn({ apiBaseUrl: API, returnTo: '/' }).catch((e: unknown) => e);
    expect(describeSignInError(refused)).toBe(
      'The server is receiving too many sign-ins from this network right now. Try again in 60 minutes.',
    );
    server.fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(new Request(input, init).url);
      if (url.pathname === '/oauth/register')
        return json(429, { code: 429, message: 'Too many requests; retry in 42 s' }, { 'Retry-After': '42' });
      return real(input, init);
    });
    const plain = await startSignIn({ apiBaseUrl: API, returnTo: '/' }).catch((e: unknown) => e);
    expect(describeSignInError(plain)).toBe(
      'The server is receiving too many sign-ins from this network right now. Try again in a minute.',
    );
  });
});
