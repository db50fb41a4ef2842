import type { RouteDef } from './route.ts';
import { clientRoutes } from './clients.ts';
import { projectRoutes } from './projects.ts';
import { sectionRoutes, taskRoutes } from './tasks.ts';
import { userRoutes } from './users.ts';
import { teamSecurityRoutes } from './team-security.ts';
import { oauthRoutes } from './oauth.ts';
import { webhookRoutes } from './webhooks.ts';
import { timesheetRoutes } from './timesheets.ts';
import { approvalRoutes } from './approvals.ts';
import { timecardRoutes } from './timecards.ts';
import { timeOffRoutes } from './timeoff.ts';
import { plannerRoutes } from './planner.ts';
import { timeRoutes, timerRoutes } from './time.ts';
import { attachmentRoutes } from './attachments.ts';
import { dashboardRoutes } from './dashboards.ts';
import { expenseRoutes } from './expenses.ts';
import { fieldRoutes } from './fields.ts';
import { invoiceRoutes } from './invoices.ts';
import { teamBillingRoutes } from './team-billing.ts';
import { appRoutes } from './apps.ts';
import { opsRoutes } from './ops.ts';
import { roundingRoutes } from './rounding-routes.ts';
import { notificationRoutes } from './notifications.ts';
import { reminderRoutes } from './reminders.ts';
import { importRoutes } from './imports.ts';
import { auditRoutes } from './audit-log.ts';
import { autoLockRoutes } from './auto-lock-routes.ts';
import { savedReportRoutes } from './saved-reports.ts';

/** Every operation of the interface, by area. The server registers exactly these. */
export const routeGroups: Record<string, Record<string, RouteDef>> = {
  users: userRoutes,
  teamSecurity: teamSecurityRoutes,
  ops: opsRoutes,
  clients: clientRoutes,
  projects: projectRoutes,
  sections: sectionRoutes,
  tasks: taskRoutes,
  oauth: oauthRoutes,
  hooks: webhookRoutes,
  timesheets: timesheetRoutes,
  approvals: approvalRoutes,
  timecards: timecardRoutes,
  timeOff: timeOffRoutes,
  planner: plannerRoutes,
  time: timeRoutes,
  timers: timerRoutes,
  attachments: attachmentRoutes,
  expenses: expenseRoutes,
  fields: fieldRoutes,
  dashboards: dashboardRoutes,
  savedReports: savedReportRoutes,
  invoices: invoiceRoutes,
  teamBilling: teamBillingRoutes,
  rounding: roundingRoutes,
  notifications: notificationRoutes,
  reminders: reminderRoutes,
  autoLock: autoLockRoutes,
  imports: importRoutes,
  auditLog: auditRoutes,
  apps: appRoutes,
};

export const allRoutes = (): RouteDef[] => Object.values(routeGroups).flatMap((g) => Object.values(g));
