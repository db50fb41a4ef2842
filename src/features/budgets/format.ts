import type { ClientBudget } from '../../../contract/budgets.ts';
import { formatMoney } from '../../lib/money.ts';

/** Budgets' money is cents of the team's one currency (shown as US dollars, like invoices). */
export const BUDGET_CURRENCY = 'USD';

export type BudgetType = ClientBudget['type'];
export type BudgetPeriod = ClientBudget['period'];

export const typeLabels: Record<BudgetType, string> = { money: 'Money (billable amount)', time: 'Time (hours)', costs: 'Costs' };
export const periodLabels: Record<BudgetPeriod, string> = { general: 'Overall', monthly: 'Monthly', weekly: 'Weekly', daily: 'Daily' };
/** "of the monthly budget": the period as a word in a sentence. */
export const periodWords: Record<BudgetPeriod, string> = { general: 'overall', monthly: 'this month', weekly: 'this week', daily: 'today' };

const hoursFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** An amount in the budget's unit: `$1,200.00` for money and costs (cents), `42.5 h` for time (seconds). */
export function budgetAmount(type: BudgetType, amount: number): string {
  if (type === 'time') return `${hoursFormat.format(amount / 3600)} h`;
  return formatMoney(Math.round(amount), { currency: BUDGET_CURRENCY });
}

export interface BudgetState {
  /** Used in the budget's unit: the server's figure (older servers give only the percent, then from it). */
  used: number;
  remaining: number;
  progress: number;
  /** At or past its threshold (and not over). */
  warning: boolean;
  over: boolean;
}

/** What a budget's progress means: used and remaining amounts, past the threshold, over budget. */
export function budgetState(b: Pick<ClientBudget, 'budget' | 'progress' | 'threshold'> & { used?: number }): BudgetState {
  const used = b.used ?? Math.round((b.budget * b.progress) / 100);
  const over = b.progress > 100;
  return {
    used,
    remaining: b.budget - used,
    progress: b.progress,
    over,
    warning: !over && b.threshold !== null && b.progress >= b.threshold,
  };
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-03-12` → `12 March` (with the year when it is not `thisYear`). */
export function longDay(date: string, thisYear?: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return (thisYear && date.slice(0, 4) !== thisYear.slice(0, 4) ? dayYearFormat : dayFormat).format(d);
}
