import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.ts';

// Queries asked at once inside a transaction (presenters use Promise.all) wait for each other in our code,
// not in pg's deprecated internal queue, and keep their order and results.
describe('several queries at once in one transaction', () => {
  it('all answer, in order, without the pg queue warning', async () => {
    const database = await freshDatabase();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const answers = await database.db.transaction(async (tx) =>
        Promise.all(Array.from({ length: 20 }, (_, i) => tx.execute(sql`select ${i}::int as n, pg_sleep(0.001)`))),
      );
      const rows = answers.map((a) => ((a as { rows?: { n: number }[] }).rows ?? (a as unknown as { n: number }[]))[0]!.n);
      expect(rows).toEqual(Array.from({ length: 20 }, (_, i) => i));
      // A failing one rolls the transaction back and the others still settle.
      await expect(database.db.transaction(async (tx) => Promise.all([tx.execute(sql`select 1`), tx.execute(sql`select 1/0`)]))).rejects.toThrow();
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await database.close();
    }
  });
});
