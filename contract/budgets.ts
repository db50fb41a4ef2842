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
