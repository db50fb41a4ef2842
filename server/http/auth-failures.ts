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

const presentsCredentials = (c: Context<AppEnv>) => c.req.header('x-api-key') !== undefined || c.req.header('authorization') !== undefined;

/**
 * Runs `authenticate` under the per-address limit of failed authentications: an address that presented
 * more bad credentials than the window allows gets 429 for every credential until the window passes
 * (a right guess then looks like a wrong one, so guessing learns nothing). Requests without credentials
 * are not counted.
 */
export async function limitAuthFailures<T>(c: Context<AppEnv>, authenticate: () => Promise<T>): Promise<T> {
  const deps = c.get('deps');
  const { points, durationSec } = deps.config.authFailures;
  const limiter = authFailureLimiter(deps);
  const key = clientAddress(c);
  const message = 'Too many failed sign-ins from this address';
  const seen = await limiter.get(key);
  if (seen && seen.consumedPoints >= points) throw tooManyRequests(seen.msBeforeNext, points, durationSec, message);
  try {
    return await authenticate();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401 && presentsCredentials(c)) {
      try {
        await limiter.consume(key);
      } catch (over) {
        if (over instanceof RateLimiterRes) throw tooManyRequests(over.msBeforeNext, points, durationSec, message);
        throw over;
      }
    }
    throw e;
  }
}
