import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { Deps } from '../../http/env.ts';
import { invalid } from '../../http/errors.ts';
import { storedBytes, sweepOverQuota } from './service.ts';
import { storageFor } from './storage.ts';

/**
 * Runs `insert` (the new attachment's row) when `size` more bytes keep `userId` within the storage quota.
 * Over it, the user's uploads unreferenced for an hour are swept first; still over, 422 on `field`. The
 * user's row is locked while counting, so concurrent uploads cannot both slip under the quota.
 */
export async function insertWithinQuota<T>(deps: Deps, scope: Scope, userId: number, size: number, field: string, insert: (s: Scope) => Promise<T>): Promise<T> {
  const quota = deps.config.uploadQuotaBytes;
  if ((await storedBytes(scope.db, userId)) + size > quota) await sweepOverQuota(deps.db, storageFor(deps.config), userId, deps.clock(), deps.logger);
  return scope.tx(async (s) => {
    await s.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if ((await storedBytes(s.db, userId)) + size > quota) {
      const mb = Math.round((quota / 1024 / 1024) * 10) / 10;
      throw invalid(field, `Your stored files would exceed your quota of ${mb} MB: attach or delete unattached uploads first`);
    }
    return insert(s);
  });
}
