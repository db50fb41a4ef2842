import { eq, sql, type SQL } from 'drizzle-orm';
import type { ClientBudget, ProjectBudget } from '../../../contract/budgets.ts';
import { clients, projects, teams, type StoredBudget } from '../../db/schema/index.ts';
import type { Scope } from '../../db/scope.ts';
import { ApiError } from '../../http/errors.ts';
import { toDate, toDateTime } from '../../lib/time.ts';
import { queryRows } from '../time/sql.ts';
import { addDays, monthSpan, weekStartDate } from '../../../contract/weeks.ts';
import { joinRatesInForce, userRatesInForce } from '../billing/rates.ts';
import {
  budgetKey,
  crossingOf,
  recordThresholdCrossing,
  thresholdCrossings,
  type BudgetOwner,
  type BudgetPeriodKey,
} from './thresholds.ts';

export type { BudgetOwner } from './thresholds.ts';

export interface BudgetUsage {
  /** Spent in the budget's unit: seconds for time budgets, cents for money and costs budgets. */
  used: number;
  /** Percent of the budget used (may exceed 100), 2 decimals. */
  progress: number;
  /** The share of `progress` that comes from time. */
  timeProgress: number;
  /** The share of `progress` that comes from expenses. */
  expenseProgress: number;
}


/**
 * The dates (inclusive; null = open) of the budget's current period at `now` (UTC dates):
 * general from `appliedFrom` or ever; monthly, weekly (by the team's week start) and daily the current one.
 */
export function budgetPeriod(
  b: Pick<StoredBudget, 'period' | 'appliedFrom'>,
  now: Date,
  weekStart: number,
): { from: string | null; to: string | null } {
  const today = toDate(now);
  switch (b.period) {
    case 'general':
      return { from: b.appliedFrom ?? null, to: null };
    case 'daily':
      return { from: today, to: today };
    case 'weekly': {
      const from = weekStartDate(today, weekStart);
      return { from, to: addDays(from, 6) };
    }
    case 'monthly':
      return monthSpan(today);
  }
}

/**
 * Hourly cents a record of user `u` is valued at on project `p`, for money budgets (the billing rate in force,
 * with the user's rate and cost in force on the record's date).
 */
const billingRate = sql`case when p.billing->>'type' = 'hourly' then case p.rate->>'type'
    when 'project_rate' then coalesce((p.rate->>'rate')::numeric, 0)
    when 'user_rate' then coalesce((p.rate->'userRateOverrides'->>(u.id::text))::numeric, ${userRatesInForce.rate})
    when 'user_cost' then coalesce((p.rate->'userCostOverrides'->>(u.id::text))::numeric, ${userRatesInForce.cost})
    else 0 end else 0 end`;
/** Hourly cost of user `u` on project `p` on the record's date, for costs budgets. */
const costRate = sql`coalesce((p.rate->'userCostOverrides'->>(u.id::text))::numeric, ${userRatesInForce.cost})`;

const round2 = (n: number) => Math.round(n * 100) / 100;
export const percentOf = (used: number, budget: number) => (budget > 0 ? round2((used / budget) * 100) : used > 0 ? 100 : 0);

export async function teamWeekStart(scope: Scope): Promise<number> {
  const [t] = await scope.db.select({ weekStart: teams.weekStart }).from(teams).where(eq(teams.id, scope.teamId)).limit(1);
  return t?.weekStart ?? 1;
}

/**
 * Usage of a budget in its current period, computed in SQL: time budgets count recorded seconds; money
 * budgets value each record at the project's billing rate in force (project rate, user rate or user cost with
 * the project's overrides; non-billable projects 0) plus each fixed fee once; costs budgets value
 * each record at the user's cost (with the project's cost overrides). `excludeUnbillableTime` skips
 * time on unbillable tasks. Expenses of the period add to money budgets (billable and separate ones) and
 * costs budgets (all), unless `excludeExpenses`.
 */
