import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DatabaseInUseError extends Error {}

/** Opens the embedded database in `dataDir`, holding a lock file so no second process opens it. */
export async function openPglite(dataDir: string, opts: { migrate?: boolean } = {}): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(path.join(dataDir, 'db.lock'));
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'));
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/** Wraps an already-open PGlite (tests clone a migrated template into memory). */
export function fromPglite(client: PGlite): Database {
  return { db: drizzlePglite(client, { schema }) as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Opens PostgreSQL at `url`; migrations run under an advisory lock so several instances can start at once. */
export async function openPostgres(url: string, opts: { migrate?: boolean; max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  pool.on('error', () => undefined);
  pool.on('connect', queueQueries);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (opts.migrate !== false) {
    const conn = await pool.connect();
    try {
      await conn.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
    } finally {
      await conn.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
      conn.release();
    }
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * A transaction runs on one connection, and presenters inside one may ask several things at once
 * (`Promise.all`). pg would queue them itself, but that queue is deprecated ("Calling client.query() when
 * the client is already executing a query"): the connection's promise-style queries wait here for the one
 * before instead. Callback-style and submittable queries (the pool's own, cursors) pass through.
 */
export function queueQueries(client: pg.PoolClient | pg.Client) {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return original(...args);
    const run = tail.then(() => original(...args));
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}

export async function openDatabase(cfg: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(cfg.dataDir);
}

function acquireLock(file: string): () => void {
  try {
    const fd = fs.openSync(file, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  } catch {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DatabaseInUseError(
        `The embedded database in ${path.dirname(file)} is in use by process ${pid} (a running API?). Stop it first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
    fs.writeFileSync(file, String(process.pid));
  }
  return () => fs.rmSync(file, { force: true });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const ping = (db: Db) => db.execute(sql`select 1`);
