import * as oauth from 'oauth4webapi';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  authorizationServerMetadata,
  clientRegistrationResponse,
  jwks as jwksSchema,
  protectedResourceMetadata,
  tokenResponse,
} from '../../contract/oauth.ts';
import {
  apiGet,
  authorizationUrl,
  Browser,
  formFields,
  insecure,
  obtainTokens,
  registerClient,
  signInAndConsent,
  userWithPassword,
  useTestServer,
  type Env,
} from '../test/oauth-support.ts';

let env: Env;
useTestServer((e) => (env = e));

const api = (token: string, path: string, dpop?: oauth.DPoPHandle) => apiGet(env.base, token, path, dpop);

describe('discovery', () => {
  it('publishes RFC 8414 and RFC 9728 metadata', async () => {
    expect(env.as).toMatchObject({
      issuer: env.base,
      authorization_endpoint: `${env.base}/oauth/authorize`,
      token_endpoint: `${env.base}/oauth/token`,
      registration_endpoint: `${env.base}/oauth/register`,
      revocation_endpoint: `${env.base}/oauth/revoke`,
      jwks_uri: `${env.base}/oauth/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(env.as.dpop_signing_alg_values_supported).toContain('ES256');

    const api = await oauth.processResourceDiscoveryResponse(
      new URL(env.base),
      await oauth.resourceDiscoveryRequest(new URL(env.base), insecure),
    );
    expect(api).toMatchObject({
      resource: env.base,
      authorization_servers: [env.base],
      bearer_methods_supported: ['header'],
      resource_name: expect.any(String),
    });
    const mcpUrl = new URL(`${env.base}/mcp`);
    const mcp = await oauth.processResourceDiscoveryResponse(mcpUrl, await oauth.resourceDiscoveryRequest(mcpUrl, insecure));
    expect(mcp).toMatchObject({ resource: `${env.base}/mcp`, authorization_servers: [env.base] });
  });

  it('answers 401 with a challenge naming the resource metadata', async () => {
    const res = await fetch(`${env.base}/users/me`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${env.base}/.well-known/oauth-protected-resource"`);
    const mcp = await fetch(`${env.base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toContain(`resource_metadata="${env.base}/.well-known/oauth-protected-resource/mcp"`);
  });
});

describe('contract', () => {
  it('answers the shapes of contract/oauth.ts', async () => {
    const json = async (path: string, init?: RequestInit) => (await fetch(`${env.base}${path}`, init)).json();
    authorizationServerMetadata.strict().parse(await json('/.well-known/oauth-authorization-server'));
    protectedResourceMetadata.strict().parse(await json('/.well-known/oauth-protected-resource'));
    protectedResourceMetadata.strict().parse(await json('/.well-known/oauth-protected-resource/mcp'));
    jwksSchema.parse(await json('/oauth/jwks'));
    clientRegistrationResponse.strict().parse(
      await json('/oauth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['https://c.example/cb'] }),
      }),
    );
    const user = await userWithPassword(env);
    const { client, redirectUri } = await registerClient(env);
    const { url, verifier } = await authorizationUrl(env, client, redirectUri);
    const res = await signInAndConsent(env, new Browser(), url, user);
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    const token = await fetch(env.as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(token.headers.get('cache-control')).toBe('no-store');
    tokenResponse.strict().parse(await token.json());
  });
});

describe('registration', () => {
  it('registers a public client and answers its metadata', async () => {
    const { client } = await registerClient(env, 'https://app.example/cb', 'My App');
    expect(client.client_id).toMatch(/^tkc_/);
    expect(client).toMatchObject({
      client_name: 'My App',
      redirect_uris: ['https://app.example/cb'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    });
    expect(client.client_secret).toBeUndefined();
    for (const uri of ['http://localhost:3000/cb', 'http://[::1]:8080/cb', 'http://127.0.0.1/cb?x=1']) {
      const res = await fetch(env.as.registration_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [uri] }),
      });
      expect(res.status, uri).toBe(201);
    }
  });
});

describe('authorization code flow with PKCE', () => {
  it('signs in, consents, exchanges the code and calls the API as the user', async () => {
    const user = await userWithPassword(env, 'supervisor');
    const { client, redirectUri } = await registerClient(env);
    const browser = new Browser();
    const { url, verifier, state } = await authorizationUrl(env, client, redirectUri);

    const signIn = await browser.fetch(url.toString());
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(signIn.headers.get('referrer-policy')).toBe('no-referrer');
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const signInHtml = await signIn.text();
    expect(signInHtml).toMatch(/<label for="email">Email<\/label>/);
    expect(signInHtml).toMatch(/<label for="password">Password<\/label>/);
    expect(signInHtml).toContain('name="viewport"');
    expect(signInHtml).toContain('Test App');

    let res = await browser.post(`${env.base}/oauth/signin`, {
      ...formFields(signInHtml, '/oauth/signin'),
      email: user.email,
      password: 'wrong password',
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('The email or password is not correct.');

    res = await browser.post(`${env.base}/oauth/signin`, {
      ...formFields(signInHtml, '/oauth/signin'),
      email: user.email.toUpperCase(),
      password: 'correct horse battery staple',
    });
    expect(res.status).toBe(303);
    const session = browser.setCookies.find((c) => c.startsWith('tk_session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    res = await browser.fetch(new URL(res.headers.get('location')!, env.base).toString());
    expect(res.status).toBe(200);
    const consent = await res.text();
    expect(consent).toContain('Unverified app');
    expect(consent).toContain('Test App');
    expect(consent).toContain('approve or reject weeks');
    expect(consent).toMatch(/<button[^>]*>Allow<\/button>/);
    expect(consent).toMatch(/<button[^>]*>Deny<\/button>/);
    expect(res.headers.get('content-security-policy')).toContain('form-action');

    res = await browser.post(`${env.base}/oauth/authorize`, { ...formFields(consent, '/oauth/authorize'), decision: 'allow' });
    expect(res.status).toBe(303);
    const callback = new URL(res.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(callback.searchParams.get('iss')).toBe(env.base);
    const params = oauth.validateAuthResponse(env.as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      env.as,
      client,
      await oauth.authorizationCodeGrantRequest(env.as, client, oauth.None(), params, redirectUri, verifier, insecure),
    );
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toBeTruthy();

    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: env.base, sub: String(user.id), aud: env.base, client_id: client.client_id });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.jti).toBe('string');

    const me = await api(tokens.access_token, '/users/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(user.id);
    expect(me.headers.get('ratelimit-policy')).toBeTruthy();

    // A supervisor's token cannot do what a supervisor cannot: the role table applies.
    const create = await oauth.protectedResourceRequest(
      tokens.access_token,
      'POST',
      new URL(`${env.base}/clients`),
      new Headers({ 'content-type': 'application/json' }),
      JSON.stringify({ name: 'X' }),
      insecure,
    );
    expect(create.status).toBe(403);

    // Remembered sign-in and consent: the next authorization goes straight back with a code.
    const again = await authorizationUrl(env, client, redirectUri);
    const direct = await browser.fetch(again.url.toString());
    expect(direct.status).toBe(302);
    expect(new URL(direct.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });

  it('redirects access_denied when the user denies', async () => {
    const user = await userWithPassword(env);
    const { client, redirectUri } = await registerClient(env);
    const { url, state } = await authorizationUrl(env, client, redirectUri);
    const res = await signInAndConsent(env, new Browser(), url, user, 'deny');
    expect(res.status).toBe(303);
    const cb = new URL(res.headers.get('location')!);
    expect(cb.searchParams.get('error')).toBe('access_denied');
    expect(cb.searchParams.get('code')).toBeNull();
    expect(() => oauth.validateAuthResponse(env.as, client, cb, state)).toThrow(oauth.AuthorizationResponseError);
  });

  it('rotates refresh tokens', async () => {
    const user = await userWithPassword(env);
    const { tokens, client } = await obtainTokens(env, { user });
    const r1 = await oauth.processRefreshTokenResponse(
      env.as,
      client,
      await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(r1.refresh_token).toBeTruthy();
    expect(r1.refresh_token).not.toBe(tokens.refresh_token);
    expect(r1.access_token).not.toBe(tokens.access_token);
    expect((await api(r1.access_token, '/users/me')).status).toBe(200);
    const r2 = await oauth.processRefreshTokenResponse(
      env.as,
      client,
      await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), r1.refresh_token!, insecure),
    );
    expect((await api(r2.access_token, '/users/me')).status).toBe(200);
  });

  it('narrows the audience to /mcp when resource asks for it', async () => {
    const user = await userWithPassword(env);
    const { tokens } = await obtainTokens(env, { user, resource: `${env.base}/mcp` });
    expect(decodeJwt(tokens.access_token).aud).toBe(`${env.base}/mcp`);
    const rest = await api(tokens.access_token, '/users/me');
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses a REST token on /mcp', async () => {
    const user = await userWithPassword(env);
    const { tokens } = await obtainTokens(env, { user });
    const res = await fetch(`${env.base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
