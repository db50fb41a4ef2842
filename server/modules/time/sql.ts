import { sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope.ts';

/** `any('{1,2,3}'::int[])`: one parameter however many ids (ids are integers, so the literal is safe). */
export const anyInt = (ids: readonly number[]) => sql`any(${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[])`;

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(scope: Scope, query: SQL): Promise<T[]> {
  const result = (await scope.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
