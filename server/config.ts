import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** The API's own base URL (OAuth issuer and audience). No trailing slash. */
  publicUrl: string;
  /** Origins allowed by CORS (and as OAuth redirect targets in development). */
  webOrigins: string[];
  /** Secret for encryption at rest; when absent, a secret file in dataDir is used. */
  secret: string | undefined;
  webhookAllowPrivate: boolean;
  rateLimit: { points: number; durationSec: number };
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

/** The one place that reads the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const host = env.HOST ?? '127.0.0.1';
  const publicUrl = (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicUrl,
    webOrigins: (env.WEB_ORIGINS ?? 'http://127.0.0.1:5173,http://localhost:5173')
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    secret: env.SECRET || undefined,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
    rateLimit: { points: Number(env.RATE_LIMIT_POINTS ?? 100), durationSec: Number(env.RATE_LIMIT_WINDOW ?? 10) },
    logLevel: (env.LOG_LEVEL as Config['logLevel']) ?? 'info',
  };
}
