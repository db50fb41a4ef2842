import crypto from 'node:crypto';
import pg from 'pg';

/**
 * Runs `fn` with the URL of a fresh, empty database on the PostgreSQL server at `serverUrl`,
 * and drops that database afterwards, whatever happens.
 */
export async function withScratchPostgres<T>(serverUrl: string, prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `tk_scratch_${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}
