import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schema from './schema/index.ts';
import { allRoutes } from '../../contract/index.ts';

// A number at the top of a request body must fit every database column of the same name: a value the contract
// lets through but the column cannot hold fails in the database (a 500) instead of answering 422. Nested
// values are kept in jsonb columns, which hold any JSON number.

const INT4 = 2_147_483_647;
const RANGES: Record<string, [number, number]> = {
  PgSmallInt: [-32_768, 32_767],
  PgSmallSerial: [-32_768, 32_767],
  PgInteger: [-INT4 - 1, INT4],
  PgSerial: [-INT4 - 1, INT4],
  PgBigInt53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  PgBigSerial53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  PgReal: [-3.4028234663852886e38, 3.4028234663852886e38],
};

/** Numeric columns by their property name: the narrowest range among the tables having one of that name. */
function numericColumns(): Map<string, { range: [number, number]; where: string[] }> {
  const out = new Map<string, { range: [number, number]; where: string[] }>();
  for (const [tableName, table] of Object.entries(schema)) {
    if (!is(table, PgTable)) continue;
    for (const [key, col] of Object.entries(getTableColumns(table))) {
      const range = RANGES[col.columnType];
      if (!range || col.dimensions) continue;
      const seen = out.get(key);
      out.set(key, {
        range: seen ? [Math.max(seen.range[0], range[0]), Math.min(seen.range[1], range[1])] : range,
        where: [...(seen?.where ?? []), `${tableName}.${key} (${col.columnType})`],
      });
    }
  }
  return out;
}

type Json = { [k: string]: unknown };
interface Leaf {
  path: string;
  name: string;
  min: number;
  max: number;
}

/** Every number a body schema accepts, with the name of the property holding it and its bounds. */
function numberLeaves(s: unknown, path: string, name: string, out: Leaf[]) {
  if (!s || typeof s !== 'object') return;
  const j = s as Json;
  if (j.type === 'integer' || j.type === 'number') {
    const min = (j.minimum ?? j.exclusiveMinimum ?? -Infinity) as number;
    const max = (j.maximum ?? j.exclusiveMaximum ?? Infinity) as number;
    out.push({ path, name, min, max });
  }
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const x of (j[k] as unknown[] | undefined) ?? []) numberLeaves(x, path, name, out);
  for (const [k, v] of Object.entries((j.properties as Json | undefined) ?? {})) numberLeaves(v, `${path}.${k}`, k, out);
  if (j.items) numberLeaves(j.items, `${path}[]`, name, out);
  if (j.additionalProperties && typeof j.additionalProperties === 'object') numberLeaves(j.additionalProperties, `${path}{}`, '', out);
}

describe('contract bounds and database columns', () => {
  it('every number a request body accepts fits the columns of the same name', () => {
    const columns = numericColumns();
    expect(columns.get('rate')?.range).toEqual([-INT4 - 1, INT4]);
    const mismatches: string[] = [];
    let checked = 0;
    for (const r of allRoutes()) {
      if (!r.body) continue;
      const leaves: Leaf[] = [];
      numberLeaves(z.toJSONSchema(r.body, { io: 'input', unrepresentable: 'any' }), 'body', '', leaves);
      for (const leaf of leaves) {
        const col = leaf.path.split('.').length === 2 ? columns.get(leaf.name) : undefined;
        if (!col) continue;
        checked++;
        if (leaf.min < col.range[0] || leaf.max > col.range[1])
          mismatches.push(`${r.method.toUpperCase()} ${r.path} ${leaf.path} accepts ${leaf.min}..${leaf.max}; ${col.where.join(', ')} hold ${col.range[0]}..${col.range[1]}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(mismatches).toEqual([]);
  });
});
