import type { ClientBudget, ProjectBudget } from '../../../contract/budgets.ts';
import type { StoredBudget } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';

export type BudgetOwner = { kind: 'client'; id: number } | { kind: 'project'; id: number };

/**
 * Usage of a budget in its current period, in percent. Budgets count recorded time, which does not
 * exist yet in this build; until it does, nothing has been spent.
 */
export async function budgetUsage(_scope: Scope, _owner: BudgetOwner, _budget: StoredBudget, _now: Date) {
  return { progress: 0, timeProgress: 0, expenseProgress: 0 };
}

export async function presentClientBudget(scope: Scope, clientId: number, b: StoredBudget | null, now: Date): Promise<ClientBudget | undefined> {
  if (!b) return undefined;
  const usage = await budgetUsage(scope, { kind: 'client', id: clientId }, b, now);
  return {
    type: b.type,
    budget: b.budget,
    period: b.period,
    appliedFrom: b.appliedFrom,
    disallowOverbudget: b.disallowOverbudget,
    excludeUnbillableTime: b.excludeUnbillableTime,
    excludeExpenses: b.excludeExpenses,
    threshold: b.threshold,
    progress: usage.progress,
  };
}

export async function presentProjectBudget(scope: Scope, projectId: number, b: StoredBudget | null, now: Date): Promise<ProjectBudget | undefined> {
  if (!b) return undefined;
  const usage = await budgetUsage(scope, { kind: 'project', id: projectId }, b, now);
  const base = (await presentClientBudget(scope, projectId, b, now))!;
  return { ...base, progress: usage.progress, timeProgress: usage.timeProgress, expenseProgress: usage.expenseProgress, showToUsers: b.showToUsers ?? false };
}
