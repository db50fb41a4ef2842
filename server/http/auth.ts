import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { teams, users } from '../db/schema/index.ts';
import { Scope } from '../db/scope.ts';
import type { AppEnv, Caller } from './env.ts';
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
  let userId: number | undefined;
  let credential: Caller['credential'];
  if (apiKey) {
    const keyHash = deps.secrets.hash(apiKey);
    const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.apiKeyHash, keyHash)).limit(1);
    if (!row) throw unauthorized(deps.config.publicUrl, 'Invalid API key');
    userId = row.id;
    credential = { kind: 'apiKey', key: `k:${keyHash.slice(0, 32)}` };
  } else if (authz && /^(bearer|dpop) /i.test(authz) && deps.verifyToken) {
    const verified = await deps.verifyToken(c.req.raw, 'api');
    if (!verified) throw unauthorized(deps.config.publicUrl, 'Invalid or expired access token', 'invalid_token');
    userId = verified.userId;
    credential = { kind: 'token', key: `u:${verified.userId}`, clientId: verified.clientId };
  } else {
    throw unauthorized(deps.config.publicUrl, authz ? 'Unsupported authorization scheme' : 'Unauthorized');
  }
  const [row] = await deps.db.select().from(users).innerJoin(teams, eq(teams.id, users.teamId)).where(eq(users.id, userId)).limit(1);
  if (!row || row.users.status === 'removed') throw unauthorized(deps.config.publicUrl, 'This account is not active');
  const caller: Caller = { user: row.users, team: row.teams, credential };
  c.set('caller', caller);
  c.set('scope', new Scope(deps.db, row.teams.id));
  return caller;
}
