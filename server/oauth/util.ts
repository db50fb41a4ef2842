import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../http/env.ts';

/** Lifetimes, in seconds. */
export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 30 * 24 * 3600;
export const CODE_TTL = 60;
/** How far a DPoP proof's `iat` may be from now. */
export const DPOP_MAX_AGE = 60;

/** A fresh unguessable value (256 bits, base64url). */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** Keyed hash of a secret handed out, under a purpose label, for storage and look-up. */
export const secretHash = (deps: Pick<Deps, 'secrets'>, purpose: string, value: string) => deps.secrets.hash(`${purpose}:${value}`);

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** PKCE S256: base64url(SHA-256(verifier)). */
export const s256 = (verifier: string) => crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** The audience of the `/mcp` resource. */
export const mcpAudience = (deps: Deps) => `${deps.config.publicUrl}/mcp`;

export { clientAddress } from '../http/client-address.ts';

/** True when the deployment is served over https (cookies are then `Secure` and `__Host-` prefixed). */
export const isHttps = (deps: Deps) => deps.config.publicUrl.startsWith('https://');

/** Parses an `application/x-www-form-urlencoded` body; `null` when it is not one, too big, or repeats a parameter. */
export async function readForm(c: Context<AppEnv>, limit = 16 * 1024): Promise<Map<string, string> | null> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  if (Number(c.req.header('content-length') ?? 0) > limit) return null;
  const text = await c.req.text();
  if (Buffer.byteLength(text) > limit) return null;
  const out = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(text)) {
    if (out.has(k)) return null;
    out.set(k, v);
  }
  return out;
}

/** The request's query parameters; `null` if one of them is repeated (RFC 6749 §3.1). */
export function queryOnce(c: Context<AppEnv>): Map<string, string> | null {
  const out = new Map<string, string>();
  for (const [k, v] of new URL(c.req.url).searchParams) {
    if (out.has(k)) return null;
    out.set(k, v);
  }
  return out;
}
