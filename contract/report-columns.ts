/**
 * The columns of the report tables, shared by the Reports screen and the report exports of the API
 * (`GET /dashboards/{clients|projects|users}/export`), so both show the same figures to the same roles.
 */
import type { DashboardMetrics } from './dashboards.ts';
import type { Role } from './users.ts';

import type { ReportTab } from './report-tabs.ts';

export type { ReportTab };

/** The name columns in front of the figures, per tab. */
export const nameColumns = {
  clients: [{ id: 'name', label: 'Client' }],
  projects: [
    { id: 'name', label: 'Project' },
    { id: 'client', label: 'Client' },
  ],
  people: [{ id: 'name', label: 'Person' }],
} as const satisfies Record<ReportTab, readonly { id: 'name' | 'client'; label: string }[]>;

/** The file name of a tab's export for a range: `timekeep-projects-2026-01-01-to-2026-01-31.csv`. */
export const reportFileName = (tab: ReportTab | 'time', from: string | undefined, to: string | undefined, ext: 'csv' | 'xlsx' | 'pdf') =>
  `timekeep-${tab}-${from ?? 'all'}-to-${to ?? 'all'}.${ext}`;

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

/** One figure: [key, label, kind, who may see it, definition from docs/dashboards.md]. */
type FigureDef = [key: MetricKey, label: string, kind: FigureKind, level: FigureLevel, definition: string];

/** Every figure of every tab, in table order; the last three only on People (time off). */
// prettier-ignore
const figureTable: FigureDef[] = [
  ['time', 'Time', 'time', 'time', 'All time recorded in the range.'],
  ['billableTime', 'Billable time', 'time', 'time', 'Time on tasks of hourly or fixed-fee projects, unless the task is unbillable. Time without a task is never billable.'],
  ['nonBillableTime', 'Non-billable time', 'time', 'time', 'Time minus billable time.'],
  ['timerTimePc', 'By timer', 'percent', 'time', 'Share of the time recorded with the timer, in whole percent.'],
  ['billableAmount', 'Billable amount', 'money', 'money', 'Billable amount of time plus billable expenses.'],
  ['billableAmountTime', 'Billable from time', 'money', 'money', "Hourly projects: billable hours × bill rate. Fixed-fee projects: the fee, once per report, spread over the project's time in the range."],
  ['billableAmountExpenses', 'Billable from expenses', 'money', 'money', 'Expenses of type billable, re-billed to the client.'],
  ['uninvoicedAmount', 'Uninvoiced', 'money', 'money', 'The part of the billable amount, from time and expenses, not invoiced yet.'],
  ['expenses', 'Expenses', 'money', 'money', 'All expenses in the range.'],
  ['billableExpenses', 'Billable expenses', 'money', 'money', 'Expenses re-billed to the client.'],
  ['separateExpenses', 'Separate expenses', 'money', 'money', "Expenses billed to the client separately, outside this report's billable amount."],
  ['costs', 'Costs', 'money', 'costs', 'Cost of time plus cost expenses.'],
  ['costsTime', 'Cost of time', 'money', 'costs', "Hours × each person's cost rate (or the project's cost override for them)."],
  ['costsExpenses', 'Cost expenses', 'money', 'costs', "Expenses of type cost: the team's own, not re-billed."],
  ['profit', 'Profit', 'money', 'costs', 'Billable amount minus costs; may be negative.'],
  ['profitCosts', 'Return on costs', 'percent', 'costs', 'Profit × 100 ÷ costs, in whole percent (0 when there are no costs).'],
  ['timeOffDays', 'Time off (days)', 'days', 'time', 'Workdays (Monday to Friday) of approved time off inside the range, each counted by its share of a day.'],
  ['timeOffTime', 'Time off', 'time', 'time', 'Time-off days × the weekly capacity ÷ 5.'],
  ['costsTimeOff', 'Cost of time off', 'money', 'costs', 'Cost of paid time off (not included in costs).'],
];

/** Figures with billing rounding, each shown right after its recorded twin when a rounding rule changes the report. */
// prettier-ignore
const roundedTable: [twin: MetricKey, figure: FigureDef][] = [
  ['time', ['roundedTime', 'Rounded time', 'time', 'time', "Time after billing rounding (the team's rule or the project's): each record rounded, or each project's sum in the row."]],
  ['billableTime', ['roundedBillableTime', 'Rounded billable time', 'time', 'time', 'Billable time after billing rounding.']],
  ['billableAmount', ['roundedBillableAmount', 'Rounded billable amount', 'money', 'money', 'Billable amount with time priced after billing rounding, plus billable expenses.']],
];

const timeOffKeys: readonly MetricKey[] = ['timeOffDays', 'timeOffTime', 'costsTimeOff'];
const toColumn = ([key, label, kind, level, definition]: FigureDef): FigureColumn => ({ key, label, kind, level, definition });
const allFigures: FigureColumn[] = figureTable.map(toColumn);
const withRounded: FigureColumn[] = allFigures.flatMap((c) => {
  const twin = roundedTable.find(([k]) => k === c.key);
  return twin ? [c, toColumn(twin[1])] : [c];
});

const levelsOf: Record<Role, readonly FigureLevel[]> = {
  admin: ['time', 'money', 'costs'],
  supervisor: ['time', 'money'],
  member: ['time'],
  member_limited: [],
};

/** Whether `role` may see figures of `level`. */
export const canSee = (role: Role, level: FigureLevel) => levelsOf[role].includes(level);

/** The figure columns of `tab` that `role` may see, in table order. */
export function figureColumns(tab: ReportTab, role: Role, rounded = false): FigureColumn[] {
  return (rounded ? withRounded : allFigures).filter((c) => canSee(role, c.level) && (tab === 'people' || !timeOffKeys.includes(c.key)));
}

export type FigureRow = Partial<Record<MetricKey, number>>;

/** Half up to a whole number. */
export const roundHalfUp = (x: number) => Math.floor(x + 0.5);

/**
 * The totals row of a table: each sum of the rows, and each percent worked out again from the sums
 * (the share by timer weighted by time; the return on costs from total profit and costs).
 */
export function totalsOf(rows: readonly FigureRow[], columns: readonly FigureColumn[]): FigureRow {
  const sum = (k: MetricKey) => rows.reduce((a, r) => a + (r[k] ?? 0), 0);
  const out: FigureRow = {};
  for (const c of columns) out[c.key] = sum(c.key);
  if ('timerTimePc' in out) {
    const time = sum('time');
    out.timerTimePc = time ? roundHalfUp(rows.reduce((a, r) => a + (r.timerTimePc ?? 0) * (r.time ?? 0), 0) / time) : 0;
  }
  if ('profitCosts' in out) {
    const costs = sum('costs');
    out.profitCosts = costs ? roundHalfUp((sum('profit') * 100) / costs) : 0;
  }
  if ('timeOffDays' in out) out.timeOffDays = Math.round(sum('timeOffDays') * 100) / 100;
  return out;
}

/** Whether billing rounding changes any figure of the rows (a rule applies and rounds something). */
export const roundingChanges = (rows: readonly FigureRow[]) =>
  rows.some(
    (r) =>
      (r.roundedTime ?? r.time) !== r.time ||
      (r.roundedBillableTime ?? r.billableTime) !== r.billableTime ||
      (r.roundedBillableAmount ?? r.billableAmount) !== r.billableAmount,
  );
