import { eq, sql } from 'drizzle-orm';
import { oauthThrottle } from '../db/schema/index.ts';
import type { Deps } from '../http/env.ts';
import { secretHash } from './util.ts';

/** How many events are free within `windowSec`; past that, each one blocks for a doubling delay (from a minute) up to `maxDelaySec`. */
export interface ThrottlePolicy {
  free: number;
  windowSec: number;
  maxDelaySec: number;
}

/** The first block past the free events; long enough that a burst sent at once is held to the free ones. */
const FIRST_DELAY_SEC = 60;

export const SIGNIN_PER_ACCOUNT: ThrottlePolicy = { free: 5, windowSec: 15 * 60, maxDelaySec: 15 * 60 };
export const SIGNIN_PER_ADDRESS: ThrottlePolicy = { free: 20, windowSec: 15 * 60, maxDelaySec: 15 * 60 };
export const REGISTER_PER_ADDRESS: ThrottlePolicy = { free: 20, windowSec: 60 * 60, maxDelaySec: 60 * 60 };

/** A per-address policy with the deployment's allowance (OAUTH_PER_ADDRESS) of free events. */
export const perAddress = (deps: Deps, policy: ThrottlePolicy): ThrottlePolicy => ({
  ...policy,
  free: deps.config.oauthPerAddress ?? policy.free,
});

/** The stored key: a keyed hash, so e-mail addresses and network addresses are not kept in clear. */
export const throttleKey = (deps: Deps, kind: string, value: string) => `${kind}:${secretHash(deps, 'throttle', value.toLowerCase())}`;

/**
 * Claims one event for `key` before the work it limits is done: answers 0 when the event may go ahead (it
 * is counted), or the seconds to wait when the key is blocked (nothing counted). The event that uses the
 * last free one, and each one past it, blocks the next for a doubling delay. The row is read and written
 * under a lock in one transaction, so parallel claims are counted one after another and cannot all pass.
 */
export async function claimEvent(deps: Deps, key: string, policy: ThrottlePolicy): Promise<number> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    await tx.insert(oauthThrottle).values({ key, count: 0, windowStart: now }).onConflictDoNothing();
    const [row] = await tx.select().from(oauthThrottle).where(eq(oauthThrottle.key, key)).for('update');
    if (!row) return 0;
    const wait = row.blockedUntil ? row.blockedUntil.getTime() - now.getTime() : 0;
    if (wait > 0) return Math.ceil(wait / 1000);
    const fresh = row.windowStart.getTime() < now.getTime() - policy.windowSec * 1000;
    const count = (fresh ? 0 : row.count) + 1;
    const over = count - policy.free + 1;
    const blockedUntil =
      over > 0 ? new Date(now.getTime() + Math.min(policy.maxDelaySec, FIRST_DELAY_SEC * 2 ** Math.min(over - 1, 20)) * 1000) : null;
    await tx
      .update(oauthThrottle)
      .set({ count, windowStart: fresh ? now : row.windowStart, blockedUntil })
      .where(eq(oauthThrottle.key, key));
    return 0;
  });
}

/** Gives back an event claimed for `key` that turned out not to count (a right password); unblocks it when that leaves a free one. */
export async function refundEvent(deps: Deps, key: string, policy: ThrottlePolicy) {
  await deps.db
    .update(oauthThrottle)
    .set({
      count: sql`GREATEST(${oauthThrottle.count} - 1, 0)`,
      blockedUntil: sql`CASE WHEN ${oauthThrottle.count} - 1 < ${policy.free} THEN NULL ELSE ${oauthThrottle.blockedUntil} END`,
    })
    .where(eq(oauthThrottle.key, key));
}

/** Forgets the failures of `key` (after a successful sign-in). */
export async function resetThrottle(deps: Deps, key: string) {
  await deps.db.delete(oauthThrottle).where(eq(oauthThrottle.key, key));
}

/** A wait in plain words, rounded up to whole minutes: "a minute", "15 minutes". */
export const waitInMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
};
