// @vitest-environment node
import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.ts';
import type { StoredCredential } from './credentials.ts';
import { generateDpopKeyPair } from './dpop.ts';
import { memoryKeyStore } from './dpop-keys.ts';
import { OAuthCredential, type TokenEndpoint, type TokenSet } from './oauth-credential.ts';
import { SessionEndedError } from './oauth-shared.ts';
import type { StoredOAuth } from './oauth-state.ts';

const URL_ME = 'https://api.test/users/me';
const stored: StoredOAuth = {
  kind: 'oauth',
  issuer: 'https://api.test',
  tokenEndpoint: 'https://api.test/oauth/token',
  revocationEndpoint: 'https://api.test/oauth/revoke',
  clientId: 'tkc_1',
  refreshToken: 'rt-0',
  keyId: 'key-1',
};

async function setup(over: { refreshTokens?: TokenEndpoint['refreshTokens'] } = {}) {
  const keys = memoryKeyStore();
  await keys.put('key-1', await generateDpopKeyPair());
  let n = 0;
  const endpoint = {
    refreshTokens: vi.fn(
      over.refreshTokens ??
        (async (state: StoredOAuth): Promise<TokenSet> => {
          n += 1;
          return { accessToken: `at-${n}`, expiresIn: 3600, refreshToken: `rt-${n}-from-${state.refreshToken}` };
        }),
    ),
    revokeRefreshToken: vi.fn(async () => undefined),
  };
  let saved: StoredCredential | null = { ...stored };
  const credential = new OAuthCredential(stored, { keys, tokenEndpoint: endpoint, lock: (_name, fn) => fn() });
  credential.attach({ save: () => (saved = credential.persist()), latest: () => saved });
  return {
    credential,
    endpoint,
    keys,
    saved: () => saved,
    setSaved: (s: StoredCredential | null) => (saved = s),
  };
}

describe('OAuthCredential', () => {
  it('after a reload, gets an access token with the stored refresh token once, however many requests start together', async () => {
    const { credential, endpoint, saved } = await setup();
    const all = await Promise.all([1, 2, 3].map(() => credential.headers({ method: 'GET', url: URL_ME })));
    expect(endpoint.refreshTokens).toHaveBeenCalledTimes(1);
    expect(all.map((h) => h.Authorization)).toEqual(['DPoP at-1', 'DPoP at-1', 'DPoP at-1']);
    expect(new Set(all.map((h) => decodeJwt(h.DPoP!).jti)).size).toBe(3);
    // The rotated refresh token is saved; the access token never is.
    expect(saved()).toMatchObject({ refreshToken: 'rt-1-from-rt-0' });
    expect(JSON.stringify(saved())).not.toContain('at-1');
  });

  it('uses the refresh token another tab rotated instead of its own stale copy', async () => {
    const { credential, endpoint, setSaved } = await setup();
    await credential.headers({ method: 'GET', url: URL_ME });
    setSaved({ ...stored, refreshToken: 'rt-from-other-tab' });
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ['Date'] });
    try {
      expect(await credential.refresh(new Response(null, { status: 401 }))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(endpoint.refreshTokens.mock.calls[1]![0].refreshToken).toBe('rt-from-other-tab');
    expect(credential.persist().refreshToken).toBe('rt-2-from-rt-from-other-tab');
  });

  it('answers a use_dpop_nonce challenge with the nonce, without new tokens', async () => {
    const { credential, endpoint } = await setup();
    await credential.headers({ method: 'GET', url: URL_ME });
    const challenge = new Response(null, {
      status: 401,
      headers: { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"', 'DPoP-Nonce': 'nonce-1' },
    });
    expect(await credential.refresh(challenge)).toBe(true);
    expect(endpoint.refreshTokens).toHaveBeenCalledTimes(1);
    const { DPoP } = await credential.headers({ method: 'POST', url: 'https://api.test/time' });
    expect(decodeJwt(DPoP!).nonce).toBe('nonce-1');
  });

  it('turns a refused refresh token into a 401 that ends the session', async () => {
    const { credential } = await setup({
      refreshTokens: async () => {
        throw new SessionEndedError('invalid_grant');
      },
    });
    const error = await credential.headers({ method: 'GET', url: URL_ME }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(await credential.refresh(new Response(null, { status: 401 }))).toBe(false);
  });

  it('reports an unreachable token endpoint as a network error, not a lost session', async () => {
    const { credential } = await setup({
      refreshTokens: async () => {
        throw new NetworkError('https://api.test');
      },
    });
    await expect(credential.headers({ method: 'GET', url: URL_ME })).rejects.toBeInstanceOf(NetworkError);
  });

  it('stops when another tab signed out, and when its key is gone', async () => {
    const signedOut = await setup();
    signedOut.setSaved(null);
    await expect(signedOut.credential.headers({ method: 'GET', url: URL_ME })).rejects.toMatchObject({ status: 401 });
    expect(signedOut.endpoint.refreshTokens).not.toHaveBeenCalled();

    const keyless = await setup();
    await keyless.keys.delete('key-1');
    await expect(keyless.credential.headers({ method: 'GET', url: URL_ME })).rejects.toMatchObject({ status: 401 });
  });

  it('asks for no new tokens once signed out: neither ahead of expiry nor after a 401', async () => {
    const { credential, endpoint } = await setup();
    vi.useFakeTimers();
    try {
      await credential.headers({ method: 'GET', url: URL_ME });
      expect(endpoint.refreshTokens).toHaveBeenCalledTimes(1);
      await credential.revoke();
      await vi.advanceTimersByTimeAsync(2 * 3600_000);
      expect(await credential.refresh(new Response(null, { status: 401 }))).toBe(false);
      expect(endpoint.refreshTokens).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('revokes the refresh token and deletes the key on sign-out, even when the server cannot be reached', async () => {
    const { credential, endpoint, keys } = await setup();
    endpoint.revokeRefreshToken.mockRejectedValueOnce(new NetworkError('https://api.test'));
    await expect(credential.revoke()).rejects.toBeInstanceOf(NetworkError);
    expect(endpoint.revokeRefreshToken).toHaveBeenCalledWith(expect.objectContaining({ refreshToken: 'rt-0' }));
    expect(await keys.get('key-1')).toBeNull();
    await expect(credential.headers({ method: 'GET', url: URL_ME })).rejects.toMatchObject({ status: 401 });
  });
});
