import type { DashboardMetrics } from '../../../contract/dashboards.ts';
import type { ExpenseTotals, TimeTotals } from './queries.ts';

/** Whole percent, half up; 0 when the base is 0. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part * 100) / whole + 0.5));

/** What a role may see of a row (DESIGN.md §3): admins everything, supervisors no costs or profit, members time only. */
export type Visibility = 'all' | 'billable' | 'time';

/** Every figure of one row from its time and expense sums (docs/dashboards.md). */
export function metrics(t: TimeTotals | undefined, e: ExpenseTotals | undefined, visibility: Visibility): DashboardMetrics {
  const time = t?.time ?? 0;
  const billableTime = t?.billableTime ?? 0;
  const roundedTime = t?.roundedTime ?? 0;
  const roundedBillableTime = t?.roundedBillableTime ?? 0;
  const base: DashboardMetrics = {
    time,
    billableTime,
    nonBillableTime: time - billableTime,
    timerTimePc: percent(t?.timerTime ?? 0, time),
    roundedTime,
    roundedBillableTime,
    roundedNonBillableTime: roundedTime - roundedBillableTime,
  };
  if (visibility === 'time') return base;
  const billableAmountTime = t?.billableAmountTime ?? 0;
  const billableAmountExpenses = e?.billableExpenses ?? 0;
  const billableAmount = billableAmountTime + billableAmountExpenses;
  const withBillable: DashboardMetrics = {
    ...base,
    billableAmount,
    billableAmountTime,
    billableAmountExpenses,
    roundedBillableAmount: (t?.roundedBillableAmountTime ?? 0) + billableAmountExpenses,
    roundedBillableAmountTime: t?.roundedBillableAmountTime ?? 0,
    uninvoicedAmount: (t?.uninvoicedTime ?? 0) + (e?.uninvoicedExpenses ?? 0),
    expenses: e?.expenses ?? 0,
    billableExpenses: e?.billableExpenses ?? 0,
    separateExpenses: e?.separateExpenses ?? 0,
  };
  if (visibility === 'billable') return withBillable;
  const costsTime = t?.costsTime ?? 0;
  const costsExpenses = e?.costsExpenses ?? 0;
  const costs = costsTime + costsExpenses;
  const profit = billableAmount - costs;
  return { ...withBillable, costs, costsTime, costsExpenses, profit, profitCosts: percent(profit, costs) };
}
