import { eq, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { teams, users } from '../db/schema/index.ts';
import { Scope } from '../db/scope.ts';
import type { AppEnv, Caller, Deps, UserRow } from './env.ts';
import { ApiError } from './errors.ts';

export const wwwAuthenticate = (publicUrl: string, error?: string) =>
  `Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource"${error ? `, error="${error}"` : ''}`;

export const unauthorized = (publicUrl: string, message = 'Unauthorized', error?: string) =>
  new ApiError(401, message, undefined, { 'WWW-Authenticate': wwwAuthenticate(publicUrl, error) });

/** The user and their team in one query (every user has a team: users.team_id is a NOT NULL foreign key), through the auth cache. */
async function cachedRow(deps: Deps, cacheKey: string, where: SQL) {
  const cache = deps.authCache;
  const hit = cache?.get(cacheKey);
  if (hit) return hit;
  const stamp = cache?.stamp() ?? 0;
  const [row] = await deps.db.select().from(users).innerJoin(teams, eq(teams.id, users.teamId)).where(where).limit(1);
  if (row) cache?.set(cacheKey, row, stamp);
  return row;
}

/** Resolves the caller from `X-Api-Key` or an OAuth token, and binds a scope to their team. */
export async function authenticate(c: Context<AppEnv>): Promise<Caller> {
  const deps = c.get('deps');
  const apiKey = c.req.header('x-api-key');
  const authz = c.req.header('authorization');
  let credential: Caller['credential'];
  let row: { users: UserRow; teams: Caller['team'] } | undefined;
  if (apiKey) {
    const keyHash = deps.secrets.hash(apiKey);
    credential = { kind: 'apiKey', key: `k:${keyHash.slice(0, 32)}` };
    row = await cachedRow(deps, `k:${keyHash}`, eq(users.apiKeyHash, keyHash));
    if (!row) throw unauthorized(deps.config.publicUrl, 'Invalid API key');
  } else if (authz && /^(bearer|dpop) /i.test(authz) && deps.verifyToken) {
    // The token itself (signature, expiry, revocation, DPoP proof) is checked on every request; only the user behind it is cached.
    const verified = await deps.verifyToken(c.req.raw, 'api');
    if (!verified) throw unauthorized(deps.config.publicUrl, 'Invalid or expired access token', 'invalid_token');
    credential = { kind: 'token', key: `u:${verified.userId}`, clientId: verified.clientId, app: verified.app };
    row = await cachedRow(deps, `u:${verified.userId}`, eq(users.id, verified.userId));
  } else {
    throw unauthorized(deps.config.publicUrl, authz ? 'Unsupported authorization scheme' : 'Unauthorized');
  }
  if (!row || row.users.status !== 'active')
    throw unauthorized(
      deps.config.publicUrl,
      row?.users.status === 'invited' ? 'This account is not active yet: its invitation has not been accepted' : 'This account is not active',
    );
  const caller: Caller = { user: row.users, team: row.teams, credential };
  c.set('caller', caller);
  c.set('scope', new Scope(deps.db, row.teams.id));
  return caller;
}
