import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DatabaseInUseError, openDatabase, type Database } from './db/client.ts';
import type { Deps } from './http/env.ts';
import { serveApi } from './http/node-server.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { createLogger } from './lib/logger.ts';
import { Secrets } from './lib/secrets.ts';
import { startBackground, type Background } from './background.ts';
import { createOps } from './ops/state.ts';
import { Redis } from 'ioredis';
import { AuthCache } from './http/auth-cache.ts';

export interface StartOptions {
  /** An already-open database (migrated) to serve; the API closes it when it stops. */
  database?: Database;
}

/** Invalidations of the auth cache reach the other instances through Redis pub/sub. */
function shareThroughRedis(cache: AuthCache, url: string, channel: string) {
  const pub = new Redis(url, { maxRetriesPerRequest: 1 });
  const sub = new Redis(url);
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  const stop = cache.share(pub, sub, channel);
  return async () => {
    await stop();
    pub.disconnect();
  };
}

/** Starts the API: the only place that reads the environment. `PORT=0` picks a free port (see `url`). */
export async function startApi(env: NodeJS.ProcessEnv = process.env, opts: StartOptions = {}) {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const database = opts.database ?? (await openDatabase(config));
  const prefix = config.redisKeyPrefix;
  const rl = createRateLimiter({
    ...config.rateLimit,
    redisUrl: config.redisUrl,
    authFailures: config.authFailures,
    unauthenticated: config.unauthRateLimit,
    keyPrefix: prefix ? `${prefix}-rl` : undefined,
  });
  const authCache = new AuthCache(config.authCacheMs ?? 0);
  let unshare: (() => Promise<void>) | undefined;
  let background: Background | undefined;
  try {
    await rl.ready;
    if (config.redisUrl && authCache.enabled) unshare = shareThroughRedis(authCache, config.redisUrl, `${prefix ?? 'tk'}:auth-invalidate`);
    const ops = createOps();
    const deps: Deps = {
      ops,
      authCache,
      db: database.db,
      config,
      secrets: Secrets.load(config.secret, config.dataDir),
      logger,
      clock: () => new Date(),
      rateLimiter: rl.limiter,
      authFailureLimiter: rl.authFailures,
      unauthenticatedLimiter: rl.unauthenticated,
    };
    background = await startBackground(deps);
    const app = createApp(deps);
    const server = serveApi(app.fetch, { port: config.port, hostname: config.host });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', () => resolve());
      server.once('error', reject);
    });
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    logger.info('api listening', {
      url,
      publicUrl: config.publicUrl,
      database: database.kind,
      rateLimitStore: config.redisUrl ? 'redis' : 'memory',
    });
    const jobs = background;
    let stopped: Promise<void> | undefined;
    /**
     * Graceful stop: /ready turns 503 and answers ask clients to close their connection; the server stops
     * accepting, requests in flight finish, the webhook worker sends no more (unsent deliveries go back to
     * the queue, their leases released) and waits for the ones on the wire. What is still running after
     * SHUTDOWN_TIMEOUT_MS is cut; then the rate-limit store and the database close.
     */
    const stop = () =>
      (stopped ??= (async () => {
        ops.draining = true;
        const timeoutMs = config.shutdownTimeoutMs ?? 10_000;
        const deadline = Date.now() + timeoutMs;
        logger.info('shutting down', { timeoutMs });
        const closed = new Promise((r) => server.close(r));
        server.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
        await closed;
        clearTimeout(force);
        const late = await Promise.race([
          jobs.stop().then(() => false),
          new Promise<boolean>((r) => setTimeout(() => r(true), Math.max(0, deadline - Date.now())).unref()),
        ]);
        if (late) logger.warn('background work still running at the shutdown timeout; its leases expire on their own');
        await rl.close();
        await unshare?.();
        await database.close();
        logger.info('stopped');
      })());
    return { config, url, port, database, ops, server, stop };
  } catch (e) {
    await background?.stop();
    await rl.close();
    await unshare?.();
    await database.close();
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const api = await startApi();
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      process.on(sig, () => {
        // A second signal, or a stop that overruns its timeout by 5 s, ends the process at once.
        if (api.ops.draining) process.exit(1);
        setTimeout(() => process.exit(1), (api.config.shutdownTimeoutMs ?? 10_000) + 5000).unref();
        void api.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  } catch (e) {
    if (e instanceof DatabaseInUseError || (e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(e instanceof DatabaseInUseError ? e.message : `Port already in use: ${(e as Error).message}`);
      process.exit(1);
    }
    throw e;
  }
}
