import type { Hono } from 'hono';
import { dashboardRoutes } from '../../../contract/dashboards.ts';
import type { AppEnv } from '../../http/env.ts';
import { register } from '../../http/route.ts';
import { registerReportExports } from './export.ts';
import { filterFor } from './filter.ts';
import { clientReport, projectReport, userReport } from './reports.ts';
import { registerTrendRoute } from './trend.ts';

export function registerDashboardRoutes(app: Hono<AppEnv>) {
  registerTrendRoute(app);
  registerReportExports(app);
  register(app, dashboardRoutes.clients, async (c, { query }, caller) => {
    const { filter, visibility } = filterFor(caller, c.get('scope').teamId, query);
    return clientReport(c.get('scope'), filter, visibility);
  });
  register(app, dashboardRoutes.projects, async (c, { query }, caller) => {
    const { filter, visibility } = filterFor(caller, c.get('scope').teamId, query);
    return projectReport(c.get('scope'), filter, visibility);
  });
  register(app, dashboardRoutes.users, async (c, { query }, caller) => {
    const { filter, visibility } = filterFor(caller, c.get('scope').teamId, query);
    return userReport(c.get('scope'), filter, visibility);
  });
}
