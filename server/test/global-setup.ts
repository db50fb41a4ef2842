import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, openPostgres } from '../db/client.ts';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string | null;
  }
}

/** Migrates one embedded template (and one PostgreSQL template database) that every test file copies. */
export default async function setup(project: TestProject) {
  const dir = path.resolve('.tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  const client = await PGlite.create();
  await migrate(fromPglite(client).db as never, { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);

  let pgTemplate: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    pgTemplate = `tk_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgTemplate}`);
    await admin.query(`CREATE DATABASE ${pgTemplate}`);
    await admin.end();
    const db = await openPostgres(withDatabase(url, pgTemplate));
    await db.close();
  }
  project.provide('pgTemplate', pgTemplate);

  return async () => {
    fs.rmSync(file, { force: true });
    if (url && pgTemplate) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'tk_t_${process.pid}_%' OR datname = $1`, [pgTemplate]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
