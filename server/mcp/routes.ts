import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { users } from '../db/schema/index.ts';
import { limitAuthFailures } from '../http/auth-failures.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { consumeRateLimit } from '../http/rate-limit.ts';
import { challenge, verifyAccessToken } from '../oauth/verify.ts';
import { createMcpServer, type ApiCall } from './tools.ts';

/**
 * `/mcp`: the Model Context Protocol endpoint (streamable HTTP, stateless: one server per request).
 * Accepts only access tokens for `{base}/mcp`; each tool calls the REST API in-process with the user's own API
 * key (decrypted here, never leaving the process), so every permission rule is the REST one.
 */
const MAX_BODY = 1024 * 1024;

export function registerMcpRoutes(app: Hono<AppEnv>) {
  const limit = bodyLimit({ maxSize: MAX_BODY, onError: (c) => c.json({ code: 413, message: 'Request body is too large' }, 413) });
  app.post('/mcp', limit, async (c) => {
    const deps = c.get('deps');
    // DNS-rebinding protection (MCP transport spec): a browser origin must be this server's or an allowed web origin.
    const origin = c.req.header('origin');
    if (origin && origin !== new URL(deps.config.publicUrl).origin && !deps.config.webOrigins.includes(origin)) {
      return c.json({ code: 403, message: 'This origin may not use the MCP endpoint' }, 403);
    }
    const authz = c.req.header('authorization');
    if (!authz) {
      return c.json({ code: 401, message: 'Unauthorized' }, 401, { 'WWW-Authenticate': challenge(deps, 'mcp') });
    }
    const verified = await limitAuthFailures(c, async () => {
      const v = await verifyAccessToken(deps, c.req.raw, 'mcp');
      if (!v.ok) throw new ApiError(401, v.description, undefined, { 'WWW-Authenticate': challenge(deps, 'mcp', v) });
      return v;
    });
    const [user] = await deps.db.select().from(users).where(eq(users.id, verified.userId)).limit(1);
    if (!user || user.status !== 'active')
      return c.json({ code: 401, message: 'This account is not active' }, 401, { 'WWW-Authenticate': challenge(deps, 'mcp') });
    await consumeRateLimit(c, `u:${user.id}`);

    const apiKey = deps.secrets.decrypt(user.apiKeyEnc);
    const api: ApiCall = async (method, path, body) => {
      const headers: Record<string, string> = { 'X-Api-Key': apiKey };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await app.request(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = { message: `Unexpected response (${res.status})` };
      }
      return { status: res.status, body: parsed };
    };

    const server = createMcpServer(api);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, {
        authInfo: { token: '', clientId: verified.clientId, scopes: [], extra: { userId: user.id } },
      });
    } finally {
      await server.close();
    }
  });

  // No server-initiated stream and no sessions: the endpoint is stateless (streamable HTTP allows 405 here).
  app.all('/mcp', (c) =>
    c.json({ code: 405, message: 'This MCP endpoint is stateless: send JSON-RPC messages with POST' }, 405, { Allow: 'POST' }),
  );
}
