import type { Scope } from '../../db/scope.ts';

/** Custom-field values of tasks, keyed by task id, then by field id; only fields `viewerIsAdmin` may see. */
export async function taskFieldValues(_scope: Scope, _taskIds: number[], _viewerIsAdmin: boolean): Promise<Map<number, Record<string, unknown>>> {
  return new Map();
}
