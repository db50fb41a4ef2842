import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { teams, users } from '../db/schema/index.ts';
import { Scope } from '../db/scope.ts';
import type { AppEnv, Caller, UserRow } from './env.ts';
import { ApiError } from './errors.ts';

export const wwwAuthenticate = (publicUrl: string, error?: string) =>
  `Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource"${error ? `, error="${error}"` : ''}`;

export const unauthorized = (publicUrl: string, message = 'Unauthorized', error?: string) =>
  new ApiError(401, message, undefined, { 'WWW-Authenticate': wwwAuthenticate(publicUrl, error) });

/** Resolves the caller from `X-Api-Key` or an OAuth token, and binds a scope to their team. */
export async function authenticate(c: Context<AppEnv>): Promise<Caller> {
  const deps = c.get('deps');
  const apiKey = c.req.header('x-api-key');
  const authz = c.req.header('authorization');
  let credential: Caller['credential'];
  let row: { users: UserRow; teams: Caller['team'] } | undefined;
  if (apiKey) {
    const keyHash = deps.secrets.hash(apiKey);
    // The user and their team in one query (every user has a team: users.team_id is a NOT NULL foreign key).
    [row] = await deps.db.select().from(users).innerJoin(teams, eq(teams.id, users.teamId)).where(eq(users.apiKeyHash, keyHash)).limit(1);
    if (!row) throw unauthorized(deps.config.publicUrl, 'Invalid API key');
    credential = { kind: 'apiKey', key: `k:${keyHash.slice(0, 32)}` };
  } else if (authz && /^(bearer|dpop) /i.test(authz) && deps.verifyToken) {
    const verified = await deps.verifyToken(c.req.raw, 'api');
    if (!verified) throw unauthorized(deps.config.publicUrl, 'Invalid or expired access token', 'invalid_token');
    credential = { kind: 'token', key: `u:${verified.userId}`, clientId: verified.clientId };
    [row] = await deps.db.select().from(users).innerJoin(teams, eq(teams.id, users.teamId)).where(eq(users.id, verified.userId)).limit(1);
  } else {
    throw unauthorized(deps.config.publicUrl, authz ? 'Unsupported authorization scheme' : 'Unauthorized');
  }
  if (!row || row.users.status === 'removed') throw unauthorized(deps.config.publicUrl, 'This account is not active');
  const caller: Caller = { user: row.users, team: row.teams, credential };
  c.set('caller', caller);
  c.set('scope', new Scope(deps.db, row.teams.id));
  return caller;
}
