import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Scope } from '../db/scope.ts';
import type { teams, users } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';
import type { Secrets } from '../lib/secrets.ts';
import type { Ops } from '../ops/state.ts';
import type { AuthCache } from './auth-cache.ts';

export type UserRow = typeof users.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;

/** Who is calling, and with what. */
export interface Caller {
  user: UserRow;
  team: TeamRow;
  /** How the caller authenticated; `key` is the rate-limit key (never the raw credential). */
  credential: { kind: 'apiKey' | 'token'; key: string; clientId?: string; app?: string | null };
}

/** Resolves a bearer/DPoP token into a user id (the OAuth module provides one); throws a 401 ApiError with the reason when it refuses. */
/** `app`: the name of the app acting for the user, null for the product's own web app. */
export type TokenVerifier = (req: Request, resource: 'api' | 'mcp') => Promise<{ userId: number; clientId: string; app: string | null } | null>;

/** What the app is built from; only the entry point reads the environment. */
export interface Deps {
  db: Db;
  config: Config;
  secrets: Secrets;
  logger: Logger;
  clock: () => Date;
  rateLimiter: RateLimiterAbstract;
  /** Failed authentications per client address; in memory from `config.authFailures` when absent. */
  authFailureLimiter?: RateLimiterAbstract;
  /** Requests without a credential per client address; in memory from `config.unauthRateLimit` when absent. */
  unauthenticatedLimiter?: RateLimiterAbstract;
  verifyToken?: TokenVerifier;
  /** Resolved callers per credential (see AuthCache); the app makes one from `config.authCacheMs` when absent. */
  authCache?: AuthCache;
  /** Metrics and shutdown state; the app makes its own when absent. */
  ops?: Ops;
  /** Check every success body against the contract (tests). */
  checkResponses?: boolean;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    caller: Caller;
    scope: Scope;
  };
}
