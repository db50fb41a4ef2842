import { z } from 'zod';
import { dateString, dateTimeString } from './common.ts';

export const budgetType = z.enum(['money', 'time', 'costs']);
export const budgetPeriod = z.enum(['general', 'monthly', 'weekly', 'daily']);

/** Body of a budget: one complete object, creates or replaces. `budget` is cents for money and costs, seconds for time. */
export const budgetInput = z.object({
  type: budgetType,
  budget: z.number().int('Must be a whole number').min(0, 'Must not be negative'),
  period: budgetPeriod.default('general'),
  appliedFrom: dateString.nullish(),
  disallowOverbudget: z.boolean().default(false),
  excludeUnbillableTime: z.boolean().default(false),
  excludeExpenses: z.boolean().default(false),
  threshold: z.number().int().min(1).max(100).nullish(),
});
export type BudgetInput = z.infer<typeof budgetInput>;

export const projectBudgetInput = budgetInput.extend({ showToUsers: z.boolean().default(false) });

export const clientBudget = z.object({
  type: budgetType,
  budget: z.number().int(),
  period: budgetPeriod,
  appliedFrom: dateString.nullable(),
  disallowOverbudget: z.boolean(),
  excludeUnbillableTime: z.boolean(),
  excludeExpenses: z.boolean(),
  threshold: z.number().int().nullable(),
  /** Share of the budget used in its current period, in percent. */
  progress: z.number(),
  /** Used in its current period, in the budget's unit (whole cents or seconds): the exact figure `progress` rounds. */
  used: z.number().int(),
  /**
   * When usage reached `threshold` in the budget's current period (recorded once per period by the change
   * that crossed it); null when it has not, or when there is no threshold.
   */
  thresholdReachedAt: dateTimeString.nullable(),
});
export type ClientBudget = z.infer<typeof clientBudget>;

export const projectBudget = clientBudget.extend({
  timeProgress: z.number(),
  expenseProgress: z.number(),
  showToUsers: z.boolean(),
});
export type ProjectBudget = z.infer<typeof projectBudget>;

/**
 * A project budget's use day by day in its current period (`GET /projects/{project_id}/budget/usage`), for its
 * burn chart. Amounts are in the budget's unit (cents for money and costs, seconds for time).
 */
export const budgetUsage = z.object({
  type: budgetType,
  budget: z.number().int(),
  period: budgetPeriod,
  /** First day of the current period; for a general budget without a start, the first day with any use (null when none). */
  from: dateString.nullable(),
  /** Last day of the current period; null for a general budget, which never ends. */
  to: dateString.nullable(),
  /** The server's date (UTC) the period was computed at. */
  today: dateString,
  /** Fixed fees a money budget counts once, on no particular day. */
  fees: z.number(),
  /** Use on each day that has any, ascending by date. */
  days: z.array(z.object({ date: dateString, used: z.number() })),
});
export type BudgetUsage = z.infer<typeof budgetUsage>;
