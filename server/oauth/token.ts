import { and, eq, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import type { Db } from '../db/client.ts';
import { oauthAccessTokens, oauthClients, oauthCodes, oauthGrants, oauthRefreshTokens, users } from '../db/schema/index.ts';
import type { AppEnv, Deps } from '../http/env.ts';
import { DpopError, dpopHeader, verifyDpopProof } from './dpop.ts';
import { activeKey, verificationKey } from './keys.ts';
import { endSessionOfGrant } from './session.ts';
import { issueTokens, refreshHash, revokeGrant, sweepExpired, type GrantRow, type TokenResponse } from './tokens.ts';
import { readForm, s256, safeEqual, secretHash } from './util.ts';

type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_target'
  | 'invalid_dpop_proof'
  | 'unsupported_token_type';

/** An RFC 6749 §5.2 error. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status: 400 | 401 = 400,
  ) {
    super(description);
  }
}

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export function oauthErrorResponse(c: Context<AppEnv>, e: OAuthError) {
  const headers: Record<string, string> = { ...NO_STORE };
  if (e.status === 401) headers['WWW-Authenticate'] = 'Basic realm="timekeep", error="invalid_client"';
  return c.json({ error: e.error, error_description: e.description }, e.status, headers);
}

const required = (form: Map<string, string>, name: string) => {
  const v = form.get(name);
  if (v === undefined || v === '') throw new OAuthError('invalid_request', `${name} is required`);
  return v;
};

/** The public client named by `client_id`; secrets are refused (no client has one). */
async function authenticateClient(deps: Deps, c: Context<AppEnv>, form: Map<string, string>) {
  if (c.req.header('authorization') || form.has('client_secret') || form.has('client_assertion'))
    throw new OAuthError('invalid_client', 'Clients are public: send client_id only', 401);
  const clientId = required(form, 'client_id');
  const [client] = await deps.db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client', 401);
  return client;
}

/** The DPoP proof at the token endpoint, if any: answers the key thumbprint. */
async function tokenEndpointProof(deps: Deps, c: Context<AppEnv>): Promise<string | null> {
  try {
    const proof = dpopHeader(c.req.raw);
    if (proof === undefined) return null;
    return await verifyDpopProof(deps, proof, { method: 'POST', url: `${deps.config.publicUrl}/oauth/token` });
  } catch (e) {
    if (e instanceof DpopError) throw new OAuthError('invalid_dpop_proof', e.message);
    throw e;
  }
}

const userActive = async (db: Db, userId: number) => {
  const [u] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(u && u.status !== 'removed');
};

async function exchangeCode(deps: Deps, form: Map<string, string>, clientId: string, jkt: string | null): Promise<TokenResponse> {
  const code = required(form, 'code');
  const redirectUri = required(form, 'redirect_uri');
  const verifier = form.get('code_verifier');
  const resource = form.get('resource');
  const codeHash = secretHash(deps, 'code', code);
  const now = deps.clock();
  const key = await activeKey(deps);
  const outcome = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).for('update').limit(1);
    if (!row) return new OAuthError('invalid_grant', 'The authorization code is invalid');
    if (row.usedAt) {
      // A code presented twice: whoever holds it may be an attacker, so revoke what it produced.
      if (row.grantId) await revokeGrant(deps, tx, row.grantId);
      return new OAuthError('invalid_grant', 'The authorization code was already used');
    }
    await tx.update(oauthCodes).set({ usedAt: now }).where(eq(oauthCodes.codeHash, codeHash));
    if (row.expiresAt <= now) return new OAuthError('invalid_grant', 'The authorization code has expired');
    if (row.clientId !== clientId) return new OAuthError('invalid_grant', 'The authorization code was issued to another client');
    if (row.redirectUri !== redirectUri) return new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
    if (!verifier) return new OAuthError('invalid_grant', 'code_verifier is required');
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || !safeEqual(s256(verifier), row.codeChallenge))
      return new OAuthError('invalid_grant', 'code_verifier does not match the code challenge');
    if (resource !== undefined && resource !== row.resource)
      return new OAuthError('invalid_target', 'resource does not match the authorization request');
    if (!(await userActive(tx, row.userId))) return new OAuthError('invalid_grant', 'The account is not active');
    const [grant] = await tx
      .insert(oauthGrants)
      .values({ userId: row.userId, clientId, audience: row.audience, dpopJkt: jkt, sessionHash: row.sessionHash, createdAt: now })
      .returning();
    await tx.update(oauthCodes).set({ grantId: grant!.id }).where(eq(oauthCodes.codeHash, codeHash));
    return issueTokens(deps, tx, key, grant as GrantRow, null);
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