export async function budgetUsage(scope: Scope, owner: BudgetOwner, b: StoredBudget, now: Date, weekStart?: number): Promise<BudgetUsage> {
  const { from, to } = budgetPeriod(b, now, weekStart ?? (await teamWeekStart(scope)));
  const q = usageQueries(scope, owner, b, from, to);
  const [row] = await queryRows<{ time_used: string | number; expenses_used: string | number }>(
    scope,
    sql`select (select coalesce(sum(${q.value}), 0) ${q.timeFrom}) + ${q.fees} as time_used,
           ${q.expenses ? sql`(select coalesce(sum(e.amount), 0) ${q.expenses})` : sql`0`} as expenses_used`,
  );
  const timeUsed = Number(row?.time_used ?? 0);
  const expensesUsed = Number(row?.expenses_used ?? 0);
  const used = timeUsed + expensesUsed;
  return {
    used,
    progress: percentOf(used, b.budget),
    timeProgress: percentOf(timeUsed, b.budget),
    expenseProgress: percentOf(expensesUsed, b.budget),
  };
}

/**
 * The SQL pieces both usage queries share: the value of a time record in the budget's unit, the `from … where`
 * of the counted time records (alias `r`) and of the counted expenses (alias `e`, null when none count), and
 * the fixed fees of a money budget.
 */
function usageQueries(scope: Scope, owner: BudgetOwner, b: StoredBudget, from: string | null, to: string | null) {
  const ownerCond: SQL = owner.kind === 'project' ? sql`p.id = ${owner.id}` : sql`p.client_id = ${owner.id}`;
  const conds: SQL[] = [sql`r.team_id = ${scope.teamId}`, ownerCond];
  if (from) conds.push(sql`r.date >= ${from}`);
  if (to) conds.push(sql`r.date <= ${to}`);
  if (b.excludeUnbillableTime) conds.push(sql`not t.unbillable`);
  const value =
    b.type === 'time'
      ? sql`r.time::numeric`
      : b.type === 'money'
        ? sql`r.time::numeric * ${billingRate} / 3600`
        : sql`r.time::numeric * ${costRate} / 3600`;
  const fees =
    b.type === 'money'
      ? sql`(select coalesce(sum((p.billing->>'fee')::numeric), 0) from projects p where p.team_id = ${scope.teamId} and ${ownerCond} and p.billing->>'type' = 'fixed_fee')`
      : sql`0`;
  // Expenses: money budgets count what is billed to the client (billable and separate), costs budgets every
  // expense; time budgets none; `excludeExpenses` leaves them out.
  const expenseTypes = b.type === 'money' ? sql`e.type in ('billable', 'separate')` : sql`true`;
  const expConds: SQL[] = [sql`e.team_id = ${scope.teamId}`, ownerCond, expenseTypes];
  if (from) expConds.push(sql`e.date >= ${from}`);
  if (to) expConds.push(sql`e.date <= ${to}`);
  const expenses =
    b.type === 'time' || b.excludeExpenses
      ? null
      : sql`from expenses e join projects p on p.id = e.project_id where ${sql.join(expConds, sql` and `)}`;
  const timeFrom = sql`from time_records r
              join tasks t on t.id = r.task_id and t.deleted_at is null
              join projects p on p.id = t.project_id
              join users u on u.id = r.user_id
              ${joinRatesInForce(scope.teamId, sql`r.user_id`, sql`r.date`)}
             where ${sql.join(conds, sql` and `)}`;
  return { value, timeFrom, fees, expenses };
}

export interface DailyUsage {
  /** The current period's dates (inclusive); `from` null for a general budget without a start, `to` null when open. */
  from: string | null;
  to: string | null;
  /** Fixed fees of a money budget: counted once, whatever the day. */
  fees: number;
  /** Used on each day that has any use, in the budget's unit, ascending by date. */
  days: { date: string; used: number }[];
}

/** Usage of a budget's current period day by day (the same records and values as `budgetUsage`). */
export async function budgetUsageByDay(scope: Scope, owner: BudgetOwner, b: StoredBudget, now: Date): Promise<DailyUsage> {
  const { from, to } = budgetPeriod(b, now, await teamWeekStart(scope));
  const q = usageQueries(scope, owner, b, from, to);
  const rows = await queryRows<{ date: string; used: string | number }>(
    scope,
    sql`select to_char(d.date, 'YYYY-MM-DD') as date, sum(d.used) as used from (
          select r.date as date, ${q.value} as used ${q.timeFrom}
          ${q.expenses ? sql`union all select e.date as date, e.amount::numeric as used ${q.expenses}` : sql``}
        ) d group by d.date order by d.date`,
  );
  const [fee] = await queryRows<{ fees: string | number }>(scope, sql`select ${q.fees} as fees`);
  return {
    from,
    to,
    fees: Number(fee?.fees ?? 0),
    days: rows.map((r) => ({ date: r.date, used: round2(Number(r.used)) })),
  };
}

