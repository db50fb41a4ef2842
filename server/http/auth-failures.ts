import type { Context } from 'hono';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientAddress } from './client-address.ts';
import type { AppEnv, Deps } from './env.ts';
import { ApiError } from './errors.ts';
import { tooManyRequests } from './rate-limit.ts';

/** The limiter of failed authentications: the one the deployment gave, or one in memory from the configuration. */
export function authFailureLimiter(deps: Deps): RateLimiterAbstract {
  const { points, durationSec } = deps.config.authFailures;
  return (deps.authFailureLimiter ??= new RateLimiterMemory({ points, duration: durationSec, keyPrefix: 'tk-auth' }));
}

/** The credential the request presents (`X-Api-Key`, else `Authorization`), if any. */
const presentedCredential = (c: Context<AppEnv>) => c.req.header('x-api-key') ?? c.req.header('authorization');

/** Claims one failure point for `key` before the check; answers how long it must wait when the claim went past the limit, else null. */
async function claim(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (over) {
    if (over instanceof RateLimiterRes) return over.msBeforeNext;
    throw over;
  }
}

/**
 * Runs `authenticate` under the limits of failed authentications, per client address and per credential
 * tried. Each try claims its point on both before it is checked (one atomic step each, in memory or in
 * Redis), and a credential that works gives its points back: so parallel tries are counted as they arrive,
 * and no more of them than the limit are answered 401 however many are in flight.
 * - Past the limit of the credential tried, it is refused with 429 and `Retry-After` without being checked
 *   (that very credential has failed too often), unless the auth cache holds it as working.
 * - Past the limit of the address, the credential is still checked: one that works is always accepted, whatever
 *   failed before it from the same address (a whole office may sit behind one address); a wrong one gets 429.
 * Requests without credentials are not counted here (the limit of unauthenticated traffic covers them).
 */
export async function limitAuthFailures<T>(c: Context<AppEnv>, authenticate: () => Promise<T>): Promise<T> {
  const credential = presentedCredential(c);
  if (credential === undefined) return authenticate();
  const deps = c.get('deps');
  const hash = deps.secrets.hash(credential);
  const apiKey = c.req.header('x-api-key') !== undefined;
  // A key the auth cache holds has just worked: nothing to limit (and no counting on the hot path).
  if (apiKey && deps.authCache?.get(`k:${hash}`)) return authenticate();
  const { points, durationSec } = deps.config.authFailures;
  const limiter = authFailureLimiter(deps);
  const keys = [`a:${clientAddress(c)}`, `c:${hash.slice(0, 32)}`] as const;
  const [byAddress, byCredential] = await Promise.all(keys.map((k) => claim(limiter, k)));
  if (byCredential != null) throw tooManyRequests(byCredential, points, durationSec, 'Too many failed sign-ins with this credential');
  const refund = () => Promise.all(keys.map((k) => limiter.reward(k, 1)));
  let result: T;
  try {
    result = await authenticate();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) {
      await refund();
      throw e;
    }
    if (byAddress != null) throw tooManyRequests(byAddress, points, durationSec, 'Too many failed sign-ins from this address');
    throw e;
  }
  await refund();
  return result;
}
