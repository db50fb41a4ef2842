import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, type Database } from '../db/client.ts';
import { projects, tasks } from '../db/schema/index.ts';
import { Scope } from '../db/scope.ts';
import { Secrets } from '../lib/secrets.ts';
import { createTeam, createUser } from '../modules/users/service.ts';
import { spawnApi, type ApiProcess } from './api-process.ts';
import { withScratchPostgres } from './scratch-postgres.ts';

/** Someone who calls the API with their key. */
export interface Person {
  id: number;
  key: string;
}

/** The team the load works on: one admin, `members` members, and tasks on two public projects. */
export interface SeededTeam {
  teamId: number;
  admin: Person;
  members: Person[];
  /** Task ids as the API writes them (`ev:12`). */
  tasks: string[];
}

export interface ClusterOptions {
  /** PostgreSQL server; a scratch database is made on it and dropped afterwards. */
  postgresUrl: string;
  redisUrl: string;
  /** API processes started at once. */
  instances: number;
  members: number;
  /** Names the scratch database. */
  name: string;
  /** Environment of every instance on top of the cluster's own (RATE_LIMIT_POINTS, WEBHOOK_POLL_MS …). */
  env?: Record<string, string>;
}

/** API instances on one PostgreSQL database and one Redis, as several processes behind a load balancer. */
export interface Cluster {
  databaseUrl: string;
  /** A pool of the test's own on the same database, to check what the instances wrote. */
  database: Database;
  team: SeededTeam;
  instances: ApiProcess[];
  /** Starts one more instance with the same settings (a restart, a scale-out). */
  start(): Promise<ApiProcess>;
}

export async function seedTeam(db: Database['db'], secrets: Secrets, members: number): Promise<SeededTeam> {
  const team = await createTeam(db, 'Load team');
  const person = async (role: 'admin' | 'member', i: number) => {
    const { row, apiKey } = await createUser(db, secrets, { teamId: team.id, role, name: `${role} ${i}`, email: `${role}-${i}@load.example`, capacity: 40 * 3600 });
    return { id: row.id, key: apiKey };
  };
  const admin = await person('admin', 0);
  const people: Person[] = [];
  for (let i = 0; i < members; i++) people.push(await person('member', i));
  const scope = new Scope(db, team.id);
  const ps = await scope.insertMany(projects, [{ name: 'Client work', billing: { type: 'hourly', fee: null } }, { name: 'Internal' }]);
  const ts = await scope.insertMany(
    tasks,
    Array.from({ length: 12 }, (_, i) => ({ projectId: ps[i % ps.length]!.id, name: `Task ${i}` })),
  );
  return { teamId: team.id, admin, members: people, tasks: ts.map((t) => `ev:${t.id}`) };
}

/**
 * Runs `fn` with `instances` API processes on a scratch PostgreSQL database (migrated, with a seeded team) and a
 * Redis key prefix of their own, then stops every instance still running and drops the database.
 */
export async function withCluster<T>(opts: ClusterOptions, fn: (cluster: Cluster) => Promise<T>): Promise<T> {
  return withScratchPostgres(opts.postgresUrl, opts.name, async (databaseUrl) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-cluster-'));
    const secret = crypto.randomBytes(24).toString('base64url');
    const database = await openPostgres(databaseUrl, { max: 4 });
    const started: ApiProcess[] = [];
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: opts.redisUrl,
      REDIS_KEY_PREFIX: `tk-${opts.name}-${crypto.randomBytes(4).toString('hex')}`,
      SECRET: secret,
      DATA_DIR: dataDir,
      WEBHOOK_ALLOW_PRIVATE: '1',
      ...opts.env,
    };
    const start = async () => {
      const api = await spawnApi(env);
      started.push(api);
      return api;
    };
    try {
      const team = await seedTeam(database.db, new Secrets(secret), opts.members);
      const instances = await Promise.all(Array.from({ length: opts.instances }, start));
      return await fn({ databaseUrl, database, team, instances, start });
    } finally {
      await Promise.all(started.map((api) => api.stop('SIGTERM')));
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