const baseFields = (b: StoredBudget) => ({
  type: b.type,
  budget: b.budget,
  period: b.period,
  appliedFrom: b.appliedFrom,
  disallowOverbudget: b.disallowOverbudget,
  excludeUnbillableTime: b.excludeUnbillableTime,
  excludeExpenses: b.excludeExpenses,
  threshold: b.threshold,
});

const periodKey = (owner: BudgetOwner, b: StoredBudget, now: Date, weekStart: number): BudgetPeriodKey => ({
  owner,
  budgetKey: budgetKey(b),
  periodStart: budgetPeriod(b, now, weekStart).from,
});

/** Usage now and when the threshold was reached in the current period (no query for the latter without a threshold). */
async function usageAndThreshold(scope: Scope, owner: BudgetOwner, b: StoredBudget, now: Date) {
  const weekStart = await teamWeekStart(scope);
  const usage = await budgetUsage(scope, owner, b, now, weekStart);
  let reachedAt: Date | undefined;
  if (b.threshold != null) reachedAt = crossingOf(await thresholdCrossings(scope, [periodKey(owner, b, now, weekStart)]), owner);
  return { usage, thresholdReachedAt: reachedAt ? toDateTime(reachedAt) : null };
}

export async function presentClientBudget(
  scope: Scope,
  clientId: number,
  b: StoredBudget | null,
  now: Date,
): Promise<ClientBudget | undefined> {
  if (!b) return undefined;
  const { usage, thresholdReachedAt } = await usageAndThreshold(scope, { kind: 'client', id: clientId }, b, now);
  return { ...baseFields(b), progress: usage.progress, used: Math.round(usage.used), thresholdReachedAt };
}

export async function presentProjectBudget(
  scope: Scope,
  projectId: number,
  b: StoredBudget | null,
  now: Date,
): Promise<ProjectBudget | undefined> {
  if (!b) return undefined;
  const { usage, thresholdReachedAt } = await usageAndThreshold(scope, { kind: 'project', id: projectId }, b, now);
  return {
    ...baseFields(b),
    progress: usage.progress,
    used: Math.round(usage.used),
    timeProgress: usage.timeProgress,
    expenseProgress: usage.expenseProgress,
    thresholdReachedAt,
    showToUsers: b.showToUsers ?? false,
  };
}

/**
 * A budget a change must watch, with its usage before the change: one that refuses to be exceeded
 * (`disallowOverbudget`), one whose `threshold` has not been reached yet in the current period, or both.
 */
export interface BudgetGuard {
  owner: BudgetOwner;
  label: string;
  budget: StoredBudget;
  usedBefore: number;
  /** Refuse a change that takes usage past 100 %. */
  refuse: boolean;
  /** Record the threshold when the change takes usage from below it to at or above it. */
  watchThreshold: boolean;
  /** Usage was under 100 % before the change: reaching it is told to admins. */
  watchFull: boolean;
  period: BudgetPeriodKey;
  weekStart: number;
}

/**
 * False when no budget can watch a change on project `p`: it has no client, and its own budget (if any)
 * neither refuses overruns nor has a threshold. Lets the hot path skip `budgetGuards` without a query.
 */
export const mayHaveBudgetGuards = (p: { clientId: number | null; budget: StoredBudget | null }) =>
  p.clientId !== null || (!!p.budget && (p.budget.disallowOverbudget || p.budget.threshold != null));

/** What a change touches: time records (every budget counts time) or expenses (money and costs budgets without `excludeExpenses`). */
export type BudgetedChange = 'time' | 'expenses';

const countsChange = (b: StoredBudget, change: BudgetedChange) => change === 'time' || (b.type !== 'time' && !b.excludeExpenses);

/**
 * The budgets of `projectIds` and of their clients that a change of `change` must watch, with their usage
 * now: those with `disallowOverbudget`, and those with a `threshold` not yet reached in their current
 * period. Budgets with neither cost no usage query, nor do thresholds already recorded or already passed.
 * Call inside the change's transaction, before the change; then `assertWithinBudgets` after it.
 */
