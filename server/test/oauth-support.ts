import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { oauthThrottle } from '../db/schema/index.ts';
import { serveApi } from '../http/node-server.ts';
import type { Config } from '../config.ts';
import { setupTestApp, type TestUser } from './harness.ts';

/** Test support for the OAuth suites: the real server on a loopback port, a cookie-keeping browser, and oauth4webapi helpers. */

export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The app served on a free loopback port (PUBLIC_URL = that URL), with a clock the test can move. */
export async function startServer(config: Partial<Config> = {}) {
  const target: { fetch?: (req: Request, env: unknown) => Response | Promise<Response> } = {};
  const server = serveApi((req, env) => target.fetch!(req, env), { port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clock = { offsetMs: 0 };
  const t = await setupTestApp({ config: { publicUrl: base, ...config }, deps: { clock: () => new Date(Date.now() + clock.offsetMs) } });
  target.fetch = (req, env) => t.app.fetch(req, env);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const issuer = new URL(base);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  return { t, base, as, clock };
}
export type Env = Awaited<ReturnType<typeof startServer>>;

/** Every test comes from 127.0.0.1: call in `beforeEach` so each starts with no throttling history. */
export const forgetThrottling = (env: Env) => env.t.db.delete(oauthThrottle);

/** Starts the server before a file's tests (handing it to `use`) and forgets sign-in throttling before each test. */
export function useTestServer(use: (env: Env) => void) {
  let env: Env;
  beforeAll(async () => {
    env = await startServer();
    use(env);
  });
  beforeEach(() => forgetThrottling(env));
}

export const PASSWORD = 'correct horse battery staple';

/** A user with a password, in a fresh team. */
export async function userWithPassword(env: Env, role: TestUser['role'] = 'member') {
  const team = await env.t.team();
  return env.t.user(team.id, role, { password: PASSWORD });
}

/** Registers a public client with oauth4webapi. */
export async function registerClient(env: Env, redirectUri = 'http://127.0.0.1:9/callback', name = 'Test App') {
  const res = await oauth.dynamicClientRegistrationRequest(
    env.as,
    { redirect_uris: [redirectUri], client_name: name, token_endpoint_auth_method: 'none' },
    insecure,
  );
  const client: oauth.Client = await oauth.processDynamicClientRegistrationResponse(res);
  return { client, redirectUri };
}

/** A browser: keeps cookies, does not follow redirects. */
export class Browser {
  constructor(private readonly fetchImpl: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init)) {}

  readonly cookies = new Map<string, string>();
  /** Raw Set-Cookie headers seen, for attribute checks. */
  readonly setCookies: string[] = [];

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await this.fetchImpl(url, { ...init, headers, redirect: 'manual' });
    for (const sc of res.headers.getSetCookie()) {
      this.setCookies.push(sc);
      const [pair = '', ...attrs] = sc.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Submits a form as a browser would (form-encoded POST). */
  post(url: string, fields: Record<string, string>) {
    return this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden fields of the first form posting to `action` in `html`. */
export function formFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  expect(start, `a form posting to ${action}`).toBeGreaterThan(-1);
  const form = html.slice(start, html.indexOf('</form>', start));
  const out: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[unescape(m[1]!)] = unescape(m[2]!);
  return out;
}

/** An authorization URL with a fresh PKCE S256 pair. */
export async function authorizationUrl(env: Env, client: oauth.Client, redirectUri: string, extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(env.as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return { url, verifier, state };
}

/** Signs in on the real page (unless remembered) and answers the consent page (unless remembered); answers the final redirect. */
export async function signInAndConsent(
  env: Env,
  browser: Browser,
  url: URL,
  user: { email: string },
  decision: 'allow' | 'deny' = 'allow',
) {
  let res = await browser.fetch(url.toString());
  if (res.status === 200) {
    let html = await res.text();
    if (html.includes('action="/oauth/signin"')) {
      res = await browser.post(`${env.base}/oauth/signin`, { ...formFields(html, '/oauth/signin'), email: user.email, password: PASSWORD });
      expect(res.status).toBe(303);
      const next = new URL(res.headers.get('location')!, env.base);
      // The product's own web app goes straight back to its callback after the password.
      if (next.origin !== env.base) return res;
      res = await browser.fetch(next.toString());
      if (res.status !== 200) return res;
      html = await res.text();
    }
    res = await browser.post(`${env.base}/oauth/authorize`, { ...formFields(html, '/oauth/authorize'), decision });
  }
  return res;
}

/** A code obtained through the pages (a new user and client), not yet exchanged. */
export async function freshCode(env: Env) {
  const user = await userWithPassword(env);
  const reg = await registerClient(env);
  const { url, verifier, state } = await authorizationUrl(env, reg.client, reg.redirectUri);
  const res = await signInAndConsent(env, new Browser(), url, user);
  const params = oauth.validateAuthResponse(env.as, reg.client, new URL(res.headers.get('location')!), state);
  return { ...reg, user, verifier, code: params.get('code')!, params };
}

/** The whole flow: authorize, sign in, consent, exchange the code (optionally with DPoP). */
export async function obtainTokens(
  env: Env,
  opts: {
    user: { email: string };
    client?: Awaited<ReturnType<typeof registerClient>>;
    dpop?: oauth.DPoPHandle;
    resource?: string;
    browser?: Browser;
  },
) {
  const { client, redirectUri } = opts.client ?? (await registerClient(env));
  const browser = opts.browser ?? new Browser();
  const { url, verifier, state } = await authorizationUrl(env, client, redirectUri, opts.resource ? { resource: opts.resource } : {});
  const res = await signInAndConsent(env, browser, url, opts.user);
  expect([302, 303]).toContain(res.status);
  const params = oauth.validateAuthResponse(env.as, client, new URL(res.headers.get('location')!), state);
  const tokenRes = await oauth.authorizationCodeGrantRequest(env.as, client, oauth.None(), params, redirectUri, verifier, {
    ...insecure,
    ...(opts.dpop ? { DPoP: opts.dpop } : {}),
    ...(opts.resource ? { additionalParameters: { resource: opts.resource } } : {}),
  });
  const tokens = await oauth.processAuthorizationCodeResponse(env.as, client, tokenRes);
  return { tokens, client, redirectUri, browser };
}

/** POSTs a form to the token endpoint directly (for requests oauth4webapi would refuse to build). */
export async function tokenRequest(env: Env, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(env.as.token_endpoint!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** A GET on the API at `base` with oauth4webapi; a 401 challenge comes back as the response (oauth4webapi throws it). */
export const apiGet = (base: string, token: string, path: string, dpop?: oauth.DPoPHandle) =>
  oauth
    .protectedResourceRequest(token, 'GET', new URL(`${base}${path}`), new Headers(), null, {
      ...insecure,
      ...(dpop ? { DPoP: dpop } : {}),
    })
    .catch((e: unknown) => {
      if (e instanceof oauth.WWWAuthenticateChallengeError) return e.response;
      throw e;
    });
