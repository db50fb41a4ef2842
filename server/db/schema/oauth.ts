import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

/**
 * OAuth 2.1 authorization server state. Every secret handed out (codes, refresh tokens, session ids)
 * is stored only as a keyed hash (HMAC-SHA256 with the deployment secret).
 */
const ts = (name: string) => timestamp(name, { mode: 'date', withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** Dynamically registered public clients (RFC 7591). */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: text('redirect_uris').array().notNull(),
  createdAt: createdAt(),
});

/** One authorization (code exchange) and everything issued from it; revoking it revokes all its tokens. */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** Audience of the access tokens: the API base URL or `{base}/mcp`. */
    audience: text('audience').notNull(),
    /** JWK SHA-256 thumbprint the tokens are bound to (DPoP), when bound. */
    dpopJkt: text('dpop_jkt'),
    /** The sign-in session (its id hash) the user approved this grant in: the app's revocation ends it. */
    sessionHash: text('session_hash'),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('oauth_grants_user_idx').on(t.userId, t.clientId)],
);

/** Authorization codes: single use, short-lived, bound to client, redirect URI, PKCE challenge and resource. */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => oauthClients.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  audience: text('audience').notNull(),
  /** The resource parameter as sent at authorization (null when none). */
  resource: text('resource'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  /** The grant created when the code was exchanged (revoked if the code is presented again). */
  grantId: integer('grant_id').references(() => oauthGrants.id, { onDelete: 'cascade' }),
  /** The sign-in session the code was issued in, passed on to its grant. */
  sessionHash: text('session_hash'),
  createdAt: createdAt(),
});

/** Refresh tokens; each use retires the token and issues its successor (`parentHash` links the chain). */
export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    parentHash: text('parent_hash'),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_refresh_grant_idx').on(t.grantId)],
);

/** Issued access tokens by `jti`, so a revoked token (or one of a revoked grant) is refused until it expires. */
export const oauthAccessTokens = pgTable(
  'oauth_access_tokens',
  {
    jti: text('jti').primaryKey(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('oauth_access_grant_idx').on(t.grantId), index('oauth_access_expires_idx').on(t.expiresAt)],
);

/** DPoP proof `jti`s seen (hash of key thumbprint and jti), kept until the proof could no longer be fresh. */
export const oauthDpopJtis = pgTable(
  'oauth_dpop_jtis',
  {
    id: text('id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('oauth_dpop_expires_idx').on(t.expiresAt)],
);

/** Remembered consent per user and client. */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/** Remembered sign-ins on the authorization pages (the cookie holds the id; this holds its hash). */
export const oauthSessions = pgTable(
  'oauth_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    /** "Keep me signed in on this device": the session outlives signing out of an app (which then asks "Continue as…?"). */
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_sessions_user_idx').on(t.userId)],
);

/** Failure counters for throttling (wrong passwords per account and per address; registrations per address). */
export const oauthThrottle = pgTable('oauth_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: ts('window_start').notNull(),
  blockedUntil: ts('blocked_until'),
});

/**
 * A user's two-factor sign-in (TOTP, RFC 6238). The secret is encrypted at rest like API keys. While
 * `enabledAt` is null the secret is being set up (shown as a QR code) and does not count yet.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  enabledAt: ts('enabled_at'),
  /** The time step of the last accepted code: a code of that step or an earlier one is refused. */
  lastStep: integer('last_step').notNull().default(0),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as keyed hashes; each works once (`usedAt`). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('two_factor_recovery_user_idx').on(t.userId, t.codeHash)],
);

/**
 * A sign-in waiting for its second step after a right password: the code step (`code`), or setting up
 * two-factor when the team requires it (`setup`). The cookie holds the id; this holds its hash.
 */
export const pendingSignins = pgTable(
  'pending_signins',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['code', 'setup'] }).notNull(),
    remember: boolean('remember').notNull().default(false),
    /** The authorization request's parameters (JSON), or null for the account page. */
    params: text('params'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_signins_user_idx').on(t.userId)],
);
