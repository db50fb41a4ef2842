import { eq, sql } from 'drizzle-orm';
import { oauthThrottle } from '../db/schema/index.ts';
import type { Deps } from '../http/env.ts';
import { secretHash } from './util.ts';

/** How many events are free within `windowSec`; past that, each one blocks for a doubling delay up to `maxDelaySec`. */
export interface ThrottlePolicy {
  free: number;
  windowSec: number;
  maxDelaySec: number;
}

export const SIGNIN_PER_ACCOUNT: ThrottlePolicy = { free: 5, windowSec: 15 * 60, maxDelaySec: 15 * 60 };
export const SIGNIN_PER_ADDRESS: ThrottlePolicy = { free: 20, windowSec: 15 * 60, maxDelaySec: 15 * 60 };
export const REGISTER_PER_ADDRESS: ThrottlePolicy = { free: 20, windowSec: 60 * 60, maxDelaySec: 60 * 60 };

/** A per-address policy with the deployment's allowance (OAUTH_PER_ADDRESS) of free events. */
export const perAddress = (deps: Deps, policy: ThrottlePolicy): ThrottlePolicy => ({ ...policy, free: deps.config.oauthPerAddress ?? policy.free });

/** The stored key: a keyed hash, so e-mail addresses and network addresses are not kept in clear. */
export const throttleKey = (deps: Deps, kind: string, value: string) => `${kind}:${secretHash(deps, 'throttle', value.toLowerCase())}`;

/** Seconds until `key` may try again (0 when it may now). */
export async function retryAfter(deps: Deps, key: string): Promise<number> {
  const [row] = await deps.db
    .select({ blockedUntil: oauthThrottle.blockedUntil })
    .from(oauthThrottle)
    .where(eq(oauthThrottle.key, key))
    .limit(1);
  const wait = row?.blockedUntil ? row.blockedUntil.getTime() - deps.clock().getTime() : 0;
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** Counts one event for `key`; past the free ones, blocks the key for a doubling delay. Answers the seconds blocked. */
export async function countEvent(deps: Deps, key: string, policy: ThrottlePolicy): Promise<number> {
  const now = deps.clock();
  const windowStartMin = new Date(now.getTime() - policy.windowSec * 1000);
  const since = sql`${windowStartMin.toISOString()}::timestamptz`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [row] = await deps.db
    .insert(oauthThrottle)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: oauthThrottle.key,
      set: {
        count: sql`CASE WHEN ${oauthThrottle.windowStart} < ${since} THEN 1 ELSE ${oauthThrottle.count} + 1 END`,
        windowStart: sql`CASE WHEN ${oauthThrottle.windowStart} < ${since} THEN ${nowSql} ELSE ${oauthThrottle.windowStart} END`,
      },
    })
    .returning({ count: oauthThrottle.count });
  const over = (row?.count ?? 1) - policy.free;
  if (over <= 0) return 0;
  const delay = Math.min(policy.maxDelaySec, 2 ** Math.min(over, 20));
  await deps.db
    .update(oauthThrottle)
    .set({ blockedUntil: new Date(now.getTime() + delay * 1000) })
    .where(eq(oauthThrottle.key, key));
  return delay;
}

/** Forgets the failures of `key` (after a successful sign-in). */
export async function resetThrottle(deps: Deps, key: string) {
  await deps.db.delete(oauthThrottle).where(eq(oauthThrottle.key, key));
}
