import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose';
import type { Db } from '../db/client.ts';
import { oauthDpopJtis } from '../db/schema/index.ts';
import type { Deps } from '../http/env.ts';
import { DPOP_MAX_AGE, secretHash } from './util.ts';

/** Asymmetric algorithms accepted for DPoP proofs (RFC 9449 §4.2). */
export const DPOP_ALGS = ['ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519', 'RS256', 'PS256'];

export class DpopError extends Error {}

/** `htu` comparison: scheme, host and path, without query and fragment (RFC 9449 §4.3). */
function normalizeHtu(u: string): string | null {
  try {
    const url = new URL(u);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}

/** SHA-256 of the access token, base64url: the `ath` claim. */
export const accessTokenHash = (token: string) => crypto.createHash('sha256').update(token, 'ascii').digest('base64url');

const lastSweep = new WeakMap<Db, number>();

/**
 * Checks one DPoP proof for `method` and `url` (and `accessToken` when it accompanies one): signature by the
 * embedded public key, `typ`, `htm`, `htu`, `iat` within a minute, `ath`, and a `jti` not seen before.
 * Answers the key's JWK SHA-256 thumbprint.
 */
export async function verifyDpopProof(
  deps: Deps,
  proof: string,
  req: { method: string; url: string; accessToken?: string },
): Promise<string> {
  let header;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    throw new DpopError('DPoP proof is not a JWT');
  }
  if (header.typ !== 'dpop+jwt') throw new DpopError('DPoP proof must have typ dpop+jwt');
  if (!header.alg || !DPOP_ALGS.includes(header.alg)) throw new DpopError('DPoP proof algorithm is not supported');
  const jwk = header.jwk;
  if (!jwk || typeof jwk !== 'object' || 'd' in jwk || 'k' in jwk) throw new DpopError('DPoP proof must carry a public key');
  let payload;
  try {
    ({ payload } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: DPOP_ALGS, currentDate: deps.clock() }));
  } catch {
    throw new DpopError('DPoP proof signature is invalid');
  }
  const { jti, htm, htu, iat, ath } = payload as Record<string, unknown>;
  if (typeof jti !== 'string' || jti.length < 8 || jti.length > 256) throw new DpopError('DPoP proof needs a jti');
  if (htm !== req.method) throw new DpopError('DPoP proof is for another method');
  if (typeof htu !== 'string' || normalizeHtu(htu) === null || normalizeHtu(htu) !== normalizeHtu(req.url))
    throw new DpopError('DPoP proof is for another URL');
  const now = Math.floor(deps.clock().getTime() / 1000);
  if (typeof iat !== 'number' || Math.abs(now - iat) > DPOP_MAX_AGE) throw new DpopError('DPoP proof is not fresh');
  if (req.accessToken !== undefined) {
    if (typeof ath !== 'string' || ath !== accessTokenHash(req.accessToken)) throw new DpopError('DPoP proof is for another access token');
  }
  const jkt = await calculateJwkThumbprint(jwk, 'sha256');
  const nowDate = deps.clock();
  const inserted = await deps.db
    .insert(oauthDpopJtis)
    .values({ id: secretHash(deps, 'dpop', `${jkt}:${jti}`), expiresAt: new Date(nowDate.getTime() + 2 * DPOP_MAX_AGE * 1000) })
    .onConflictDoNothing()
    .returning({ id: oauthDpopJtis.id });
  if (inserted.length === 0) throw new DpopError('DPoP proof was already used');
  if ((lastSweep.get(deps.db) ?? 0) < nowDate.getTime() - 60_000) {
    lastSweep.set(deps.db, nowDate.getTime());
    await deps.db.delete(oauthDpopJtis).where(lt(oauthDpopJtis.expiresAt, nowDate));
  }
  return jkt;
}

/** The one DPoP header of a request, or undefined; throws when several are sent. */
export function dpopHeader(req: Request): string | undefined {
  const value = req.headers.get('dpop');
  if (value === null) return undefined;
  if (value.includes(',')) throw new DpopError('Only one DPoP proof may be sent');
  return value;
}
