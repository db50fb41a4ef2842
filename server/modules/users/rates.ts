import { asc, eq, inArray } from 'drizzle-orm';
import type { RateChange } from '../../../contract/users.ts';
import { dateAtOffset } from '../../../contract/weeks.ts';
import { userRates } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import type { UserRow } from '../../http/env.ts';
import { invalid } from '../../http/errors.ts';

/** The date of the row that holds a user's rate and cost from the start (before their first dated change). */
export const RATES_FROM_THE_START = '0001-01-01';

export interface RatePeriod {
  userId: number;
  effectiveFrom: string;
  rate: number;
  cost: number;
}

/** The dated rates of the team's users (or of those given), oldest first. */
export async function ratePeriods(scope: Scope, userIds?: number[]): Promise<RatePeriod[]> {
  if (userIds?.length === 0) return [];
  return scope.db
    .select({ userId: userRates.userId, effectiveFrom: userRates.effectiveFrom, rate: userRates.rate, cost: userRates.cost })
    .from(userRates)
    .where(scope.where(userRates, userIds ? inArray(userRates.userId, userIds) : undefined))
    .orderBy(asc(userRates.userId), asc(userRates.effectiveFrom));
}

/** A user's rates as the API shows them: empty when they never changed from a date. */
export const presentRateHistory = (periods: RatePeriod[]): RateChange[] =>
  periods.map((p) => ({ effectiveFrom: p.effectiveFrom === RATES_FROM_THE_START ? null : p.effectiveFrom, rate: p.rate, cost: p.cost }));

export interface RatesInput {
  rate?: number | undefined;
  cost?: number | undefined;
  effectiveFrom?: string | undefined;
}

/**
 * Applies a change of rate or cost and answers the user's `rate` and `cost` to store (those in force today).
 * With `effectiveFrom` (today or earlier): time from that date on is valued at the new values, earlier time
 * keeps what it had; the value not given is the one in force on that date. Without it: the given values apply
 * to all time, through every dated period.
 */
export async function changeRates(scope: Scope, u: UserRow, input: RatesInput, now: Date): Promise<{ rate?: number; cost?: number }> {
  const { rate, cost, effectiveFrom } = input;
  if (rate === undefined && cost === undefined) {
    if (effectiveFrom !== undefined) throw invalid('effectiveFrom', 'Give a rate or a cost to take effect from this date');
    return {};
  }
  const mine = eq(userRates.userId, u.id);
  if (effectiveFrom === undefined) {
    // All time: every period takes the new values.
    const set = { ...(rate !== undefined ? { rate } : {}), ...(cost !== undefined ? { cost } : {}) };
    await scope.update(userRates, set, mine);
    return set;
  }
  // The latest date anywhere on Earth: a change may take effect today wherever the admin is, never later.
  if (effectiveFrom > dateAtOffset(now, 14)) throw invalid('effectiveFrom', 'Must be today or earlier');
  if (effectiveFrom <= RATES_FROM_THE_START) throw invalid('effectiveFrom', 'Must be a later date');
  let periods = await ratePeriods(scope, [u.id]);
  if (periods.length === 0) {
    const start = { userId: u.id, effectiveFrom: RATES_FROM_THE_START, rate: u.rate, cost: u.cost };
    await scope.insert(userRates, start);
    periods = [start];
  }
  const before = periods.filter((p) => p.effectiveFrom <= effectiveFrom).at(-1)!;
  const next = { userId: u.id, effectiveFrom, rate: rate ?? before.rate, cost: cost ?? before.cost };
  await scope.delete(userRates, mine, eq(userRates.effectiveFrom, effectiveFrom));
  await scope.insert(userRates, next);
  const latest = [...periods.filter((p) => p.effectiveFrom !== effectiveFrom), next].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)).at(-1)!;
  return { rate: latest.rate, cost: latest.cost };
}
