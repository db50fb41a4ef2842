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

/** Counts one failure for `key`; answers how long it must wait when that failure went past the limit, else null. */
async function countFailure(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
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
 * tried. A credential that works is always accepted, whatever failed before it from the same address (a
 * whole office may sit behind one address). A failure counts against both; past either limit it is
 * answered 429 with `Retry-After` instead of 401, so a guesser is told to wait. Failures are counted as they
 * happen (one atomic step each), so parallel failures cannot pass the limit unanswered by a 429. Requests
 * without credentials are not counted here (the limit of unauthenticated traffic covers them).
 */
export async function limitAuthFailures<T>(c: Context<AppEnv>, authenticate: () => Promise<T>): Promise<T> {
  try {
    return await authenticate();
  } catch (e) {
    const credential = presentedCredential(c);
    if (!(e instanceof ApiError && e.status === 401) || credential === undefined) throw e;
    const deps = c.get('deps');
    const { points, durationSec } = deps.config.authFailures;
    const limiter = authFailureLimiter(deps);
    const [byAddress, byCredential] = await Promise.all([
      countFailure(limiter, `a:${clientAddress(c)}`),
      countFailure(limiter, `c:${deps.secrets.hash(credential).slice(0, 32)}`),
    ]);
    if (byAddress !== null) throw tooManyRequests(byAddress, points, durationSec, 'Too many failed sign-ins from this address');
    if (byCredential !== null) throw tooManyRequests(byCredential, points, durationSec, 'Too many failed sign-ins with this credential');
    throw e;
  }
}
