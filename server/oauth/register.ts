import crypto from 'node:crypto';
import type { Context, Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { oauthClients } from '../db/schema/index.ts';
import type { AppEnv, Deps } from '../http/env.ts';
import { FIRST_PARTY_NAME, isFirstParty } from './first-party.ts';
import { claimEvent, perAddress, REGISTER_PER_ADDRESS, throttleKey, waitInMinutes } from './throttle.ts';
import { ApiError } from '../http/errors.ts';
import { assertSafeJson } from '../http/json-input.ts';
import { clientAddress } from './util.ts';

export const MAX_CLIENT_NAME = 100;
export const MAX_REDIRECT_URIS = 10;
const MAX_BODY = 16 * 1024;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why a redirect URI is refused, or null when it is acceptable: an absolute https URL, or http on a loopback
 * host (or a configured web origin in development), with no fragment and no user info.
 */
export function redirectUriProblem(deps: Deps, uri: unknown): string | null {
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > 2000) return 'must be a URL of at most 2000 characters';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URL';
  }
  if (uri.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain user information';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && (LOOPBACK.has(url.hostname) || deps.config.webOrigins.includes(url.origin))) return null;
  return 'must use https (or http on 127.0.0.1, [::1] or localhost)';
}

/** The one client of the product's web app for these callbacks (an id derived from them), made on first use. */
async function firstPartyClient(deps: Deps, redirectUris: string[]) {
  const id = `tkc_web_${crypto
    .createHash('sha256')
    .update([...redirectUris].sort().join(' '))
    .digest('base64url')
    .slice(0, 24)}`;
  await deps.db.insert(oauthClients).values({ id, name: FIRST_PARTY_NAME, redirectUris }).onConflictDoNothing();
  const [row] = await deps.db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  return row;
}

const regError = (
  c: Context<AppEnv>,
  error: 'invalid_redirect_uri' | 'invalid_client_metadata',
  description: string,
  status: 400 | 413 = 400,
) => c.json({ error, error_description: description }, status, { 'Cache-Control': 'no-store' });

/** RFC 7591 dynamic client registration: public clients only, rate-limited per address. */
export function registerRegistrationRoute(app: Hono<AppEnv>) {
  app.post('/oauth/register', async (c) => {
    const deps = c.get('deps');
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') return regError(c, 'invalid_client_metadata', 'Send the metadata as application/json');
    if (Number(c.req.header('content-length') ?? 0) > MAX_BODY)
      return regError(c, 'invalid_client_metadata', 'Client metadata is too large', 413);
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY) return regError(c, 'invalid_client_metadata', 'Client metadata is too large', 413);
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return regError(c, 'invalid_client_metadata', 'The body must be a JSON object');
    }
    try {
      assertSafeJson(body);
    } catch (e) {
      if (e instanceof ApiError) return regError(c, 'invalid_client_metadata', e.message);
      throw e;
    }

    const uris = body.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS)
      return regError(c, 'invalid_redirect_uri', `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URLs`);
    for (const uri of uris) {
      const problem = redirectUriProblem(deps, uri);
      if (problem) return regError(c, 'invalid_redirect_uri', `Redirect URI ${problem}`);
    }
    const name = body.client_name;
    if (
      name !== undefined &&
      (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_CLIENT_NAME || /\p{Cc}/u.test(name))
    )
      return regError(c, 'invalid_client_metadata', `client_name must be 1 to ${MAX_CLIENT_NAME} printable characters`);
    const method = body.token_endpoint_auth_method;
    if (method !== undefined && method !== 'none')
      return regError(c, 'invalid_client_metadata', 'Only public clients are supported: token_endpoint_auth_method must be none');
    const grantTypes = body.grant_types ?? ['authorization_code', 'refresh_token'];
    if (!Array.isArray(grantTypes) || grantTypes.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
      return regError(c, 'invalid_client_metadata', 'grant_types may only hold authorization_code and refresh_token');
    const responseTypes = body.response_types ?? ['code'];
    if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code'))
      return regError(c, 'invalid_client_metadata', 'response_types may only hold code');

    const clientName = typeof name === 'string' ? name.trim() : new URL(uris[0] as string).host;
    const redirectUris = uris as string[];
    let row: typeof oauthClients.$inferSelect | undefined;
    if (isFirstParty(deps, { redirectUris })) {
      // The product's own web app: every browser gets the one client of its callback, and no registration is counted.
      row = await firstPartyClient(deps, redirectUris);
    } else {
      // Counted before the client is made, so parallel registrations cannot pass the limit.
      const wait = await claimEvent(deps, throttleKey(deps, 'register', clientAddress(c)), perAddress(deps, REGISTER_PER_ADDRESS));
      if (wait > 0)
        return c.json(
          { error: 'slow_down', error_description: `Too many apps were registered from this network; try again in ${waitInMinutes(wait)}` },
          429,
          { 'Retry-After': String(wait), 'Cache-Control': 'no-store' },
        );
      [row] = await deps.db
        .insert(oauthClients)
        .values({ id: `tkc_${crypto.randomBytes(18).toString('base64url')}`, name: clientName, redirectUris })
        .returning();
    }
    const id = row!.id;
    return c.json(
      {
        client_id: id,
        client_id_issued_at: Math.floor((row?.createdAt ?? deps.clock()).getTime() / 1000),
        client_name: row!.name,
        redirect_uris: uris,
        grant_types: grantTypes,
        response_types: responseTypes,
        token_endpoint_auth_method: 'none',
      },
      201,
      { 'Cache-Control': 'no-store' },
    );
  });
}
