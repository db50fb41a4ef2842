import type { Scope } from '../../db/scope.ts';

/**
 * Why each of `dates` (YYYY-MM-DD) is locked for `userId`'s time and timecards: pending or approved
 * approvals. Days without a reason are absent from the map.
 */
export async function lockReasons(_scope: Scope, _userId: number, _dates: string[]): Promise<Map<string, string[]>> {
  return new Map();
}
