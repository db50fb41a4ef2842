import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../http/env.ts';
import { DPOP_ALGS } from './dpop.ts';
import { jwks } from './keys.ts';
import { mcpAudience } from './util.ts';

/** RFC 8414 authorization server metadata. */
export function authorizationServerMetadata(deps: Deps) {
  const base = deps.config.publicUrl;
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    jwks_uri: `${base}/oauth/jwks`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    dpop_signing_alg_values_supported: DPOP_ALGS,
    authorization_response_iss_parameter_supported: true,
    scopes_supported: [],
    service_documentation: `${base}/openapi.json`,
  };
}

/** RFC 9728 protected resource metadata, for the REST API or the `/mcp` resource. */
export function protectedResourceMetadata(deps: Deps, resource: 'api' | 'mcp') {
  return {
    resource: resource === 'mcp' ? mcpAudience(deps) : deps.config.publicUrl,
    authorization_servers: [deps.config.publicUrl],
    bearer_methods_supported: ['header'],
    resource_name: resource === 'mcp' ? 'Timekeep MCP' : 'Timekeep API',
    dpop_signing_alg_values_supported: DPOP_ALGS,
    dpop_bound_access_tokens_required: false,
  };
}

const cached = (maxAge: number) => ({ 'Cache-Control': `public, max-age=${maxAge}` });

export function registerMetadataRoutes(app: Hono<AppEnv>) {
  app.get('/.well-known/oauth-authorization-server', (c) => c.json(authorizationServerMetadata(c.get('deps')), 200, cached(3600)));
  app.get('/.well-known/oauth-protected-resource', (c) => c.json(protectedResourceMetadata(c.get('deps'), 'api'), 200, cached(3600)));
  app.get('/.well-known/oauth-protected-resource/mcp', (c) => c.json(protectedResourceMetadata(c.get('deps'), 'mcp'), 200, cached(3600)));
  app.get('/oauth/jwks', async (c) => c.json(await jwks(c.get('deps')), 200, cached(300)));
}