export async function budgetGuards(scope: Scope, projectIds: number[], now: Date, change: BudgetedChange = 'time'): Promise<BudgetGuard[]> {
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return [];
  const ps = await scope.list(projects, sql`${projects.id} in ${ids}`);
  const clientIds = [...new Set(ps.map((p) => p.clientId).filter((c): c is number => c !== null))];
  const cs = clientIds.length ? await scope.list(clients, sql`${clients.id} in ${clientIds}`) : [];
  const owners = [
    ...ps.map((p) => ({ owner: { kind: 'project', id: p.id } as BudgetOwner, label: `project "${p.name}"`, budget: p.budget })),
    ...cs.map((c) => ({ owner: { kind: 'client', id: c.id } as BudgetOwner, label: `client "${c.name}"`, budget: c.budget })),
  ].filter(
    (o): o is { owner: BudgetOwner; label: string; budget: StoredBudget } =>
      !!o.budget && (o.budget.disallowOverbudget || o.budget.threshold != null) && countsChange(o.budget, change),
  );
  if (owners.length === 0) return [];
  const weekStart = await teamWeekStart(scope);
  const candidates = owners.map((o) => ({ ...o, period: periodKey(o.owner, o.budget, now, weekStart) }));
  const withThreshold = candidates.filter((c) => c.budget.threshold != null);
  const reached = await thresholdCrossings(
    scope,
    withThreshold.map((c) => c.period),
  );
  const guards: BudgetGuard[] = [];
  // One after another: this runs inside the change's transaction (one connection).
  for (const c of candidates) {
    const refuse = c.budget.disallowOverbudget;
    let watchThreshold = c.budget.threshold != null && !crossingOf(reached, c.owner);
    const before = await budgetUsage(scope, c.owner, c.budget, now, weekStart);
    // Already at or above the threshold: this change cannot cross it.
    if (watchThreshold && before.progress >= c.budget.threshold!) watchThreshold = false;
    const watchFull = before.progress < 100;
    if (!refuse && !watchThreshold && !watchFull) continue;
    guards.push({ ...c, usedBefore: before.used, refuse, watchThreshold, watchFull, weekStart });
  }
  return guards;
}

/** The 422 of a change a budget refuses, naming the budget; `entry` is whose entry it was and its date, when known. */
export class BudgetRefusal extends ApiError {
  constructor(
    readonly owner: BudgetOwner,
    readonly label: string,
    message: string,
    readonly entry?: { userId: number; date: string },
  ) {
    super(422, message, { budget: [message] });
  }
}

/** A level a change took a budget to: its alert threshold or 100 %. */
export interface BudgetLevelReached {
  owner: BudgetOwner;
  label: string;
  level: 'threshold' | 'exceeded';
  /** The level in percent (the threshold, or 100). */
  percent: number;
  progress: number;
  period: BudgetPeriodKey;
  budget: StoredBudget;
}

/** Whom a budget's events concern: the person whose entry it is (and its date), and where levels reached are told. */
export interface BudgetEvents {
  entry: { userId: number; date: string };
  levels(scope: Scope, reached: BudgetLevelReached[]): Promise<void>;
}

/**
 * After a change (in the same transaction): 422 naming the budget when a refusing budget is now past
 * 100 % and the change made it use more (a change that lowers usage is never refused); otherwise records
 * each watched threshold the change reached, and tells `events` of the levels reached (threshold, 100 %).
 * A refused change records nothing (its transaction rolls back).
 */
export async function assertWithinBudgets(scope: Scope, guards: BudgetGuard[], now: Date, events?: BudgetEvents): Promise<void> {
  if (guards.length === 0) return;
  const after: BudgetUsage[] = [];
  for (const g of guards) after.push(await budgetUsage(scope, g.owner, g.budget, now, g.weekStart));
  guards.forEach((g, i) => {
    const { used, progress } = after[i]!;
    if (g.refuse && used > g.budget.budget && used > g.usedBefore + 1e-9) {
      const message = `This would exceed the ${g.budget.period} ${g.budget.type} budget of ${g.label} (${progress} % used), which does not allow going over budget`;
      throw new BudgetRefusal(g.owner, g.label, message, events?.entry);
    }
  });
  const reached: BudgetLevelReached[] = [];
  for (const [i, g] of guards.entries()) {
    const { progress } = after[i]!;
    const at = { owner: g.owner, label: g.label, progress, period: g.period, budget: g.budget };
    if (g.watchThreshold && progress >= g.budget.threshold!) {
      await recordThresholdCrossing(scope, g.period, g.budget.threshold!, progress, now);
      reached.push({ ...at, level: 'threshold', percent: g.budget.threshold! });
    }
    if (g.watchFull && progress >= 100) reached.push({ ...at, level: 'exceeded', percent: 100 });
  }
  if (events && reached.length) await events.levels(scope, reached);
}
