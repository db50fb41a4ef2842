import type { DashboardMetrics } from '../../../contract/dashboards.ts';
import type { Role } from '../../../contract/users.ts';

import type { ReportTab } from './access.ts';

export type { ReportTab };

/** How a figure is written: seconds as hours, cents as money, a whole percent, or days. */
export type FigureKind = 'time' | 'money' | 'percent' | 'days';

/** Who may see a figure (DESIGN.md roles table): every reader, readers of money (not members), or admins (costs, profit). */
export type FigureLevel = 'time' | 'money' | 'costs';

export type MetricKey = keyof DashboardMetrics | 'timeOffTime' | 'timeOffDays' | 'costsTimeOff';

export interface FigureColumn {
  key: MetricKey;
  label: string;
  kind: FigureKind;
  level: FigureLevel;
  /** What the figure means, from docs/dashboards.md: shown on the column's header. */
  definition: string;
}

const metric = (key: MetricKey, label: string, kind: FigureKind, level: FigureLevel, definition: string): FigureColumn => ({
  key,
  label,
  kind,
  level,
  definition,
});

/** Every figure of every tab, in table order (docs/dashboards.md defines each). */
const common: FigureColumn[] = [
  metric('time', 'Time', 'time', 'time', 'All time recorded in the range.'),
  metric(
    'billableTime',
    'Billable time',
    'time',
    'time',
    'Time on tasks of hourly or fixed-fee projects, unless the task is unbillable. Time without a task is never billable.',
  ),
  metric('nonBillableTime', 'Non-billable time', 'time', 'time', 'Time minus billable time.'),
  metric('timerTimePc', 'By timer', 'percent', 'time', 'Share of the time recorded with the timer, in whole percent.'),
  metric('billableAmount', 'Billable amount', 'money', 'money', 'Billable amount of time plus billable expenses.'),
  metric(
    'billableAmountTime',
    'Billable from time',
    'money',
    'money',
    "Hourly projects: billable hours × bill rate. Fixed-fee projects: the fee, once per report, spread over the project's time in the range.",
  ),
  metric('billableAmountExpenses', 'Billable from expenses', 'money', 'money', 'Expenses of type billable, re-billed to the client.'),
  metric('uninvoicedAmount', 'Uninvoiced', 'money', 'money', 'The part of the billable amount, from time and expenses, not invoiced yet.'),
  metric('expenses', 'Expenses', 'money', 'money', 'All expenses in the range.'),
  metric('billableExpenses', 'Billable expenses', 'money', 'money', 'Expenses re-billed to the client.'),
  metric(
    'separateExpenses',
    'Separate expenses',
    'money',
    'money',
    "Expenses billed to the client separately, outside this report's billable amount.",
  ),
  metric('costs', 'Costs', 'money', 'costs', 'Cost of time plus cost expenses.'),
  metric('costsTime', 'Cost of time', 'money', 'costs', "Hours × each person's cost rate (or the project's cost override for them)."),
  metric('costsExpenses', 'Cost expenses', 'money', 'costs', "Expenses of type cost: the team's own, not re-billed."),
  metric('profit', 'Profit', 'money', 'costs', 'Billable amount minus costs; may be negative.'),
  metric('profitCosts', 'Return on costs', 'percent', 'costs', 'Profit × 100 ÷ costs, in whole percent (0 when there are no costs).'),
];

const timeOff: FigureColumn[] = [
  metric(
    'timeOffDays',
    'Time off (days)',
    'days',
    'time',
    'Workdays (Monday to Friday) of approved time off inside the range, each counted by its share of a day.',
  ),
  metric('timeOffTime', 'Time off', 'time', 'time', 'Time-off days × the weekly capacity ÷ 5.'),
  metric('costsTimeOff', 'Cost of time off', 'money', 'costs', 'Cost of paid time off (not included in costs).'),
];

const levelsOf: Record<Role, readonly FigureLevel[]> = {
  admin: ['time', 'money', 'costs'],
  supervisor: ['time', 'money'],
  member: ['time'],
  member_limited: [],
};

/** Whether `role` may see figures of `level`. */
export const canSee = (role: Role, level: FigureLevel) => levelsOf[role].includes(level);

/** The figure columns of `tab` that `role` may see, in table order. */
export function figureColumns(tab: ReportTab, role: Role): FigureColumn[] {
  const all = tab === 'people' ? [...common, ...timeOff] : common;
  return all.filter((c) => canSee(role, c.level));
}
