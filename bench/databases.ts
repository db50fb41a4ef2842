import { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fromPglite, migrationsFolder, openPostgres, type Database } from '../server/db/client.ts';
import { withScratchPostgres } from '../server/test/scratch-postgres.ts';
import type { BenchContext, BenchResult } from './types.ts';

export { quantile } from '../server/test/load-client.ts';

/**
 * Runs `measure` on a fresh migrated PGlite, then on a scratch PostgreSQL database when the bench was given
 * one (dropped afterwards), and returns the figures of both.
 */
export async function onEachDatabase(
  ctx: BenchContext,
  prefix: string,
  measure: (database: Database, kind: 'pglite' | 'postgres') => Promise<BenchResult[]>,
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const embedded = fromPglite(await PGlite.create());
  await migrate(embedded.db as never, { migrationsFolder });
  try {
    results.push(...(await measure(embedded, 'pglite')));
  } finally {
    await embedded.close();
  }
  if (ctx.postgresUrl) {
    await withScratchPostgres(ctx.postgresUrl, prefix, async (url) => {
      const database = await openPostgres(url);
      try {
        results.push(...(await measure(database, 'postgres')));
      } finally {
        await database.close();
      }
    });
  }
  return results;
}
