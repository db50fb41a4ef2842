import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from './http/client-address.ts';

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
  /** Webhook delivery settings (WEBHOOK_*). */
  webhooks: WebhookSettings;
  rateLimit: { points: number; durationSec: number };
  /** Requests without a credential allowed per client address and window (UNAUTH_RATE_POINTS, UNAUTH_RATE_WINDOW). */
  unauthRateLimit?: { points: number; durationSec: number };
  /** Which peers may tell the client's address in `X-Forwarded-For` / `Forwarded` (TRUST_PROXY; nobody by default). */
  trustProxy?: TrustProxy;
  /** Failed authentications allowed per client address and window before it gets 429 (AUTH_FAILURE_POINTS, AUTH_FAILURE_WINDOW). */
  authFailures: { points: number; durationSec: number };
  /** Bytes of attachments each user may keep stored (UPLOAD_QUOTA_MB, 250 MB). */
  uploadQuotaBytes: number;
  /** OAuth sign-ins (per 15 min) and client registrations (per hour) free per client address (OAUTH_PER_ADDRESS, 20). */
  oauthPerAddress?: number;
  /** How long a resolved caller is reused before the database is asked again (AUTH_CACHE_MS, 2 s; 0 turns the cache off). */
  authCacheMs?: number;
  /** Prefix of this deployment's keys and channels in Redis (REDIS_KEY_PREFIX, `tk`). */
  redisKeyPrefix?: string;
  /** Bearer token that opens GET /metrics (METRICS_TOKEN); without it the endpoint answers 404. */
  metricsToken?: string | undefined;
  /** How long shutdown waits for requests and webhook deliveries in flight before cutting them (SHUTDOWN_TIMEOUT_MS, 10 s). */
  shutdownTimeoutMs?: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Where notification emails go out (SMTP_URL, `smtp://` or `smtps://`); without it no email is sent. */
  smtpUrl?: string | undefined;
  /** Sender of notification emails (MAIL_FROM, `Timekeep <timekeep@localhost>`). */
  mailFrom?: string;
  /** How often the API sends the reminders due (REMINDERS_INTERVAL_MS, 1 min; 0 turns the scheduler off). */
  remindersIntervalMs?: number;
}

/** Timings of webhook handshakes and deliveries. Durations in milliseconds. */
export interface WebhookSettings {
  /** Handshake and delivery timeout (WEBHOOK_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
  /** First retry delay; doubles per attempt, with jitter (WEBHOOK_RETRY_BASE_MS, 30 s). */
  retryBaseMs: number;
  /** Longest retry delay (WEBHOOK_RETRY_MAX_MS, 1 h). */
  retryMaxMs: number;
  /** A hook is disabled after this many failed attempts in a row (WEBHOOK_DISABLE_AFTER_FAILURES, 10) … */
  disableAfterFailures: number;
  /** … spanning at least this long (WEBHOOK_DISABLE_AFTER_MS, 24 h). */
  disableAfterMs: number;
  /** Events, deliveries and the delivery log are kept this long (WEBHOOK_RETENTION_MS, 7 days). */
  retentionMs: number;
  /** How often the worker looks for due work when idle (WEBHOOK_POLL_MS, 250 ms). */
  pollMs: number;
  /** Hooks served at once by one worker (WEBHOOK_CONCURRENCY, 8). */
  concurrency: number;
  /** Resolves a host name to addresses; system DNS when absent (tests inject one). */
  resolve?: (hostname: string) => Promise<string[]>;
}

const envMs = (env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of at least ${min}, got "${raw}"`);
  return n;
};

export function loadWebhookSettings(env: NodeJS.ProcessEnv = {}): WebhookSettings {
  return {
    timeoutMs: envMs(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 1),
    retryBaseMs: envMs(env, 'WEBHOOK_RETRY_BASE_MS', 30_000),
    retryMaxMs: envMs(env, 'WEBHOOK_RETRY_MAX_MS', 3_600_000),
    disableAfterFailures: envMs(env, 'WEBHOOK_DISABLE_AFTER_FAILURES', 10, 1),
    disableAfterMs: envMs(env, 'WEBHOOK_DISABLE_AFTER_MS', 86_400_000),
    retentionMs: envMs(env, 'WEBHOOK_RETENTION_MS', 7 * 86_400_000, 1),
    pollMs: envMs(env, 'WEBHOOK_POLL_MS', 250, 1),
    concurrency: envMs(env, 'WEBHOOK_CONCURRENCY', 8, 1),
  };
}

export const DEFAULT_MAIL_FROM = 'Timekeep <timekeep@localhost>';

function smtpUrlOf(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}"`);
  return raw;
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
    webhooks: loadWebhookSettings(env),
    rateLimit: { points: Number(env.RATE_LIMIT_POINTS ?? 100), durationSec: Number(env.RATE_LIMIT_WINDOW ?? 10) },
    unauthRateLimit: { points: envMs(env, 'UNAUTH_RATE_POINTS', 600, 1), durationSec: envMs(env, 'UNAUTH_RATE_WINDOW', 60, 1) },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    authFailures: { points: envMs(env, 'AUTH_FAILURE_POINTS', 30, 1), durationSec: envMs(env, 'AUTH_FAILURE_WINDOW', 60, 1) },
    uploadQuotaBytes: envMs(env, 'UPLOAD_QUOTA_MB', 250, 1) * 1024 * 1024,
    oauthPerAddress: envMs(env, 'OAUTH_PER_ADDRESS', 20, 1),
    authCacheMs: envMs(env, 'AUTH_CACHE_MS', 2_000, 0),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownTimeoutMs: envMs(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0),
    logLevel: (env.LOG_LEVEL as Config['logLevel']) ?? 'info',
    smtpUrl: smtpUrlOf(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    remindersIntervalMs: envMs(env, 'REMINDERS_INTERVAL_MS', 60_000, 0),
  };
}
