import crypto from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import { oauthAccessTokens, oauthCodes, oauthGrants, oauthRefreshTokens, oauthSessions, oauthThrottle, pendingSignins } from '../db/schema/index.ts';
import type { Deps } from '../http/env.ts';
import type { SigningKey } from './keys.ts';
import { ACCESS_TOKEN_TTL, randomToken, REFRESH_TOKEN_TTL, secretHash } from './util.ts';

export type GrantRow = typeof oauthGrants.$inferSelect;

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer' | 'DPoP';
  expires_in: number;
  refresh_token: string;
}

export const refreshHash = (deps: Deps, token: string) => secretHash(deps, 'refresh', token);

/** Signs an RFC 9068 access token for the grant's user, client and audience, bound to the grant's DPoP key if any. */
export async function signAccessToken(deps: Deps, key: SigningKey, grant: GrantRow, jti: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const jwt = new SignJWT({ client_id: grant.clientId, ...(grant.dpopJkt ? { cnf: { jkt: grant.dpopJkt } } : {}) })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key.kid })
    .setIssuer(deps.config.publicUrl)
    .setSubject(String(grant.userId))
    .setAudience(grant.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL)
    .setJti(jti);
  return jwt.sign(key.privateKey);
}

/**
 * Issues an access token and a refresh token for `grant` (in `db`, which may be a transaction; `key` is fetched
 * beforehand because the embedded database has one connection and a query outside the transaction would wait for it).
 */
export async function issueTokens(deps: Deps, db: Db, key: SigningKey, grant: GrantRow, parentHash: string | null): Promise<TokenResponse> {
  const now = deps.clock();
  const jti = crypto.randomUUID();
  const accessToken = await signAccessToken(deps, key, grant, jti, now);
  await db.insert(oauthAccessTokens).values({ jti, grantId: grant.id, expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL * 1000) });
  const refreshToken = randomToken();
  await db.insert(oauthRefreshTokens).values({
    tokenHash: refreshHash(deps, refreshToken),
    grantId: grant.id,
    parentHash,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL * 1000),
    createdAt: now,
  });
  return {
    access_token: accessToken,
    token_type: grant.dpopJkt ? 'DPoP' : 'Bearer',
    expires_in: ACCESS_TOKEN_TTL,
    refresh_token: refreshToken,
  };
}

/** Revokes a grant and every token issued under it. */
export async function revokeGrant(deps: Deps, db: Db, grantId: number) {
  const now = deps.clock();
  await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
  await db
    .update(oauthAccessTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthAccessTokens.grantId, grantId), isNull(oauthAccessTokens.revokedAt)));
  await db
    .update(oauthRefreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(oauthRefreshTokens.grantId, grantId), isNull(oauthRefreshTokens.rotatedAt)));
}

/** Revokes every grant of a user for a client (account page "Revoke"). */
export async function revokeClientGrants(deps: Deps, userId: number, clientId: string) {
  const grants = await deps.db
    .select({ id: oauthGrants.id })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)));
  for (const g of grants) await revokeGrant(deps, deps.db, g.id);
}

const lastSweep = new WeakMap<Db, number>();
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** At most every ten minutes: deletes codes, token records, sessions, pending two-factor sign-ins and throttle entries that expired a day ago. */
export async function sweepExpired(deps: Deps) {
  const now = deps.clock().getTime();
  if (now - (lastSweep.get(deps.db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(deps.db, now);
  const cutoff = new Date(now - 24 * 3600 * 1000);
  await deps.db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, cutoff));
  await deps.db.delete(oauthAccessTokens).where(lt(oauthAccessTokens.expiresAt, cutoff));
  await deps.db.delete(oauthRefreshTokens).where(lt(oauthRefreshTokens.expiresAt, cutoff));
  await deps.db.delete(oauthSessions).where(lt(oauthSessions.expiresAt, cutoff));
  await deps.db.delete(pendingSignins).where(lt(pendingSignins.expiresAt, cutoff));
  await deps.db
    .delete(oauthThrottle)
    .where(and(lt(oauthThrottle.windowStart, cutoff), or(isNull(oauthThrottle.blockedUntil), lt(oauthThrottle.blockedUntil, cutoff))));
}
