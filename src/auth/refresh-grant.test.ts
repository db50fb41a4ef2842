// @vitest-environment node
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/errors.ts';
import { generateDpopKeyPair } from './dpop.ts';
import { SessionEndedError } from './oauth-shared.ts';
import type { StoredOAuth } from './oauth-state.ts';
import { refreshGrant } from './refresh-grant.ts';

const state: StoredOAuth = {
  kind: 'oauth',
  issuer: 'https://api.test',
  tokenEndpoint: 'https://api.test/oauth/token',
  revocationEndpoint: null,
  clientId: 'tkc_1',
  refreshToken: 'rt-0',
  keyId: 'k',
};
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const ok = () => json(200, { access_token: 'at-1', token_type: 'DPoP', expires_in: 3600, refresh_token: 'rt-1' });

describe('refreshGrant', () => {
  it('posts the refresh token and client id with a DPoP proof of the grant key for the token endpoint', async () => {
    const keyPair = await generateDpopKeyPair();
    const requests: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return ok();
    });
    const { tokens } = await refreshGrant(state, keyPair, { fetch });
    expect(tokens).toEqual({ accessToken: 'at-1', expiresIn: 3600, refreshToken: 'rt-1' });
    const req = requests[0]!;
    expect(req.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(await req.text()))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-0',
      client_id: 'tkc_1',
    });
    const proof = req.headers.get('DPoP')!;
    const { payload } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt' });
    expect(payload).toMatchObject({ htm: 'POST', htu: 'https://api.test/oauth/token' });
    expect(payload).not.toHaveProperty('ath');
    const publicJwk = await crypto.subtle.exportKey('jwk', keyPair.publicKey);
    expect(await calculateJwkThumbprint(decodeProtectedHeader(proof).jwk!)).toBe(await calculateJwkThumbprint(publicJwk as never));
  });

  it('retries once with the nonce the server asks for, and remembers it', async () => {
    const keyPair = await generateDpopKeyPair();
    const nonces: unknown[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const proof = new Request(input, init).headers.get('DPoP')!;
      nonces.push((await jwtVerify(proof, EmbeddedJWK)).payload.nonce);
      return nonces.length === 1 ? json(400, { error: 'use_dpop_nonce' }, { 'DPoP-Nonce': 'n-1' }) : ok();
    });
    const { nonce } = await refreshGrant(state, keyPair, { fetch });
    expect(nonces).toEqual([undefined, 'n-1']);
    expect(nonce).toBe('n-1');
  });

  it('ends the session on invalid_grant, and tells other failures apart', async () => {
    const keyPair = await generateDpopKeyPair();
    const answer = (res: Response | Error) => ({
      fetch: vi.fn(async () => {
        if (res instanceof Error) throw res;
        return res;
      }),
    });
    await expect(refreshGrant(state, keyPair, answer(json(400, { error: 'invalid_grant' })))).rejects.toBeInstanceOf(SessionEndedError);
    await expect(refreshGrant(state, keyPair, answer(new TypeError('Failed to fetch')))).rejects.toBeInstanceOf(NetworkError);
    const unbound = answer(json(200, { access_token: 'a', token_type: 'Bearer', expires_in: 60, refresh_token: 'r' }));
    await expect(refreshGrant(state, keyPair, unbound)).rejects.toThrow(/DPoP/);
    const serverError = refreshGrant(state, keyPair, answer(json(500, { error: 'server_error' })));
    await expect(serverError).rejects.toThrow('The token endpoint answered 500 (server_error).');
    await expect(serverError).rejects.not.toBeInstanceOf(SessionEndedError);
  });
});
