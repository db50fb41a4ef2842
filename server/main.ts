import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DatabaseInUseError, openDatabase, type Database } from './db/client.ts';
import type { Deps } from './http/env.ts';
import { serveApi } from './http/node-server.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { createLogger } from './lib/logger.ts';
import { Secrets } from './lib/secrets.ts';
import { startBackground, type Background } from './background.ts';

export interface StartOptions {
  /** An already-open database (migrated) to serve; the API closes it when it stops. */
  database?: Database;
}

/** Starts the API: the only place that reads the environment. `PORT=0` picks a free port (see `url`). */
export async function startApi(env: NodeJS.ProcessEnv = process.env, opts: StartOptions = {}) {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const database = opts.database ?? (await openDatabase(config));
  const rl = createRateLimiter({ ...config.rateLimit, redisUrl: config.redisUrl, authFailures: config.authFailures });
  let background: Background | undefined;
  try {
    await rl.ready;
    const deps: Deps = {
      db: database.db,
      config,
      secrets: Secrets.load(config.secret, config.dataDir),
      logger,
      clock: () => new Date(),
      rateLimiter: rl.limiter,
      authFailureLimiter: rl.authFailures,
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
    const stop = async () => {
      // Finish requests in flight; connections still open after 5 s (a stuck client) are cut.
      const force = setTimeout(() => server.closeAllConnections(), 5000);
      await new Promise((r) => server.close(r));
      clearTimeout(force);
      await jobs.stop();
      await rl.close();
      await database.close();
    };
    return { config, url, port, database, stop };
  } catch (e) {
    await background?.stop();
    await rl.close();
    await database.close();
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const api = await startApi();
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      process.once(sig, () => {
        void api.stop().finally(() => process.exit(0));
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
