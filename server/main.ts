import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DatabaseInUseError, openDatabase } from './db/client.ts';
import type { Deps } from './http/env.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { createLogger } from './lib/logger.ts';
import { Secrets } from './lib/secrets.ts';
import { startBackground } from './background.ts';

/** Starts the API: the only place that reads the environment. */
export async function startApi(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config);
  const rl = createRateLimiter({ ...config.rateLimit, redisUrl: config.redisUrl });
  const deps: Deps = {
    db: database.db,
    config,
    secrets: Secrets.load(config.secret, config.dataDir),
    logger,
    clock: () => new Date(),
    rateLimiter: rl.limiter,
  };
  const background = await startBackground(deps);
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  logger.info('api listening', { url: config.publicUrl, database: database.kind, rateLimitStore: config.redisUrl ? 'redis' : 'memory' });
  const stop = async () => {
    await new Promise((r) => server.close(r));
    await background.stop();
    await rl.close();
    await database.close();
  };
  return { config, stop };
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
