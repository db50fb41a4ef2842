import { dateString } from '../../../contract/common.ts';
import type { customFields, StoredFieldOption } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';

export type FieldRow = typeof customFields.$inferSelect;
type Value = string | number | boolean;

/** Options as sent: existing ones keep their id (which must exist), new ones get the next free id. */
export function assignOptionIds(
  input: { id?: number | undefined; name: string; color?: string | null | undefined }[],
  existing: StoredFieldOption[],
): StoredFieldOption[] {
  const known = new Set(existing.map((o) => o.id));
  let next = Math.max(0, ...existing.map((o) => o.id), ...input.map((o) => o.id ?? 0)) + 1;
  const seen = new Set<number>();
  return input.map((o, i) => {
    if (o.id !== undefined && !known.has(o.id)) throw invalid(`options.${i}.id`, `There is no option with id ${o.id}`);
    const id = o.id ?? next++;
    if (seen.has(id)) throw invalid(`options.${i}.id`, `Option id ${id} appears twice`);
    seen.add(id);
    return { id, name: o.name, color: o.color ?? null };
  });
}

const decimalsOf = (n: number) => {
  if (Number.isInteger(n)) return 0;
  const s = String(n);
  const exp = /e-(\d+)$/.exec(s);
  if (exp) return Number(exp[1]) + (s.split('e')[0]!.split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
};

/**
 * Checks `value` against the field's type and options; answers the value to store. `isTeamUser`
 * answers whether a user id belongs to the caller's team (for `user` fields).
 */
export async function validateFieldValue(field: FieldRow, value: Value, isTeamUser: (id: number) => Promise<boolean>): Promise<Value> {
  const fail = (message: string) => invalid('value', message);
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') throw fail('Must be text');
      return value;
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw fail('Must be a number');
      const d = field.format.decimals;
      if (d !== undefined && decimalsOf(value) > d) throw fail(d === 0 ? 'Must be a whole number' : `At most ${d} decimal places`);
      return value;
    }
    case 'select': {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw fail('Must be the id of one of the options');
      if (!field.options.some((o) => o.id === value)) throw fail(`There is no option with id ${value}`);
      return value;
    }
    case 'date':
      if (typeof value !== 'string' || !dateString.safeParse(value).success) throw fail('Must be a date as YYYY-MM-DD');
      return value;
    case 'checkbox':
      if (typeof value !== 'boolean') throw fail('Must be true or false');
      return value;
    case 'user':
      if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > 2_147_483_647 || !(await isTeamUser(value)))
        throw fail('Must be the id of a user of your team');
      return value;
  }
}
