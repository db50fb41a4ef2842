import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/client.ts';
import type { Deps } from '../server/http/env.ts';
import { createRateLimiter } from '../server/http/rate-limit.ts';
import { createLogger } from '../server/lib/logger.ts';
import { Secrets } from '../server/lib/secrets.ts';

/** The API in-process on `database`, with a rate limit no benchmark reaches. */
export function appOn(database: Database, dataDir: string) {
  const config = {
    ...loadConfig({ PUBLIC_URL: 'http://bench.test', DATA_DIR: dataDir }),
    rateLimit: { points: 1_000_000, durationSec: 10 },
  };
  const rl = createRateLimiter(config.rateLimit);
  const secrets = new Secrets('bench-secret');
  const deps: Deps = { db: database.db, config, secrets, logger: createLogger('silent'), clock: () => new Date(), rateLimiter: rl.limiter };
  return { app: createApp(deps), secrets, close: () => rl.close() };
}
