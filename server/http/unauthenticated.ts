import type { Context, Hono } from 'hono';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientAddress } from './client-address.ts';
import type { AppEnv, Deps } from './env.ts';
import { consumePoint } from './rate-limit.ts';

/** The default allowance of requests without a credential per client address (UNAUTH_RATE_POINTS per UNAUTH_RATE_WINDOW s). */
export const UNAUTHENTICATED_DEFAULT = { points: 600, durationSec: 60 };

/** Probes of the process itself: never limited. */
const EXEMPT = new Set(['/health', '/ready', '/metrics']);

/** The limiter of requests without a credential: the one the deployment gave, or one in memory from the configuration. */
export function unauthenticatedLimiter(deps: Deps): RateLimiterAbstract {
  const { points, durationSec } = deps.config.unauthRateLimit ?? UNAUTHENTICATED_DEFAULT;
  return (deps.unauthenticatedLimiter ??= new RateLimiterMemory({ points, duration: durationSec, keyPrefix: 'tk-anon' }));
}

/**
 * True when the request presents a credential to a route that checks it: an API key, or a bearer or DPoP
 * token outside the OAuth endpoints (which never read one). Those requests are limited per credential, and
 * their failures per address and per credential (see limitAuthFailures); everything else is limited here.
 */
export function presentsApiCredential(c: Context<AppEnv>): boolean {
  if (c.req.path.startsWith('/oauth/') || c.req.path.startsWith('/.well-known/')) return false;
  if (c.req.header('x-api-key') !== undefined) return true;
  return /^(bearer|dpop) /i.test(c.req.header('authorization') ?? '');
}

/**
 * Requests without a credential (the sign-in pages, the token endpoint, discovery, unknown paths, an API
 * route asked without a key) count per client address, in the shared store when Redis is set; past the
 * allowance they get 429 with `Retry-After` before any work is done. Authenticated requests never count
 * here, and health, readiness and metrics are exempt.
 */
export function limitUnauthenticated(app: Hono<AppEnv>) {
  app.use('*', async (c, next) => {
    if (EXEMPT.has(c.req.path) || presentsApiCredential(c)) return next();
    const deps = c.get('deps');
    const policy = deps.config.unauthRateLimit ?? UNAUTHENTICATED_DEFAULT;
    await consumePoint(
      c,
      unauthenticatedLimiter(deps),
      policy,
      clientAddress(c),
      'Too many requests without a credential from this address',
    );
    return next();
  });
}
