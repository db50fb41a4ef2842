import * as oauth from 'oauth4webapi';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { rotateSigningKey } from './keys.ts';
import {
  apiGet,
  Browser,
  formFields,
  insecure,
  obtainTokens,
  registerClient,
  userWithPassword,
  useTestServer,
  type Env,
} from '../test/oauth-support.ts';

let env: Env;
useTestServer((e) => (env = e));

const api = (token: string, path: string, dpop?: oauth.DPoPHandle) => apiGet(env.base, token, path, dpop);

describe('DPoP', () => {
  it('binds tokens to the key and needs a fresh proof on every use', async () => {
    const user = await userWithPassword(env);
    const registered = await registerClient(env);
    const key = await oauth.generateKeyPair('ES256');
    const dpop = oauth.DPoP(registered.client, key);
    const { tokens, client } = await obtainTokens(env, { user, client: registered, dpop });
    expect(tokens.token_type).toBe('dpop');
    const cnf = decodeJwt(tokens.access_token).cnf as { jkt: string };
    expect(cnf.jkt).toBeTruthy();

    const ok = await api(tokens.access_token, '/users/me', dpop);
    expect(ok.status).toBe(200);

    // As a plain bearer token it is refused.
    const bearer = await fetch(`${env.base}/users/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // With the DPoP scheme but no proof.
    const noProof = await fetch(`${env.base}/users/me`, { headers: { authorization: `DPoP ${tokens.access_token}` } });
    expect(noProof.status).toBe(401);
    expect(noProof.headers.get('www-authenticate')).toContain('invalid_dpop_proof');
    // With a proof of another key.
    const other = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
    expect((await api(tokens.access_token, '/users/me', other)).status).toBe(401);

    // Refresh needs a proof of the same key.
    const noDpop = await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), tokens.refresh_token!, insecure);
    expect(noDpop.status).toBe(400);
    expect(await noDpop.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    const otherKey = await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), tokens.refresh_token!, {
      ...insecure,
      DPoP: other,
    });
    expect(otherKey.status).toBe(400);
    const refreshed = await oauth.processRefreshTokenResponse(
      env.as,
      client,
      await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), tokens.refresh_token!, { ...insecure, DPoP: dpop }),
    );
    expect(refreshed.token_type).toBe('dpop');
    expect((decodeJwt(refreshed.access_token).cnf as { jkt: string }).jkt).toBe(cnf.jkt);
    expect((await api(refreshed.access_token, '/users/me', dpop)).status).toBe(200);
  });
});

describe('revocation', () => {
  it('revokes refresh tokens (the whole grant) and access tokens', async () => {
    const user = await userWithPassword(env);
    const { tokens, client } = await obtainTokens(env, { user });
    const second = await obtainTokens(env, { user, client: { client, redirectUri: 'http://127.0.0.1:9/callback' } });

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(env.as, client, oauth.None(), second.tokens.access_token, {
        ...insecure,
        additionalParameters: { token_type_hint: 'access_token' },
      }),
    );
    expect((await api(second.tokens.access_token, '/users/me')).status).toBe(401);
    // The refresh token of that grant still works: only the access token was revoked.
    expect((await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), second.tokens.refresh_token!, insecure)).status).toBe(200);

    expect((await api(tokens.access_token, '/users/me')).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(env.as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect((await api(tokens.access_token, '/users/me')).status).toBe(401);
    const refresh = await oauth.refreshTokenGrantRequest(env.as, client, oauth.None(), tokens.refresh_token!, insecure);
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });

    // Unknown tokens are answered 200 as RFC 7009 says.
    expect((await oauth.revocationRequest(env.as, client, oauth.None(), 'no-such-token', insecure)).status).toBe(200);
  });

  it('does not let another client revoke a token', async () => {
    const user = await userWithPassword(env);
    const { tokens } = await obtainTokens(env, { user });
    const { client: other } = await registerClient(env);
    expect((await oauth.revocationRequest(env.as, other, oauth.None(), tokens.refresh_token!, insecure)).status).toBe(200);
    expect((await oauth.revocationRequest(env.as, other, oauth.None(), tokens.access_token, insecure)).status).toBe(200);
    expect((await api(tokens.access_token, '/users/me')).status).toBe(200);
  });
});

describe('signing keys', () => {
  it('publishes the keys; after rotation the previous key still verifies its tokens', async () => {
    const user = await userWithPassword(env);
    const { tokens } = await obtainTokens(env, { user });
    const oldKid = decodeProtectedHeader(tokens.access_token).kid;
    const jwks = (await (await fetch(env.as.jwks_uri!)).json()) as { keys: { kid: string; kty: string; crv: string; d?: string }[] };
    expect(jwks.keys.find((k) => k.kid === oldKid)).toMatchObject({ kty: 'EC', crv: 'P-256' });
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);

    const fresh = await rotateSigningKey(env.t.deps);
    const after = (await (await fetch(env.as.jwks_uri!)).json()) as { keys: { kid: string }[] };
    expect(after.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, fresh.kid]));
    expect((await api(tokens.access_token, '/users/me')).status).toBe(200);
    const next = await obtainTokens(env, { user });
    expect(decodeProtectedHeader(next.tokens.access_token).kid).toBe(fresh.kid);

    // Once the old key's tokens have all expired, it is no longer published.
    env.clock.offsetMs = 2 * 3600 * 1000;
    try {
      const later = (await (await fetch(env.as.jwks_uri!)).json()) as { keys: { kid: string }[] };
      expect(later.keys.map((k) => k.kid)).not.toContain(oldKid);
      expect(later.keys.map((k) => k.kid)).toContain(fresh.kid);
    } finally {
      env.clock.offsetMs = 0;
    }
  });
});

describe('account pages', () => {
  it('lists authorised apps, revokes one, and signs out', async () => {
    const user = await userWithPassword(env);
    const browser = new Browser();
    const { tokens } = await obtainTokens(env, {
      user,
      browser,
      client: await registerClient(env, 'https://one.example/cb', 'Ledger Bot'),
    });
    let page = await browser.fetch(`${env.base}/oauth/account`);
    expect(page.status).toBe(200);
    let html = await page.text();
    expect(html).toContain('Ledger Bot');
    expect(html).toMatch(/>Revoke</);

    const noCsrf = await browser.post(`${env.base}/oauth/account/revoke`, {
      client_id: formFields(html, '/oauth/account/revoke').client_id!,
    });
    expect(noCsrf.status).toBe(403);
    expect((await api(tokens.access_token, '/users/me')).status).toBe(200);

    const revoked = await browser.post(`${env.base}/oauth/account/revoke`, formFields(html, '/oauth/account/revoke'));
    expect(revoked.status).toBe(303);
    expect((await api(tokens.access_token, '/users/me')).status).toBe(401);
    html = await (await browser.fetch(`${env.base}/oauth/account`)).text();
    expect(html).not.toContain('Ledger Bot');

    const out = await browser.post(`${env.base}/oauth/signout`, formFields(html, '/oauth/signout'));
    expect(out.status).toBe(200);
    expect(browser.cookies.has('tk_session')).toBe(false);
    page = await browser.fetch(`${env.base}/oauth/account`);
    expect(await page.text()).toContain('action="/oauth/signin"');
  });
});
