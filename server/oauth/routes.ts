import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { registerMcpRoutes } from '../mcp/routes.ts';
import { registerAccountRoutes } from './account.ts';
import { registerAuthorizeRoutes } from './authorize.ts';
import { registerMetadataRoutes } from './metadata.ts';
import { FAVICON_PATH, FAVICON_SVG } from './page-style.ts';
import { registerRegistrationRoute } from './register.ts';
import { registerSignInTwoFactorRoutes } from './signin-two-factor.ts';
import { registerTokenRoutes } from './token.ts';

/** The OAuth 2.1 authorization server (discovery, registration, authorize, token, revoke, account pages) and the /mcp resource. */
export function registerOAuthRoutes(app: Hono<AppEnv>) {
  registerMetadataRoutes(app);
  registerRegistrationRoute(app);
  registerAuthorizeRoutes(app);
  registerSignInTwoFactorRoutes(app);
  registerTokenRoutes(app);
  registerAccountRoutes(app);
  registerMcpRoutes(app);
  app.get(FAVICON_PATH, (c) => c.body(FAVICON_SVG, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }));
}
