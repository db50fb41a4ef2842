import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { allRoutes } from '../contract/index.ts';
import { buildOpenApi } from '../contract/openapi.ts';
import type { AppEnv, Deps } from './http/env.ts';
import { ApiError } from './http/errors.ts';
import { refuseNul } from './http/nul.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './http/idempotency.ts';
import { registerClientRoutes } from './modules/clients/routes.ts';
import { registerProjectRoutes } from './modules/projects/routes.ts';
import { registerTaskRoutes } from './modules/tasks/routes.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { registerCredentialRoutes } from './modules/users/credentials.ts';
import { registerTimeRoutes } from './modules/time/routes.ts';
import { registerTimesheetRoutes } from './modules/timesheets/routes.ts';
import { registerApprovalRoutes } from './modules/approvals/routes.ts';
import { registerExpenseRoutes } from './modules/expenses/routes.ts';
import { registerInvoiceRoutes } from './modules/invoices/routes.ts';
import { registerBillingRoutes } from './modules/billing/routes.ts';
import { registerImportRoutes } from './modules/imports/routes.ts';
import { registerWebhookRoutes } from './modules/webhooks/routes.ts';
import { registerNotificationRoutes } from './modules/notifications/routes.ts';
import { registerAuditRoutes } from './modules/audit/routes.ts';
import { registerReminderRoutes } from './modules/reminders/routes.ts';
import { registerSavedReportRoutes } from './modules/reports/routes.ts';
import { registerOAuthRoutes } from './oauth/routes.ts';
import { createTokenVerifier } from './oauth/verify.ts';
import { registerOpsRoutes, REQUEST_ID_HEADER, requestMiddleware } from './ops/routes.ts';
import { createOps } from './ops/state.ts';
import { AuthCache } from './http/auth-cache.ts';
import { limitUnauthenticated, presentsApiCredential } from './http/unauthenticated.ts';
import { limitAuthFailures } from './http/auth-failures.ts';
import { authenticate } from './http/auth.ts';

/** Route modules, one per area. */
const modules = [
  registerUserRoutes,
  registerCredentialRoutes,
  registerClientRoutes,
  registerProjectRoutes,
  registerTaskRoutes,
  registerTimeRoutes,
  registerTimesheetRoutes,
  registerApprovalRoutes,
  registerExpenseRoutes,
  registerInvoiceRoutes,
  registerBillingRoutes,
  registerImportRoutes,
  registerWebhookRoutes,
  registerNotificationRoutes,
  registerReminderRoutes,
  registerSavedReportRoutes,
  registerAuditRoutes,
  registerOAuthRoutes,
];

export function createApp(deps: Deps) {
  deps.verifyToken ??= createTokenVerifier(deps);
  const app = new Hono<AppEnv>();

  const ops = (deps.ops ??= createOps());
  deps.authCache ??= new AuthCache(deps.config.authCacheMs ?? 0);
  requestMiddleware(app, deps, ops);
  app.use(
    '*',
    cors({
      origin: (origin) => (deps.config.webOrigins.includes(origin) ? origin : null),
      allowHeaders: [
        'Content-Type',
        'Authorization',
        'DPoP',
        'X-Api-Key',
        'X-Accept-Version',
        'X-Skip-Handshake',
        IDEMPOTENCY_HEADER,
        REQUEST_ID_HEADER,
      ],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: [
        'Retry-After',
        'RateLimit',
        'RateLimit-Policy',
        'WWW-Authenticate',
        'DPoP-Nonce',
        'Content-Disposition',
        REPLAYED_HEADER,
        REQUEST_ID_HEADER,
      ],
      maxAge: 600,
    }),
  );
  refuseNul(app);

  // No answer is ever to be read by a browser as another type than the one it declares (JSON as script or HTML).
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

  limitUnauthenticated(app);
  registerOpsRoutes(app, deps, ops);

  const openapi = buildOpenApi(allRoutes(), deps.config.publicUrl);
  app.get('/openapi.json', (c) => c.json(openapi));

  for (const register of modules) register(app);

  app.notFound(async (c) => {
    // An unknown path with a credential: a bad one counts as a failed authentication, so it is no way around the limits.
    if (presentsApiCredential(c)) await limitAuthFailures(c, () => authenticate(c));
    return c.json({ code: 404, message: 'Not found' }, 404);
  });
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json(err.body(), err.status as 400);
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ code: err.status, message: err.status === 413 ? 'Request body is too large' : 'Bad request' }, err.status);
    }
    const requestId = c.get('requestId');
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : undefined;
    deps.logger.error('request failed', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      cause,
    });
    // The spec's table answers a server-side fault with 503; the request id lets the operator find the log entry.
    return c.json({ code: 503, message: `Service unavailable: a server-side fault (request ${requestId})` }, 503);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
