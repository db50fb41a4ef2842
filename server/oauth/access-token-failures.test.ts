import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { calculateJwkThumbprint, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshCode, obtainTokens, registerClient, tokenRequest, userWithPassword, useTestServer, type Env } from '../test/oauth-support.ts';

/* What the API refuses in an access token or a DPoP proof (the token endpoint's own refusals are in failures.test.ts). */
let env: Env;
useTestServer((e) => (env = e));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${env.base}${path}`, { headers });
const challengeOf = (res: Response) => res.headers.get('www-authenticate') ?? '';

describe('access tokens on the API', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const user = await userWithPassword(env);
    userId = user.id;
    token = (await obtainTokens(env, { user })).tokens.access_token;
  });

  const expectInvalid = async (bearer: string) => {
    const res = await get('/users/me', { authorization: `Bearer ${bearer}` });
    expect(res.status).toBe(401);
    expect(challengeOf(res)).toContain('error="invalid_token"');
    expect(challengeOf(res)).toContain(`resource_metadata="${env.base}/.well-known/oauth-protected-resource"`);
    return res;
  };

  it('refuses a token signed by another key', async () => {
    const claims = decodeJwt(token);
    const { privateKey } = await generateKeyPair('ES256');
    const kid = decodeProtectedHeader(token).kid!;
    const forged = await new SignJWT({ ...claims, jti: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid })
      .sign(privateKey);
    await expectInvalid(forged);
    const forgedUnknownKid = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'other' }).sign(privateKey);
    await expectInvalid(forgedUnknownKid);
    // The same claims re-signed by another key, even with the real jti.
    const sameJti = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid }).sign(privateKey);
    await expectInvalid(sameJti);
  });

  it('refuses alg none, malformed tokens and wrong audiences', async () => {
    const [, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    await expectInvalid(none);
    await expectInvalid('not-a-jwt');
    const tampered = token.split('.');
    tampered[1] = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: String(userId + 1) })).toString('base64url');
    await expectInvalid(tampered.join('.'));
    const withMcpAudience = tampered.slice();
    withMcpAudience[1] = Buffer.from(JSON.stringify({ ...decodeJwt(token), aud: `${env.base}/mcp` })).toString('base64url');
    await expectInvalid(withMcpAudience.join('.'));
  });

  it('refuses an expired token', async () => {
    expect((await get('/users/me', { authorization: `Bearer ${token}` })).status).toBe(200);
    env.clock.offsetMs = 3601_000;
    try {
      const res = await expectInvalid(token);
      expect(challengeOf(res)).toContain('expired');
    } finally {
      env.clock.offsetMs = 0;
    }
  });
});

describe('DPoP proofs', () => {
  let access: string;
  let keys: { privateKey: CryptoKey; publicKey: CryptoKey };
  beforeAll(async () => {
    const user = await userWithPassword(env);
    const reg = await registerClient(env);
    const kp = await oauth.generateKeyPair('ES256');
    keys = kp;
    access = (await obtainTokens(env, { user, client: reg, dpop: oauth.DPoP(reg.client, kp) })).tokens.access_token;
    expect((decodeJwt(access).cnf as { jkt: string }).jkt).toBe(await calculateJwkThumbprint(await exportJWK(kp.publicKey)));
  });

  const proof = async (htm: string, htu: string, opts: { jti?: string; iat?: number; ath?: string | null } = {}) => {
    const jwk = await exportJWK(keys.publicKey);
    const ath = opts.ath === undefined ? crypto.createHash('sha256').update(access).digest('base64url') : opts.ath;
    return new SignJWT({ htm, htu, jti: opts.jti ?? crypto.randomUUID(), ...(ath ? { ath } : {}) })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
      .setIssuedAt(opts.iat ?? Math.floor(Date.now() / 1000))
      .sign(keys.privateKey);
  };
  const call = async (p: string, path = '/users/me') => get(path, { authorization: `DPoP ${access}`, dpop: p });

  it('accepts a fresh proof for this request', async () => {
    expect((await call(await proof('GET', `${env.base}/users/me`))).status).toBe(200);
    expect((await call(await proof('GET', `${env.base}/users/me?ignored=query`))).status).toBe(200);
  });

  it('refuses a proof for another URL or method', async () => {
    const url = await call(await proof('GET', `${env.base}/clients`));
    expect(url.status).toBe(401);
    expect(challengeOf(url)).toContain('invalid_dpop_proof');
    expect((await call(await proof('POST', `${env.base}/users/me`))).status).toBe(401);
  });

  it('refuses a replayed proof', async () => {
    const p = await proof('GET', `${env.base}/users/me`);
    expect((await call(p)).status).toBe(200);
    const replay = await call(p);
    expect(replay.status).toBe(401);
    expect(challengeOf(replay)).toContain('already used');
  });

  it('refuses a stale proof, one without ath, and one for another token', async () => {
    expect((await call(await proof('GET', `${env.base}/users/me`, { iat: Math.floor(Date.now() / 1000) - 120 }))).status).toBe(401);
    expect((await call(await proof('GET', `${env.base}/users/me`, { ath: null }))).status).toBe(401);
    expect((await call(await proof('GET', `${env.base}/users/me`, { ath: 'x'.repeat(43) }))).status).toBe(401);
  });

  it('refuses a proof for another URL at the token endpoint', async () => {
    const { client, redirectUri, code, verifier } = await freshCode(env);
    const bad = await proof('POST', `${env.base}/oauth/other`, { ath: null });
    const res = await tokenRequest(
      env,
      { grant_type: 'authorization_code', client_id: client.client_id, code, redirect_uri: redirectUri, code_verifier: verifier },
      { dpop: bad },
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_dpop_proof' } });
  });
});
