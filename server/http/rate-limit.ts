import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';

export interface RateLimiterHandle {
  limiter: RateLimiterAbstract;
  /** Settles once the store can count (Redis connected, or gave up: then the in-memory insurance counts). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** 100 requests per 10 s per credential; in memory, or shared through Redis when a URL is given. */
export function createRateLimiter(opts: { points: number; durationSec: number; redisUrl?: string | undefined; keyPrefix?: string }): RateLimiterHandle {
  const base = { points: opts.points, duration: opts.durationSec, keyPrefix: opts.keyPrefix ?? 'tk-rl' };
  if (!opts.redisUrl) return { limiter: new RateLimiterMemory(base), ready: Promise.resolve(), close: async () => undefined };
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
  return { limiter, ready, close: async () => void redis.disconnect() };
}

/** Consumes one point for `key`; sets the RateLimit headers; throws 429 past the limit. */
export async function consumeRateLimit(c: Context<AppEnv>, key: string) {
  const { rateLimiter: limiter, config } = c.get('deps');
  const { points, durationSec } = config.rateLimit;
  c.header('RateLimit-Policy', `${points};w=${durationSec}`);
  try {
    const res = await limiter.consume(key);
    c.header('RateLimit', `limit=${points}, remaining=${res.remainingPoints}, reset=${Math.ceil(res.msBeforeNext / 1000)}`);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    const retry = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw new ApiError(429, `Too many requests; retry in ${retry} s`, undefined, {
      'Retry-After': String(retry),
      'RateLimit-Policy': `${points};w=${durationSec}`,
      RateLimit: `limit=${points}, remaining=0, reset=${retry}`,
    });
  }
}