async function refresh(deps: Deps, form: Map<string, string>, clientId: string, jkt: string | null): Promise<TokenResponse> {
  const token = required(form, 'refresh_token');
  const hash = refreshHash(deps, token);
  const now = deps.clock();
  const key = await activeKey(deps);
  const outcome = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .select()
      .from(oauthRefreshTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
      .where(eq(oauthRefreshTokens.tokenHash, hash))
      .for('update')
      .limit(1);
    if (!row) return new OAuthError('invalid_grant', 'The refresh token is invalid');
    const grant = row.oauth_grants;
    const rt = row.oauth_refresh_tokens;
    if (grant.clientId !== clientId) return new OAuthError('invalid_grant', 'The refresh token was issued to another client');
    if (grant.revokedAt) return new OAuthError('invalid_grant', 'The grant has been revoked');
    if (rt.rotatedAt) {
      // A retired refresh token presented again: it was stolen or copied; end the whole grant.
      await revokeGrant(deps, tx, grant.id);
      return new OAuthError('invalid_grant', 'The refresh token was already used; the grant is revoked');
    }
    if (rt.expiresAt <= now) return new OAuthError('invalid_grant', 'The refresh token has expired');
    if (!(await userActive(tx, grant.userId))) return new OAuthError('invalid_grant', 'The account is not active');
    if (grant.dpopJkt && jkt !== grant.dpopJkt)
      return jkt
        ? new OAuthError('invalid_dpop_proof', 'DPoP proof is signed by another key')
        : new OAuthError('invalid_dpop_proof', 'This refresh token needs a DPoP proof');
    const resource = form.get('resource');
    if (resource !== undefined && resource !== grant.audience) return new OAuthError('invalid_target', 'resource does not match the grant');
    await tx.update(oauthRefreshTokens).set({ rotatedAt: now }).where(eq(oauthRefreshTokens.tokenHash, hash));
    return issueTokens(deps, tx, key, grant, hash);
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

/**
 * Revokes a refresh token (its whole grant, and the sign-in session it was approved in unless the user chose
 * to stay signed in: the app is signing out) or an access token (its jti), if it belongs to `clientId`.
 */
async function revoke(deps: Deps, token: string, hint: string | undefined, clientId: string) {
  const asRefresh = async () => {
    const [row] = await deps.db
      .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId, sessionHash: oauthGrants.sessionHash })
      .from(oauthRefreshTokens)
      .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
      .where(eq(oauthRefreshTokens.tokenHash, refreshHash(deps, token)))
      .limit(1);
    if (!row) return false;
    if (row.clientId === clientId) {
      await revokeGrant(deps, deps.db, row.grantId);
      await endSessionOfGrant(deps.db, row.sessionHash);
    }
    return true;
  };
  const asAccess = async () => {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
      decodeJwt(token);
    } catch {
      return false;
    }
    const key = await verificationKey(deps, kid);
    if (!key) return false;
    // Signature and issuer are checked; expiry is not (an expired token needs no revoking, and that is harmless).
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['ES256'],
      typ: 'at+jwt',
      issuer: deps.config.publicUrl,
      currentDate: new Date(0),
    }).catch(() => ({ payload: null }));
    if (!payload || payload.client_id !== clientId || typeof payload.jti !== 'string') return Boolean(payload);
    await deps.db
      .update(oauthAccessTokens)
      .set({ revokedAt: deps.clock() })
      .where(and(eq(oauthAccessTokens.jti, payload.jti), isNull(oauthAccessTokens.revokedAt)));
    return true;
  };
  const [first, second] = hint === 'access_token' ? [asAccess, asRefresh] : [asRefresh, asAccess];
  if (!(await first())) await second();
}

export function registerTokenRoutes(app: Hono<AppEnv>) {
  app.post('/oauth/token', async (c) => {
    const deps = c.get('deps');
    try {
      const form = await readForm(c);
      if (!form) throw new OAuthError('invalid_request', 'Send a form-encoded body, each parameter once');
      const grantType = required(form, 'grant_type');
      if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
        throw new OAuthError('unsupported_grant_type', 'Use authorization_code or refresh_token');
      const client = await authenticateClient(deps, c, form);
      const jkt = await tokenEndpointProof(deps, c);
      const tokens =
        grantType === 'authorization_code' ? await exchangeCode(deps, form, client.id, jkt) : await refresh(deps, form, client.id, jkt);
      await sweepExpired(deps);
      return c.json(tokens, 200, NO_STORE);
    } catch (e) {
      if (e instanceof OAuthError) return oauthErrorResponse(c, e);
      throw e;
    }
  });

  app.post('/oauth/revoke', async (c) => {
    const deps = c.get('deps');
    try {
      const form = await readForm(c);
      if (!form) throw new OAuthError('invalid_request', 'Send a form-encoded body, each parameter once');
      const token = required(form, 'token');
      const client = await authenticateClient(deps, c, form);
      await revoke(deps, token, form.get('token_type_hint'), client.id);
      return c.body(null, 200, NO_STORE);
    } catch (e) {
      if (e instanceof OAuthError) return oauthErrorResponse(c, e);
      throw e;
    }
  });
}
