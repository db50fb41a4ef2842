import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { fromPglite, openPostgres, type Database } from '../db/client.ts';
import { Scope } from '../db/scope.ts';
import type { Deps } from '../http/env.ts';
import { createLogger } from '../lib/logger.ts';
import { Secrets } from '../lib/secrets.ts';
import { createRateLimiter, type RateLimiterHandle } from '../http/rate-limit.ts';
import { createTeam, createUser } from '../modules/users/service.ts';
import type { Role } from '../../contract/users.ts';
import { withDatabase } from './global-setup.ts';

export const TEST_PUBLIC_URL = 'http://api.test';

/** A fresh database for one test file: the migrated template, embedded, or on PostgreSQL when `TEST_DATABASE_URL` is set. */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (url && pgTemplate) {
    const name = `tk_t_${pgTemplate.split('_').pop()}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    const dbUrl = withDatabase(url, name);
    return Object.assign(await openPostgres(dbUrl, { migrate: false, max: 5 }), { url: dbUrl });
  }
  const blob = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return fromPglite(await PGlite.create({ loadDataDir: blob }));
}

export interface TestUser {
  id: number;
  teamId: number;
  role: Role;
  key: string;
  email: string;
}

export interface Response<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export type TestContext = Awaited<ReturnType<typeof setupTestApp>>;

/**
 * The app in-process on a fresh database, with helpers to make teams and users and to call it.
 * Closes itself after the file's tests.
 */
export async function setupTestApp(
  opts: { config?: Partial<Config>; deps?: Partial<Deps>; rateLimitPoints?: number; rateLimitKeyPrefix?: string } = {},
) {
  const database = await freshDatabase();
  const base = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: '.tmp/test-data', WEBHOOK_ALLOW_PRIVATE: '1' });
  // Generous limits unless a test asks (every in-process request comes from the same unknown address).
  const config: Config = {
    ...base,
    rateLimit: { points: opts.rateLimitPoints ?? 100_000, durationSec: 10 },
    authFailures: { points: 100_000, durationSec: 60 },
    unauthRateLimit: { points: 100_000, durationSec: 60 },
    // Tests change rows under the API's feet (SQL); the cache has its own tests (server/http/auth-cache.test.ts).
    authCacheMs: 0,
    ...opts.config,
  };
  const limiters: RateLimiterHandle[] = [];
  const newLimiter = async () => {
    const handle = createRateLimiter({
      ...config.rateLimit,
      redisUrl: config.redisUrl,
      keyPrefix: opts.rateLimitKeyPrefix,
      authFailures: config.authFailures,
      unauthenticated: config.unauthRateLimit,
    });
    limiters.push(handle);
    await handle.ready;
    return handle;
  };
  const rl = await newLimiter();
  const secrets = new Secrets('test-secret');
  const deps: Deps = {
    db: database.db,
    config,
    secrets,
    logger: createLogger(process.env.TEST_LOG === '1' ? 'debug' : 'silent'),
    clock: () => new Date(),
    rateLimiter: rl.limiter,
    authFailureLimiter: rl.authFailures,
    unauthenticatedLimiter: rl.unauthenticated,
    checkResponses: true,
    ...opts.deps,
  };
  const app = createApp(deps);
  afterAll(async () => {
    await Promise.all(limiters.map((l) => l.close()));
    await database.close();
  });

  let counter = 0;
  const ctx = {
    app,
    deps,
    db: database.db,
    database,
    /** A new team; `name` defaults to a unique one. */
    async team(name = `Team ${++counter}`) {
      return createTeam(database.db, name);
    },
    /** A new user of `teamId` with `role`. */
    async user(
      teamId: number,
      role: Role = 'member',
      extra: { name?: string; rate?: number; cost?: number; password?: string; timezone?: number } = {},
    ): Promise<TestUser> {
      const n = ++counter;
      const email = `user${n}-${crypto.randomBytes(3).toString('hex')}@example.test`;
      const { row, apiKey } = await createUser(database.db, secrets, { teamId, role, email, name: extra.name ?? `${role} ${n}`, ...extra });
      return { id: row.id, teamId, role, key: apiKey, email };
    },
    /** A team with one user of each role. */
    async roles() {
      const team = await ctx.team();
      const [admin, supervisor, member, limited] = await Promise.all([
        ctx.user(team.id, 'admin'),
        ctx.user(team.id, 'supervisor'),
        ctx.user(team.id, 'member'),
        ctx.user(team.id, 'member_limited'),
      ]);
      return { team, admin: admin!, supervisor: supervisor!, member: member!, limited: limited! };
    },
    scope: (teamId: number) => new Scope(database.db, teamId),
    /** Another app instance on the same database with its own rate limiter (as behind a load balancer). */
    async instance() {
      const handle = await newLimiter();
      return createApp({
        ...deps,
        rateLimiter: handle.limiter,
        authFailureLimiter: handle.authFailures,
        unauthenticatedLimiter: handle.unauthenticated,
      });
    },
    /** Calls the app (or `via`, another instance); `as` is a user (API key) or a headers object. */
    async call<T = any>(
      method: string,
      path: string,
      opts: { as?: TestUser | null; body?: unknown; raw?: string; headers?: Record<string, string>; via?: App } = {},
    ): Promise<Response<T>> {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.as) headers['X-Api-Key'] = opts.as.key;
      let body: string | undefined;
      if (opts.raw !== undefined) body = opts.raw;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['Content-Type'] ??= 'application/json';
      const res = await (opts.via ?? app).request(path, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed as T, headers: res.headers };
    },
    /** Accepts the invitation at `invitationUrl` (from POST /team/users) with `password`, as the invited person's browser does; answers the page. */
    async acceptInvitation(invitationUrl: string, password = 'correct horse battery', confirm = password) {
      const token = new URL(invitationUrl).searchParams.get('token') ?? '';
      const res = await app.request('/invitation', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, password, confirm }).toString(),
      });
      return { status: res.status, html: await res.text() };
    },
  };
  return ctx;
}
