import crypto from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { budgetThresholdCrossings, type StoredBudget } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';

export type BudgetOwner = { kind: 'client'; id: number } | { kind: 'project'; id: number };

/** One budget period of one owner's budget, as it is set now. */
export interface BudgetPeriodKey {
  owner: BudgetOwner;
  /** Fingerprint of the budget's settings (see `budgetKey`). */
  budgetKey: string;
  /** First day of the period; null for a general budget without `appliedFrom`. */
  periodStart: string | null;
}

/**
 * Fingerprint of every setting of a budget. Crossings are kept per fingerprint, so replacing a budget with
 * different settings (amount, type, period, threshold, exclusions…) starts without a recorded crossing.
 */
export function budgetKey(b: StoredBudget): string {
  const settings = [
    b.type,
    b.budget,
    b.period,
    b.appliedFrom ?? null,
    b.disallowOverbudget,
    b.excludeUnbillableTime,
    b.excludeExpenses,
    b.threshold ?? null,
    b.showToUsers ?? null,
  ];
  return crypto.createHash('sha256').update(JSON.stringify(settings)).digest('base64url');
}

const ownerTag = (o: BudgetOwner) => `${o.kind}:${o.id}`;

const matches = (k: BudgetPeriodKey): SQL =>
  and(
    eq(budgetThresholdCrossings.ownerKind, k.owner.kind),
    eq(budgetThresholdCrossings.ownerId, k.owner.id),
    eq(budgetThresholdCrossings.budgetKey, k.budgetKey),
    k.periodStart === null ? sql`${budgetThresholdCrossings.periodStart} is null` : eq(budgetThresholdCrossings.periodStart, k.periodStart),
  ) as SQL;

/** When each of `keys` reached its threshold, by owner (`client:1`, `project:2`); owners without a crossing are absent. One query. */
export async function thresholdCrossings(scope: Scope, keys: BudgetPeriodKey[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  if (keys.length === 0) return found;
  const rows = await scope.db
    .select({
      ownerKind: budgetThresholdCrossings.ownerKind,
      ownerId: budgetThresholdCrossings.ownerId,
      crossedAt: budgetThresholdCrossings.crossedAt,
    })
    .from(budgetThresholdCrossings)
    .where(scope.where(budgetThresholdCrossings, or(...keys.map(matches))));
  for (const r of rows) found.set(ownerTag({ kind: r.ownerKind, id: r.ownerId }), r.crossedAt);
  return found;
}

export const crossingOf = (crossings: Map<string, Date>, owner: BudgetOwner) => crossings.get(ownerTag(owner));

/**
 * Records that `key`'s budget reached `threshold` percent (`usage` percent used) at `at`. At most one
 * per owner, budget and period: a second crossing of the same period (a concurrent one included) is ignored.
 */
export async function recordThresholdCrossing(
  scope: Scope,
  key: BudgetPeriodKey,
  threshold: number,
  usage: number,
  at: Date,
): Promise<void> {
  await scope.db
    .insert(budgetThresholdCrossings)
    .values({
      teamId: scope.teamId,
      ownerKind: key.owner.kind,
      ownerId: key.owner.id,
      budgetKey: key.budgetKey,
      periodStart: key.periodStart,
      threshold,
      usage,
      crossedAt: at,
    })
    .onConflictDoNothing();
}
