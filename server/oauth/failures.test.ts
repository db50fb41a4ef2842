import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oauthThrottle, users } from '../db/schema/index.ts';
import {
  authorizationUrl,
  freshCode,
  Browser,
  formFields,
  insecure,
  obtainTokens,
  PASSWORD,
  registerClient,
  tokenRequest,
  userWithPassword,
  useTestServer,
  type Env,
} from '../test/oauth-support.ts';

let env: Env;
useTestServer((e) => (env = e));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${env.base}${path}`, { headers });

describe('authorization request', () => {
  it('shows a page (never redirects) for a redirect URI differing by a trailing slash, or an unknown client', async () => {
    const { client, redirectUri } = await registerClient(env, 'http://127.0.0.1:9/callback');
    const { url } = await authorizationUrl(env, client, `${redirectUri}/`);
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('redirect_uri is not one the app registered');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const unknown = new URL(url);
    unknown.searchParams.set('client_id', 'tkc_nope');
    unknown.searchParams.set('redirect_uri', redirectUri);
    const res2 = await fetch(unknown, { redirect: 'manual' });
    expect(res2.status).toBe(400);
    expect(res2.headers.get('location')).toBeNull();

    const dup = new URL(url);
    dup.searchParams.set('redirect_uri', redirectUri);
    dup.searchParams.append('redirect_uri', 'https://evil.example/');
    expect((await fetch(dup, { redirect: 'manual' })).status).toBe(400);
  });

  it('refuses a consent or sign-in POST without the CSRF token', async () => {
    const user = await userWithPassword(env);
    const { client, redirectUri } = await registerClient(env);
    const { url } = await authorizationUrl(env, client, redirectUri);
    const browser = new Browser();
    const signInHtml = await (await browser.fetch(url.toString())).text();
    const signInFields = formFields(signInHtml, '/oauth/signin');
    const { csrf_token: _drop, ...withoutCsrf } = signInFields;
    const noCsrf = await browser.post(`${env.base}/oauth/signin`, { ...withoutCsrf, email: user.email, password: PASSWORD });
    expect(noCsrf.status).toBe(403);
    expect(browser.cookies.has('tk_session')).toBe(false);

    let res = await browser.post(`${env.base}/oauth/signin`, { ...signInFields, email: user.email, password: PASSWORD });
    expect(res.status).toBe(303);
    const consentHtml = await (await browser.fetch(new URL(res.headers.get('location')!, env.base).toString())).text();
    const fields = formFields(consentHtml, '/oauth/authorize');
    const { csrf_token: _csrf, ...rest } = fields;
    res = await browser.post(`${env.base}/oauth/authorize`, { ...rest, decision: 'allow' });
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
    res = await browser.post(`${env.base}/oauth/authorize`, { ...rest, csrf_token: 'x'.repeat(64), decision: 'allow' });
    expect(res.status).toBe(403);
    // A token from another browser does not fit this browser's cookie.
    const other = new Browser();
    await other.fetch(url.toString());
    const otherHtml = await (await other.fetch(url.toString())).text();
    res = await browser.post(`${env.base}/oauth/authorize`, {
      ...rest,
      csrf_token: formFields(otherHtml, '/oauth/signin').csrf_token!,
      decision: 'allow',
    });
    expect(res.status).toBe(403);
    // Nothing was consented: the consent page is still shown.
    expect(await (await browser.fetch(url.toString())).text()).toContain('action="/oauth/authorize"');
  });
});

/** A fresh app's sign-in page in a new browser: the browser and the page's form fields. */
async function signInForm() {
  const { client, redirectUri } = await registerClient(env);
  const { url } = await authorizationUrl(env, client, redirectUri);
  const browser = new Browser();
  const fields = formFields(await (await browser.fetch(url.toString())).text(), '/oauth/signin');
  return { browser, fields };
}

describe('sign-in', () => {
  it('does not reveal whether an email exists', async () => {
    const user = await userWithPassword(env);
    const { browser, fields } = await signInForm();
    const wrongPassword = await browser.post(`${env.base}/oauth/signin`, { ...fields, email: user.email, password: 'not it' });
    const ghost = `ghost-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const unknownEmail = await browser.post(`${env.base}/oauth/signin`, { ...fields, email: ghost, password: 'not it' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    const strip = (html: string, email: string) => html.replaceAll(email, 'EMAIL').replace(/value="[A-Za-z0-9_-]{64}"/g, '');
    expect(strip(await unknownEmail.text(), ghost)).toBe(strip(await wrongPassword.text(), user.email));
  });

  it('slows down repeated wrong passwords per account, existing or not', async () => {
    const user = await userWithPassword(env);
    const ghost = `ghost-${crypto.randomBytes(3).toString('hex')}@example.test`;
    const { browser, fields } = await signInForm();
    for (const email of [user.email, ghost]) {
      for (let i = 0; i < 5; i++)
        expect((await browser.post(`${env.base}/oauth/signin`, { ...fields, email, password: `wrong ${i}` })).status).toBe(401);
      const blocked = await browser.post(`${env.base}/oauth/signin`, { ...fields, email, password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await blocked.text()).toMatch(/Too many sign-in attempts for this account\. Try again in (a minute|\d+ minutes)\./);
    }
    expect(browser.cookies.has('tk_session')).toBe(false);
    env.clock.offsetMs = 10 * 60 * 1000;
    try {
      const ok = await browser.post(`${env.base}/oauth/signin`, { ...fields, email: user.email, password: PASSWORD });
      expect(ok.status).toBe(303);
    } finally {
      env.clock.offsetMs = 0;
    }
  });
});

