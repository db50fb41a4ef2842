import { z } from 'zod';
import { dateString, dateTimeString, numericId, numericIdParam, projectId } from './common.ts';
import { reportTabs } from './report-tabs.ts';
import { defineRoute } from './route.ts';
import { addDays, monthSpan, weekStartDate } from './weeks.ts';

// Saved reports stand in a contract file of their own: the Reports screen loads them, the first screen does not.

/**
 * A range that moves with the day the report is opened on (in the opener's own time zone), or `custom`: the
 * saved `from` and `to`.
 */
export const reportPeriods = ['custom', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'thisYear', 'lastYear'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** The report's filters, as the Reports screen's address holds them. */
export const savedReportFilters = z
  .object({
    from: dateString.optional(),
    to: dateString.optional(),
    client: numericId.optional(),
    project: projectId.optional(),
    person: numericId.optional(),
    /** A column of the tab's table, `-` first for descending. */
    sort: z
      .string()
      .regex(/^-?[a-zA-Z]{1,40}$/, 'Must be a column name')
      .optional(),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The range ends before it starts', path: ['to'] });
export type SavedReportFilters = z.infer<typeof savedReportFilters>;

/** Most people one saved report is sent to. */
export const MAX_REPORT_RECIPIENTS = 50;

/**
 * A saved report sent by email: each week on the team's first weekday, or each month on its first day, at the
 * team's digest time in each recipient's own time zone, as a PDF of what that recipient may see, with a link to
 * the live report.
 */
export const reportEmail = z
  .object({
    every: z.enum(['week', 'month'], { error: 'Must be week or month' }),
    to: z
      .array(numericId)
      .min(1, 'Choose who gets it')
      .max(MAX_REPORT_RECIPIENTS, `At most ${MAX_REPORT_RECIPIENTS} people`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each person once'),
  })
  .strict();
export type ReportEmail = z.infer<typeof reportEmail>;

export const savedReportBody = z
  .object({
    name: z.string().trim().min(1, 'Give the report a name').max(100, 'At most 100 characters'),
    tab: z.enum(reportTabs),
    period: z.enum(reportPeriods),
    filters: savedReportFilters,
    /** Listed for everyone in the team who may open the tab (each sees only what they may see); otherwise only its owner's. */
    shared: z.boolean(),
    /** Sent by email, or `null` (the default): not sent. Others than its owner get it only when it is shared. */
    email: reportEmail.nullable().default(null),
  })
  .strict();
export type SavedReportBody = z.infer<typeof savedReportBody>;

export const savedReport = z.object({
  id: numericId,
  name: z.string(),
  tab: z.enum(reportTabs),
  period: z.enum(reportPeriods),
  filters: savedReportFilters,
  shared: z.boolean(),
  /** Whom it is emailed to and how often: shown to its owner only (`null` for others). */
  email: reportEmail.nullable(),
  /** The person who saved it; only they change it (admins may also delete a shared one). */
  owner: numericId,
  createdAt: dateTimeString,
  updatedAt: dateTimeString,
});
export type SavedReport = z.infer<typeof savedReport>;

/** Most reports one person keeps. */
export const MAX_SAVED_REPORTS = 100;

/**
 * The days a period covers when the report is opened on `today` (`YYYY-MM-DD`, the opener's local day), weeks
 * starting on `weekStart` (0 = Sunday); null for `custom` (the saved days stand).
 */
export function periodRange(period: ReportPeriod, today: string, weekStart: number): { from: string; to: string } | null {
  const week = (shift: number) => {
    const from = addDays(weekStartDate(today, weekStart), shift * 7);
    return { from, to: addDays(from, 6) };
  };
  const january = `${today.slice(0, 4)}-01-01`;
  switch (period) {
    case 'custom':
      return null;
    case 'thisWeek':
      return week(0);
    case 'lastWeek':
      return week(-1);
    case 'thisMonth':
      return monthSpan(today);
    case 'lastMonth':
      return monthSpan(today, -1);
    case 'thisYear':
      return monthSpan(january, 0, 12);
    case 'lastYear':
      return monthSpan(january, -12, 12);
  }
}

const T = 'Reports';
const params = z.object({ report_id: numericIdParam });
export const savedReportRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/reports/saved',
    tag: T,
    summary: "The caller's saved reports and those shared in the team, of the tabs the caller may open, by name",
    status: 200,
    response: z.array(savedReport),
  }),
  create: defineRoute({
    method: 'post',
    path: '/reports/saved',
    tag: T,
    summary: 'Saves a report: a tab of the Reports screen, its filters and its range, under a name',
    body: savedReportBody,
    status: 201,
    response: savedReport,
    answers: { 403: 'The caller may not open that tab', 409: 'The caller keeps the most saved reports there may be' },
  }),
  update: defineRoute({
    method: 'put',
    path: '/reports/saved/{report_id}',
    tag: T,
    summary: "Changes a saved report (its owner's)",
    params,
    body: savedReportBody,
    status: 200,
    response: savedReport,
    answers: { 403: "Only the report's owner changes it" },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/reports/saved/{report_id}',
    tag: T,
    summary: "Deletes a saved report (its owner's, or a shared one by an admin)",
    params,
    status: 204,
    answers: { 403: "Only the report's owner, or an admin when it is shared, deletes it" },
  }),
};
