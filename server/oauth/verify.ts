import { and, eq, gt, isNull } from 'drizzle-orm';
import { decodeProtectedHeader, jwtVerify, errors as joseErrors } from 'jose';
import { oauthAccessTokens, oauthClients, oauthGrants } from '../db/schema/index.ts';
import type { Deps, TokenVerifier } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { isFirstParty } from './first-party.ts';
import { DPOP_ALGS, DpopError, dpopHeader, verifyDpopProof } from './dpop.ts';
import { verificationKey } from './keys.ts';
import { mcpAudience } from './util.ts';

export type Resource = 'api' | 'mcp';

/** `app`: the name of the app the token was given to, null for the product's own web app (the person acts themselves). */
export type Verified = { ok: true; userId: number; clientId: string; app: string | null; jkt: string | null };
export type Refused = {
  ok: false;
  scheme: 'Bearer' | 'DPoP';
  error: 'invalid_token' | 'invalid_dpop_proof' | 'invalid_request';
  description: string;
};

const refuse = (scheme: Refused['scheme'], error: Refused['error'], description: string): Refused => ({
  ok: false,
  scheme,
  error,
  description,
});

/** URL of the protected-resource metadata for `resource`. */
export const resourceMetadataUrl = (deps: Deps, resource: Resource) =>
  `${deps.config.publicUrl}/.well-known/oauth-protected-resource${resource === 'mcp' ? '/mcp' : ''}`;

/** The `WWW-Authenticate` challenge for a refused (or missing) token. */
export function challenge(deps: Deps, resource: Resource, refused?: Refused): string {
  const meta = `resource_metadata="${resourceMetadataUrl(deps, resource)}"`;
  const err = refused ? `, error="${refused.error}", error_description="${refused.description.replace(/["\\]/g, '')}"` : '';
  const dpop = `DPoP algs="${DPOP_ALGS.join(' ')}"`;
  if (refused?.scheme === 'DPoP') return `DPoP ${meta}${err}, algs="${DPOP_ALGS.join(' ')}"`;
  return `Bearer ${meta}${err}, ${dpop}`;
}

/**
 * Verifies the access token of `req` for `resource`: ES256 signature by a published key, `typ` at+jwt,
 * issuer, audience, expiry, not revoked, grant still active, and for DPoP-bound tokens a valid proof of the
 * bound key (a bound token sent as Bearer is refused).
 */
export async function verifyAccessToken(deps: Deps, req: Request, resource: Resource): Promise<Verified | Refused> {
  const authz = req.headers.get('authorization') ?? '';
  const m = /^(Bearer|DPoP) +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authz.trim());
  const scheme: Refused['scheme'] = m && m[1]!.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
  if (!m) return refuse(scheme, 'invalid_token', 'Malformed access token');
  const token = m[2]!;
  let kid: string | undefined;
  try {
    const h = decodeProtectedHeader(token);
    if (h.alg !== 'ES256' || h.typ !== 'at+jwt') return refuse(scheme, 'invalid_token', 'Access token has the wrong type or algorithm');
    kid = h.kid;
  } catch {
    return refuse(scheme, 'invalid_token', 'Malformed access token');
  }
  const key = await verificationKey(deps, kid);
  if (!key) return refuse(scheme, 'invalid_token', 'Access token is not signed by this server');
  const audience = resource === 'mcp' ? mcpAudience(deps) : deps.config.publicUrl;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['ES256'],
      typ: 'at+jwt',
      issuer: deps.config.publicUrl,
      audience,
      currentDate: deps.clock(),
      requiredClaims: ['sub', 'exp', 'iat', 'jti', 'client_id'],
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return refuse(scheme, 'invalid_token', 'Access token has expired');
    if (e instanceof joseErrors.JWTClaimValidationFailed && e.claim === 'aud')
      return refuse(scheme, 'invalid_token', resource === 'mcp' ? 'Access token is not for /mcp' : 'Access token is for another resource');
    return refuse(scheme, 'invalid_token', 'Access token is invalid');
  }
  const cnf = payload.cnf as { jkt?: unknown } | undefined;
  const jkt = typeof cnf?.jkt === 'string' ? cnf.jkt : null;
  if (jkt) {
    if (scheme !== 'DPoP') return refuse(scheme, 'invalid_token', 'Access token is bound to a DPoP key: use the DPoP scheme with a proof');
    let proof;
    try {
      proof = dpopHeader(req);
      if (!proof) return refuse('DPoP', 'invalid_dpop_proof', 'DPoP proof is missing');
      const url = new URL(req.url);
      const proofJkt = await verifyDpopProof(deps, proof, {
        method: req.method,
        url: `${deps.config.publicUrl}${url.pathname}`,
        accessToken: token,
      });
      if (proofJkt !== jkt) return refuse('DPoP', 'invalid_dpop_proof', 'DPoP proof is signed by another key');
    } catch (e) {
      if (e instanceof DpopError) return refuse('DPoP', 'invalid_dpop_proof', e.message);
      throw e;
    }
  } else if (scheme === 'DPoP') {
    return refuse(scheme, 'invalid_token', 'Access token is not bound to a DPoP key');
  }
  const [row] = await deps.db
    .select({ userId: oauthGrants.userId, clientId: oauthGrants.clientId, name: oauthClients.name, redirectUris: oauthClients.redirectUris })
    .from(oauthAccessTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthAccessTokens.grantId))
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(
      and(
        eq(oauthAccessTokens.jti, String(payload.jti)),
        isNull(oauthAccessTokens.revokedAt),
        isNull(oauthGrants.revokedAt),
        gt(oauthAccessTokens.expiresAt, deps.clock()),
      ),
    )
    .limit(1);
  if (!row || String(row.userId) !== payload.sub || row.clientId !== payload.client_id)
    return refuse(scheme, 'invalid_token', 'Access token has been revoked');
  return { ok: true, userId: row.userId, clientId: row.clientId, app: isFirstParty(deps, row) ? null : row.name, jkt };
}

/** The REST API's token verifier: a refused token is a 401 with a challenge naming the error. */
export function createTokenVerifier(deps: Deps): TokenVerifier {
  return async (req, resource) => {
    const r = await verifyAccessToken(deps, req, resource);
    if (r.ok) return { userId: r.userId, clientId: r.clientId, app: r.app };
    throw new ApiError(401, r.description, undefined, { 'WWW-Authenticate': challenge(deps, resource, r) });
  };
}