describe('token endpoint', () => {
  it('refuses a verifier that does not match, and the code is then spent', async () => {
    const { client, redirectUri, code, verifier, params } = await freshCode(env);
    const wrong = await tokenRequest(env, {
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      redirect_uri: redirectUri,
      code_verifier: oauth.generateRandomCodeVerifier(),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    expect(wrong.body.access_token).toBeUndefined();
    const retry = await oauth.authorizationCodeGrantRequest(env.as, client, oauth.None(), params, redirectUri, verifier, insecure);
    expect(retry.status).toBe(400);
  });

  it('refuses a missing verifier, a trailing-slash redirect URI, another client, and an expired code', async () => {
    const a = await freshCode(env);
    const missing = await tokenRequest(env, {
      grant_type: 'authorization_code',
      client_id: a.client.client_id,
      code: a.code,
      redirect_uri: a.redirectUri,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_grant');

    const b = await freshCode(env);
    const slash = await tokenRequest(env, {
      grant_type: 'authorization_code',
      client_id: b.client.client_id,
      code: b.code,
      redirect_uri: `${b.redirectUri}/`,
      code_verifier: b.verifier,
    });
    expect(slash.body.error).toBe('invalid_grant');

    const c = await freshCode(env);
    const { client: other } = await registerClient(env);
    const stolen = await tokenRequest(env, {
      grant_type: 'authorization_code',
      client_id: other.client_id,
      code: c.code,
      redirect_uri: c.redirectUri,
      code_verifier: c.verifier,
    });
    expect(stolen.body.error).toBe('invalid_grant');

    const d = await freshCode(env);
    env.clock.offsetMs = 61_000;
    try {
      const late = await tokenRequest(env, {
        grant_type: 'authorization_code',
        client_id: d.client.client_id,
        code: d.code,
        redirect_uri: d.redirectUri,
        code_verifier: d.verifier,
      });
      expect(late.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
    } finally {
      env.clock.offsetMs = 0;
    }
  });

  it('refuses a resource different from the authorization request', async () => {
    const a = await freshCode(env);
    const res = await tokenRequest(env, {
      grant_type: 'authorization_code',
      client_id: a.client.client_id,
      code: a.code,
      redirect_uri: a.redirectUri,
      code_verifier: a.verifier,
      resource: `${env.base}/mcp`,
    });
    expect(res.body.error).toBe('invalid_target');
  });

  it('answers RFC 6749 errors for bad requests', async () => {
    const unsupported = await tokenRequest(env, { grant_type: 'password', client_id: 'x', username: 'a', password: 'b' });
    expect(unsupported).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    expect(unsupported.headers.get('cache-control')).toBe('no-store');
    const noClient = await tokenRequest(env, { grant_type: 'authorization_code', code: 'x', redirect_uri: 'x' });
    expect(noClient.body.error).toBe('invalid_request');
    const unknownClient = await tokenRequest(env, {
      grant_type: 'authorization_code',
      client_id: 'tkc_none',
      code: 'x',
      redirect_uri: 'x',
    });
    expect(unknownClient).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const json = await fetch(env.as.token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":"refresh_token"}',
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('revokes the tokens issued from a code that is used twice', async () => {
    const { client, redirectUri, code, verifier } = await freshCode(env);
    const fields = {
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    };
    const first = await tokenRequest(env, fields);
    expect(first.status).toBe(200);
    expect((await get('/users/me', { authorization: `Bearer ${first.body.access_token as string}` })).status).toBe(200);
    const second = await tokenRequest(env, fields);
    expect(second).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(second.body.access_token).toBeUndefined();
    expect((await get('/users/me', { authorization: `Bearer ${first.body.access_token as string}` })).status).toBe(401);
    const refresh = await tokenRequest(env, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: first.body.refresh_token as string,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('revokes the whole grant when a retired refresh token is presented again', async () => {
    const user = await userWithPassword(env);
    const { tokens, client } = await obtainTokens(env, { user });
    const r1 = await tokenRequest(env, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.refresh_token! });
    expect(r1.status).toBe(200);
    const reuse = await tokenRequest(env, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: tokens.refresh_token!,
    });
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The newest tokens of the grant die too.
    expect((await get('/users/me', { authorization: `Bearer ${r1.body.access_token as string}` })).status).toBe(401);
    const next = await tokenRequest(env, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: r1.body.refresh_token as string,
    });
    expect(next.body.error).toBe('invalid_grant');
  });

  it('refuses tokens and refreshes for a removed user', async () => {
    const user = await userWithPassword(env);
    const { tokens, client } = await obtainTokens(env, { user });
    await env.t.db.update(users).set({ status: 'removed' }).where(eq(users.id, user.id));
    const res = await tokenRequest(env, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.refresh_token! });
    expect(res.body.error).toBe('invalid_grant');
    expect((await get('/users/me', { authorization: `Bearer ${tokens.access_token}` })).status).toBe(401);
  });

  it('refuses a refresh token presented by another client', async () => {
    const user = await userWithPassword(env);
    const { tokens } = await obtainTokens(env, { user });
    const { client: other } = await registerClient(env);
    const res = await tokenRequest(env, { grant_type: 'refresh_token', client_id: other.client_id, refresh_token: tokens.refresh_token! });
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('registration', () => {
  const register = (body: unknown) =>
    fetch(env.as.registration_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { error?: string; client_id?: string },
    }));

  it('refuses bad redirect URIs and metadata', async () => {
    for (const uri of [
      'javascript:alert(1)',
      'http://app.example/cb',
      'https://app.example/cb#frag',
      'data:text/html,x',
      'ftp://x/',
      '/relative',
      'https://user:pw@app.example/cb',
    ]) {
      const res = await register({ client_name: 'X', redirect_uris: [uri] });
      expect(res, uri).toMatchObject({ status: 400, body: { error: 'invalid_redirect_uri' } });
      expect(res.body.client_id).toBeUndefined();
    }
    expect((await register({ client_name: 'X', redirect_uris: [] })).body.error).toBe('invalid_redirect_uri');
    expect((await register({ client_name: 'x'.repeat(100_000), redirect_uris: ['https://a.example/cb'] })).status).toBe(413);
    expect(await register({ client_name: 'x'.repeat(101), redirect_uris: ['https://a.example/cb'] })).toMatchObject({
      status: 400,
      body: { error: 'invalid_client_metadata' },
    });
    for (const name of ['x'.repeat(10_000), 'bad\u0000name', '   ']) {
      expect(await register({ client_name: name, redirect_uris: ['https://a.example/cb'] })).toMatchObject({
        status: 400,
        body: { error: 'invalid_client_metadata' },
      });
    }
    expect(
      (await register({ client_name: 'ok', redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'client_secret_basic' }))
        .body.error,
    ).toBe('invalid_client_metadata');
    expect(
      (await register({ client_name: 'ok', redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] })).body.error,
    ).toBe('invalid_client_metadata');
  });

  it('is rate-limited per address', async () => {
    await env.t.db.delete(oauthThrottle);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await register({ client_name: `App ${i}`, redirect_uris: ['https://a.example/cb'] })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toContain(429);
    await env.t.db.delete(oauthThrottle);
  });
});

describe('sign-in per address', () => {
  it(
    'answers many wrong passwords from one address across accounts with a wait, but lets a right password in',
    { timeout: 120_000 },
    async () => {
      await env.t.db.delete(oauthThrottle);
      const user = await userWithPassword(env);
      const { browser, fields } = await signInForm();
      for (let i = 0; i < 20; i++) {
        const res = await browser.post(`${env.base}/oauth/signin`, { ...fields, email: `nobody${i}@example.test`, password: 'x' });
        expect(res.status).toBe(401);
      }
      const blocked = await browser.post(`${env.base}/oauth/signin`, { ...fields, email: 'nobody-more@example.test', password: 'x' });
      expect(blocked.status).toBe(429);
      expect(await blocked.text()).toContain('too many sign-ins failed from this network');
      const right = await browser.post(`${env.base}/oauth/signin`, { ...fields, email: user.email, password: PASSWORD });
      expect(right.status).toBe(303);
      await env.t.db.delete(oauthThrottle);
    },
  );

  it('checks at most 5 of 40 wrong passwords sent at once for one account', async () => {
    await env.t.db.delete(oauthThrottle);
    const user = await userWithPassword(env);
    const { browser, fields } = await signInForm();
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async (_, i) => (await browser.post(`${env.base}/oauth/signin`, { ...fields, email: user.email, password: `wrong ${i}` })).status,
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    await env.t.db.delete(oauthThrottle);
  });
});
