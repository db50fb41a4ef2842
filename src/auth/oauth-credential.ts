import { ApiError } from '../api/errors.ts';
import type { SessionCredential, SessionHooks } from './credentials.ts';
import { createDpopProof } from './dpop.ts';
import type { DpopKeyStore } from './dpop-keys.ts';
import { SessionEndedError } from './oauth-shared.ts';
import type { StoredOAuth } from './oauth-state.ts';
import { refreshGrant, type TokenSet } from './refresh-grant.ts';
import { AccessTokenStore, systemClock, type Clock } from './token-store.ts';

export type { TokenSet };

/** What the credential asks of the authorization server. */
export interface TokenEndpoint {
  refreshTokens(state: StoredOAuth, keyPair: CryptoKeyPair): Promise<TokenSet>;
  revokeRefreshToken(state: StoredOAuth): Promise<void>;
}

export interface OAuthCredentialDeps {
  keys: DpopKeyStore;
  clock?: Clock;
  /** Defaults to the small refresh grant here and oauth4webapi's revocation, loaded on sign-out. */
  tokenEndpoint?: TokenEndpoint;
  /** Serialises refreshes across tabs (they share one rotating refresh token). */
  lock?: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
}

const REFRESH_LOCK = 'timekeep.oauth.refresh';
/** A 401 this soon after new tokens arrived is answered by trying them, not by refreshing again. */
const JUST_REFRESHED_MS = 5_000;

export const browserLock = <T>(name: string, fn: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(name, fn) : fn();

const sessionEnded = () => new ApiError(401, { code: 401, message: 'Your session has ended. Sign in again.' });

/**
 * OAuth credentials for the API client: a DPoP-bound access token in memory, a fresh DPoP proof for each
 * request, refresh ahead of expiry and once on a 401, and revocation on sign-out.
 */
export class OAuthCredential implements SessionCredential {
  readonly kind = 'oauth' as const;
  private state: StoredOAuth;
  private keyPair: Promise<CryptoKeyPair> | null = null;
  private readonly tokens: AccessTokenStore;
  private renewing: Promise<void> | null = null;
  /** The API's latest DPoP nonce, if it asks for them. */
  private resourceNonce: string | undefined;
  private hooks: SessionHooks | null = null;
  private ended = false;
  private readonly clock: Clock;
  private readonly endpoint: TokenEndpoint;
  /** The authorization server's latest DPoP nonce, if it uses them. */
  private tokenNonce: string | undefined;

  constructor(
    state: StoredOAuth,
    private readonly deps: OAuthCredentialDeps,
    initial?: { tokens: TokenSet; keyPair: CryptoKeyPair },
  ) {
    this.state = { ...state };
    this.clock = deps.clock ?? systemClock;
    this.endpoint = deps.tokenEndpoint ?? {
      refreshTokens: async (current, keyPair) => {
        const { tokens, nonce } = await refreshGrant(current, keyPair, { nonce: this.tokenNonce, now: () => this.clock.now() });
        this.tokenNonce = nonce;
        return tokens;
      },
      revokeRefreshToken: async (current) => (await import('./oauth-flow.ts')).revokeRefreshToken(current),
    };
    this.tokens = new AccessTokenStore(() => void this.renew().catch(() => undefined), this.clock);
    if (initial) {
      this.keyPair = Promise.resolve(initial.keyPair);
      this.state.refreshToken = initial.tokens.refreshToken;
      this.tokens.set(initial.tokens.accessToken, initial.tokens.expiresIn);
    }
  }

  persist(): StoredOAuth {
    return { ...this.state };
  }

  attach(hooks: SessionHooks): void {
    this.hooks = hooks;
  }

  async headers(request: { method: string; url: string }): Promise<Record<string, string>> {
    const accessToken = await this.accessToken();
    const proof = await createDpopProof(await this.loadKeyPair(), {
      htm: request.method,
      htu: request.url,
      accessToken,
      nonce: this.resourceNonce,
      now: this.clock.now(),
    });
    return { Authorization: `DPoP ${accessToken}`, DPoP: proof };
  }

  /** After a 401: a nonce challenge is answered with the nonce; otherwise new tokens are fetched once. */
  async refresh(response?: Response): Promise<boolean> {
    if (this.ended) return false;
    const nonce = response?.headers.get('DPoP-Nonce');
    if (nonce && /use_dpop_nonce/.test(response?.headers.get('WWW-Authenticate') ?? '')) {
      const fresh = nonce !== this.resourceNonce;
      this.resourceNonce = nonce;
      if (fresh) return true;
    }
    if (this.renewing) {
      await this.renewing.catch(() => undefined);
      return this.tokens.current() !== null;
    }
    if (this.tokens.age() < JUST_REFRESHED_MS) return true;
    try {
      await this.renew();
      return true;
    } catch (e) {
      if (e instanceof SessionEndedError) return false;
      throw e;
    }
  }

  async revoke(): Promise<void> {
    this.ended = true;
    this.tokens.clear();
    try {
      await this.endpoint.revokeRefreshToken(this.state);
    } finally {
      await this.deps.keys.delete(this.state.keyId);
    }
  }

  private async accessToken(): Promise<string> {
    if (this.ended) throw sessionEnded();
    const current = this.tokens.current();
    if (current) return current;
    try {
      await this.renew();
    } catch (e) {
      if (e instanceof SessionEndedError) throw sessionEnded();
      throw e;
    }
    const renewed = this.tokens.current();
    if (!renewed) throw sessionEnded();
    return renewed;
  }

  private loadKeyPair(): Promise<CryptoKeyPair> {
    if (!this.keyPair) {
      const id = this.state.keyId;
      this.keyPair = this.deps.keys.get(id).then((pair) => {
        if (!pair) throw new SessionEndedError('The key this sign-in was bound to is gone from this browser.');
        return pair;
      });
      this.keyPair.catch(() => (this.keyPair = null));
    }
    return this.keyPair;
  }

  /** One refresh at a time in this tab, and across tabs through a lock. */
  private renew(): Promise<void> {
    this.renewing ??= (this.deps.lock ?? browserLock)(REFRESH_LOCK, () => this.renewLocked()).finally(() => (this.renewing = null));
    return this.renewing;
  }

  private async renewLocked(): Promise<void> {
    if (this.ended) throw new SessionEndedError('Signed out.');
    if (this.hooks) {
      // Another tab may have rotated the refresh token (or signed out) since this one read it.
      const latest = this.hooks.latest();
      if (!latest || latest.kind !== 'oauth' || latest.issuer !== this.state.issuer)
        throw new SessionEndedError('Signed out in another tab.');
      if (latest.keyId !== this.state.keyId) this.keyPair = null;
      this.state = { ...latest };
    }
    const tokens = await this.endpoint.refreshTokens(this.state, await this.loadKeyPair());
    if (this.ended) throw new SessionEndedError('Signed out.');
    this.state = { ...this.state, refreshToken: tokens.refreshToken };
    this.hooks?.save();
    this.tokens.set(tokens.accessToken, tokens.expiresIn);
  }
}
