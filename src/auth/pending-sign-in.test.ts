import { describe, expect, it } from 'vitest';
import { PENDING_MAX_AGE_MS, savePendingSignIn, SignInResponseError, takePendingSignIn, type PendingSignIn } from './pending-sign-in.ts';

const pending = (over: Partial<PendingSignIn> = {}): PendingSignIn => ({
  state: 'state-abc',
  codeVerifier: 'v'.repeat(43),
  redirectUri: 'http://127.0.0.1:5173/oauth/callback',
  clientId: 'tkc_1',
  apiBaseUrl: 'http://127.0.0.1:8787',
  authorizationServer: { issuer: 'http://127.0.0.1:8787' },
  returnTo: '/timesheet?week=2647',
  createdAt: 1_000,
  ...over,
});

describe('pending sign-in (PKCE verifier and state)', () => {
  it('lives in sessionStorage and is handed back once for the matching state', () => {
    sessionStorage.clear();
    savePendingSignIn(sessionStorage, pending());
    expect(takePendingSignIn(sessionStorage, 'state-abc', 2_000)).toMatchObject({
      codeVerifier: 'v'.repeat(43),
      returnTo: '/timesheet?week=2647',
    });
    expect(() => takePendingSignIn(sessionStorage, 'state-abc', 2_000)).toThrow(SignInResponseError);
  });

  it('refuses an answer with another state, and is consumed by the attempt', () => {
    sessionStorage.clear();
    savePendingSignIn(sessionStorage, pending());
    expect(() => takePendingSignIn(sessionStorage, 'forged', 2_000)).toThrow(/does not belong/);
    expect(() => takePendingSignIn(sessionStorage, null, 2_000)).toThrow(/no sign-in in progress/);
  });

  it('refuses an answer without state, one that is too old, and damaged storage', () => {
    sessionStorage.clear();
    savePendingSignIn(sessionStorage, pending());
    expect(() => takePendingSignIn(sessionStorage, null, 2_000)).toThrow(/does not belong/);
    savePendingSignIn(sessionStorage, pending());
    expect(() => takePendingSignIn(sessionStorage, 'state-abc', 1_000 + PENDING_MAX_AGE_MS + 1)).toThrow(/too long/);
    sessionStorage.setItem('timekeep.oauth.pending', '{oops');
    expect(() => takePendingSignIn(sessionStorage, 'state-abc', 2_000)).toThrow(/no sign-in in progress/);
    expect(sessionStorage.getItem('timekeep.oauth.pending')).toBeNull();
  });
});
