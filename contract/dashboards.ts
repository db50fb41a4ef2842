import { z } from 'zod';
import { dateString, numericId, numericIdQuery, projectId, XLSX_TYPE } from './common.ts';
import { billingType } from './projects.ts';
import { defineRoute } from './route.ts';

const filterFields = {
  'date.gte': dateString.optional(),
  'date.lte': dateString.optional(),
  date_gte: dateString.optional(),
  date_lte: dateString.optional(),
  projectId: projectId.optional(),
  clientId: numericIdQuery('client').optional(),
  memberId: numericIdQuery('user').optional(),
};

/** `date_gte` / `date_lte` are other spellings of `date.gte` / `date.lte`; the dotted one wins. */
const oneDateSpelling = <
  T extends {
    'date.gte'?: string | undefined;
    'date.lte'?: string | undefined;
    date_gte?: string | undefined;
    date_lte?: string | undefined;
  },
>({
  date_gte,
  date_lte,
  ...q
}: T) => ({ ...q, 'date.gte': q['date.gte'] ?? date_gte, 'date.lte': q['date.lte'] ?? date_lte });
type Spellings = {
  'date.gte'?: string | undefined;
  'date.lte'?: string | undefined;
  date_gte?: string | undefined;
  date_lte?: string | undefined;
};
/** The range in either spelling runs forwards; the error names the parameter as the request spelled it. */
const orderedRange = (q: Spellings, ctx: z.RefinementCtx) => {
  const gte = q['date.gte'] ?? q.date_gte;
  const lte = q['date.lte'] ?? q.date_lte;
  if (gte && lte && gte > lte)
    ctx.addIssue({
      code: 'custom',
      message: 'date.gte must not be after date.lte',
      path: [q['date.gte'] !== undefined ? 'date.gte' : 'date_gte'],
    });
};

export const dashboardQuery = z.object(filterFields).superRefine(orderedRange).transform(oneDateSpelling);
export type DashboardQuery = z.output<typeof dashboardQuery>;

/**
 * Query of a report's export: the dashboard filters, plus `format`, `csv` (the default), `xlsx` or `pdf`, and
 * for the PDF its `paper`, `a4` (the default) or `letter`.
 */
export const dashboardExportQuery = z
  .object({
    ...filterFields,
    format: z.enum(['csv', 'xlsx', 'pdf'], { error: 'Must be csv, xlsx or pdf' }).default('csv'),
    paper: z.enum(['a4', 'letter'], { error: 'Must be a4 or letter' }).default('a4'),
  })
  .superRefine(orderedRange)
  .transform(oneDateSpelling);
export type DashboardExportQuery = z.output<typeof dashboardExportQuery>;

/** A report's export route: the table of `GET /dashboards/{report}` as a file. */
const exportRoute = <const P extends string>(path: P, what: string) =>
  defineRoute({
    method: 'get',
    path,
    tag: 'Reports',
    summary: `${what} report as CSV, Excel or PDF (A4, or US Letter with paper=letter)`,
    query: dashboardExportQuery,
    status: 200,
    produces: ['text/csv', XLSX_TYPE, 'application/pdf'],
  });

const int = z.number().int();
/**
 * The figures of a row (docs/dashboards.md defines each). Seconds and integer cents; `timerTimePc` and
 * `profitCosts` are whole percent. Money fields are absent for members; cost and profit fields for
 * everyone but admins.
 */
export const dashboardMetrics = z.object({
  time: int,
  billableTime: int,
  nonBillableTime: int,
  timerTimePc: int,
  /**
   * The time figures with billing rounding (docs/dashboards.md, "Rounding"); equal to the recorded ones
   * where no rule applies. Costs, profit and uninvoiced amounts stay on recorded time.
   */
  roundedTime: int,
  roundedBillableTime: int,
  roundedNonBillableTime: int,
  roundedBillableAmount: int.optional(),
  roundedBillableAmountTime: int.optional(),
  billableAmount: int.optional(),
  billableAmountTime: int.optional(),
  billableAmountExpenses: int.optional(),
  costs: int.optional(),
  costsTime: int.optional(),
  costsExpenses: int.optional(),
  profit: int.optional(),
  profitCosts: int.optional(),
  uninvoicedAmount: int.optional(),
  expenses: int.optional(),
  billableExpenses: int.optional(),
  separateExpenses: int.optional(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetrics>;

export const clientDashboardRow = dashboardMetrics.extend({ clientId: numericId, clientName: z.string() });
export const projectDashboardRow = dashboardMetrics.extend({
  projectId,
  projectName: z.string(),
  projectStatus: z.enum(['open', 'archived']),
  workspaceId: z.string(),
  workspaceName: z.string(),
  clientId: numericId.nullable(),
  clientName: z.string().nullable(),
  billingType,
});
export const userDashboardRow = dashboardMetrics.extend({
  memberId: numericId,
  memberName: z.string(),
  memberHeadline: z.string(),
  memberAvatarUrl: z.string(),
  memberStatus: z.enum(['active', 'invited', 'pending', 'removed']),
  timeOffTime: int,
  timeOffDays: z.number(),
  costsTimeOff: int.optional(),
});

/**
 * Query of the trend: the dashboard filters, plus `interval` (`day`, or `week` starting on the team's first
 * day of the week) and `report`, the report whose time the trend splits over the range: `clients` (time on
 * projects with a client), `projects` (time on projects) or `users` (all time, the default).
 */
export const dashboardTrendQuery = z
  .object({
    ...filterFields,
    interval: z.enum(['day', 'week']).default('day'),
    report: z.enum(['clients', 'projects', 'users']).default('users'),
  })
  .superRefine(orderedRange)
  .transform(oneDateSpelling);
export type DashboardTrendQuery = z.output<typeof dashboardTrendQuery>;

/** Time of one day or week (`date` is its first day) with time in the filter; days or weeks without time are left out. */
export const dashboardTrendPoint = z.object({ date: dateString, time: int, billableTime: int, nonBillableTime: int });
export type DashboardTrendPoint = z.infer<typeof dashboardTrendPoint>;

const T = 'Reports';
export const dashboardRoutes = {
  clients: defineRoute({
    method: 'get',
    path: '/dashboards/clients',
    tag: T,
    summary: 'Client report',
    query: dashboardQuery,
    status: 200,
    response: z.array(clientDashboardRow),
  }),
  projects: defineRoute({
    method: 'get',
    path: '/dashboards/projects',
    tag: T,
    summary: 'Project report',
    query: dashboardQuery,
    status: 200,
    response: z.array(projectDashboardRow),
  }),
  users: defineRoute({
    method: 'get',
    path: '/dashboards/users',
    tag: T,
    summary: 'User report',
    query: dashboardQuery,
    status: 200,
    response: z.array(userDashboardRow),
  }),
  trend: defineRoute({
    method: 'get',
    path: '/dashboards/trend',
    tag: T,
    summary: 'Time per day or week, billable and non-billable',
    query: dashboardTrendQuery,
    status: 200,
    response: z.array(dashboardTrendPoint),
  }),
  clientsExport: exportRoute('/dashboards/clients/export', 'Client'),
  projectsExport: exportRoute('/dashboards/projects/export', 'Project'),
  usersExport: exportRoute('/dashboards/users/export', 'User'),
};
