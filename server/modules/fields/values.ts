import { and, eq, inArray } from 'drizzle-orm';
import { customFields, taskFieldValues as valuesTable } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';

/** Custom-field values of tasks, keyed by task id, then by field id; only fields `viewerIsAdmin` may see. */
export async function taskFieldValues(
  scope: Scope,
  taskIds: number[],
  viewerIsAdmin: boolean,
): Promise<Map<number, Record<string, unknown>>> {
  const map = new Map<number, Record<string, unknown>>();
  if (taskIds.length === 0) return map;
  const rows = await scope.db
    .select({ taskId: valuesTable.taskId, fieldId: valuesTable.fieldId, value: valuesTable.value })
    .from(valuesTable)
    .innerJoin(customFields, eq(customFields.id, valuesTable.fieldId))
    .where(
      and(
        scope.mine(valuesTable),
        inArray(valuesTable.taskId, [...new Set(taskIds)]),
        viewerIsAdmin ? undefined : eq(customFields.visibility, 'all'),
      ),
    )
    .orderBy(customFields.position, customFields.id);
  for (const r of rows) {
    let fields = map.get(r.taskId);
    if (!fields) map.set(r.taskId, (fields = {}));
    fields[String(r.fieldId)] = r.value;
  }
  return map;
}
