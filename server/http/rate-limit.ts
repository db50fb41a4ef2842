import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';

export interface RateLimiterHandle {
  limiter: RateLimiterAbstract;
  /** Failed authentications per client address (same store). */
  authFailures: RateLimiterAbstract;
  /** Requests without a credential per client address (same store). */
  unauthenticated: RateLimiterAbstract;
  /** Settles once the store can count (Redis connected, or gave up: then the in-memory insurance counts). */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface LimiterOptions {
  points: number;
  durationSec: number;
  redisUrl?: string | undefined;
  keyPrefix?: string | undefined;
  /** Failed authentications per address and window (30 per 60 s unless given). */
  authFailures?: { points: number; durationSec: number };
  /** Requests without a credential per address and window (600 per 60 s unless given). */
  unauthenticated?: { points: number; durationSec: number };
}

/** 100 requests per 10 s per credential, and failed authentications per address; in memory, or shared through Redis when a URL is given. */
export function createRateLimiter(opts: LimiterOptions): RateLimiterHandle {
  const prefix = opts.keyPrefix ?? 'tk-rl';
  const base = { points: opts.points, duration: opts.durationSec, keyPrefix: prefix };
  const failures = { points: opts.authFailures?.points ?? 30, duration: opts.authFailures?.durationSec ?? 60, keyPrefix: `${prefix}-auth` };
  const anonymous = {
    points: opts.unauthenticated?.points ?? 600,
    duration: opts.unauthenticated?.durationSec ?? 60,
    keyPrefix: `${prefix}-anon`,
  };
  if (!opts.redisUrl)
    return {
      limiter: new RateLimiterMemory(base),
      authFailures: new RateLimiterMemory(failures),
      unauthenticated: new RateLimiterMemory(anonymous),
      ready: Promise.resolve(),
      close: async () => undefined,
    };
  const redis = new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => undefined);
  // Without the offline queue, commands sent before the connection is up fail over to the insurance
  // limiter (per instance), so callers wait for `ready` before serving.
  const ready = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, 5000);
    redis.once('ready', done);
  });
  const limiter = new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: new RateLimiterMemory(base) });
  const authFailures = new RateLimiterRedis({ ...failures, storeClient: redis, insuranceLimiter: new RateLimiterMemory(failures) });
  const unauthenticated = new RateLimiterRedis({ ...anonymous, storeClient: redis, insuranceLimiter: new RateLimiterMemory(anonymous) });
  return { limiter, authFailures, unauthenticated, ready, close: async () => void redis.disconnect() };
}

/** Consumes one point of the credential's limit for `key`; sets the RateLimit headers; throws 429 past the limit. */
export async function consumeRateLimit(c: Context<AppEnv>, key: string) {
  const { rateLimiter, config } = c.get('deps');
  await consumePoint(c, rateLimiter, config.rateLimit, key);
}

/** Consumes one point of `limiter` (a policy of `points` per `durationSec`) for `key`; sets the RateLimit headers; throws 429 past the limit. */
export async function consumePoint(
  c: Context<AppEnv>,
  limiter: RateLimiterAbstract,
  { points, durationSec }: { points: number; durationSec: number },
  key: string,
  message?: string,
) {
  c.header('RateLimit-Policy', `${points};w=${durationSec}`);
  try {
    const res = await limiter.consume(key);
    c.header('RateLimit', `limit=${points}, remaining=${res.remainingPoints}, reset=${Math.ceil(res.msBeforeNext / 1000)}`);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    throw tooManyRequests(e.msBeforeNext, points, durationSec, message);
  }
}

/** 429 with Retry-After and the RateLimit headers of a policy of `points` per `durationSec`. */
export function tooManyRequests(msBeforeNext: number, points: number, durationSec: number, message = 'Too many requests') {
  const retry = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiError(429, `${message}; retry in ${retry} s`, undefined, {
    'Retry-After': String(retry),
    'RateLimit-Policy': `${points};w=${durationSec}`,
    RateLimit: `limit=${points}, remaining=0, reset=${retry}`,
  });
}
