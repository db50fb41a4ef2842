import { z } from 'zod';
import { defineRoute } from './route.ts';

/**
 * OAuth 2.1 wire shapes (RFC 8414, RFC 9728, RFC 7591, RFC 6749, RFC 7517) and the operations of the
 * authorization server and the /mcp resource, for the OpenAPI document. The token, revocation and page
 * endpoints take `application/x-www-form-urlencoded` bodies, as the RFCs say.
 */

export const authorizationServerMetadata = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string(),
  revocation_endpoint: z.string(),
  jwks_uri: z.string(),
  response_types_supported: z.array(z.literal('code')),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.enum(['authorization_code', 'refresh_token'])),
  code_challenge_methods_supported: z.array(z.literal('S256')),
  token_endpoint_auth_methods_supported: z.array(z.literal('none')),
  revocation_endpoint_auth_methods_supported: z.array(z.literal('none')),
  dpop_signing_alg_values_supported: z.array(z.string()),
  authorization_response_iss_parameter_supported: z.boolean(),
  scopes_supported: z.array(z.string()),
  service_documentation: z.string(),
});

export const protectedResourceMetadata = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  bearer_methods_supported: z.array(z.literal('header')),
  resource_name: z.string(),
  dpop_signing_alg_values_supported: z.array(z.string()),
  dpop_bound_access_tokens_required: z.boolean(),
});

export const jwks = z.object({
  keys: z.array(
    z.object({
      kty: z.string(),
      crv: z.string(),
      x: z.string(),
      y: z.string(),
      kid: z.string(),
      alg: z.literal('ES256'),
      use: z.literal('sig'),
    }),
  ),
});

export const clientRegistrationRequest = z.object({
  client_name: z.string().min(1).max(100).optional(),
  redirect_uris: z.array(z.string()).min(1).max(10),
  token_endpoint_auth_method: z.literal('none').optional(),
  grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
  response_types: z.array(z.literal('code')).optional(),
});

export const clientRegistrationResponse = z.object({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_name: z.string(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])),
  response_types: z.array(z.literal('code')),
  token_endpoint_auth_method: z.literal('none'),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.enum(['Bearer', 'DPoP']),
  expires_in: z.number().int(),
  refresh_token: z.string(),
});

/** RFC 6749 §5.2 error body (also RFC 7591 registration errors). */
export const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });

const T = 'OAuth';
const html = 'text/html';

export const oauthRoutes = {
  asMetadata: defineRoute({
    method: 'get',
    path: '/.well-known/oauth-authorization-server',
    tag: T,
    summary: 'Authorization server metadata (RFC 8414)',
    auth: 'none',
    status: 200,
    response: authorizationServerMetadata,
  }),
  resourceMetadata: defineRoute({
    method: 'get',
    path: '/.well-known/oauth-protected-resource',
    tag: T,
    summary: 'Protected resource metadata of the REST API (RFC 9728)',
    auth: 'none',
    status: 200,
    response: protectedResourceMetadata,
  }),
  mcpResourceMetadata: defineRoute({
    method: 'get',
    path: '/.well-known/oauth-protected-resource/mcp',
    tag: T,
    summary: 'Protected resource metadata of /mcp (RFC 9728)',
    auth: 'none',
    status: 200,
    response: protectedResourceMetadata,
  }),
  jwks: defineRoute({
    method: 'get',
    path: '/oauth/jwks',
    tag: T,
    summary: 'Public keys that sign access tokens (JWKS)',
    auth: 'none',
    status: 200,
    response: jwks,
  }),
  register: defineRoute({
    method: 'post',
    path: '/oauth/register',
    tag: T,
    summary:
      'Dynamic client registration of a public client (RFC 7591); 400 invalid_redirect_uri or invalid_client_metadata; rate-limited per address',
    auth: 'none',
    body: clientRegistrationRequest,
    status: 201,
    response: clientRegistrationResponse,
    oauthErrors: true,
    answers: {
      400: 'invalid_redirect_uri or invalid_client_metadata (RFC 7591)',
      413: 'invalid_client_metadata: the metadata is too large',
      429: 'slow_down: too many registrations from this address (Retry-After)',
    },
  }),
  authorize: defineRoute({
    method: 'get',
    path: '/oauth/authorize',
    tag: T,
    summary:
      'Authorization request (code, PKCE S256): the sign-in or consent page ("Continue as…?" for the web app on WEB_ORIGINS, which needs no consent), or a redirect back with a code',
    auth: 'none',
    status: 200,
    produces: html,
  }),
  decide: defineRoute({
    method: 'post',
    path: '/oauth/authorize',
    tag: T,
    summary: 'Consent or "Continue as…?" form (form-encoded, CSRF token): Allow or Deny',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  signIn: defineRoute({
    method: 'post',
    path: '/oauth/signin',
    tag: T,
    summary: 'Sign-in form (form-encoded, CSRF token); throttled per account and address',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  signOut: defineRoute({
    method: 'post',
    path: '/oauth/signout',
    tag: T,
    summary: 'Ends the remembered sign-in (form-encoded, CSRF token)',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  account: defineRoute({
    method: 'get',
    path: '/oauth/account',
    tag: T,
    summary: 'Account page: the apps the user has authorised and two-factor sign-in',
    auth: 'none',
    status: 200,
    produces: html,
  }),
  revokeApp: defineRoute({
    method: 'post',
    path: '/oauth/account/revoke',
    tag: T,
    summary: "Revokes an app's access (form-encoded, CSRF token)",
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  signInCode: defineRoute({
    method: 'get',
    path: '/oauth/signin/code',
    tag: T,
    summary: "Two-factor step of a sign-in (after a right password, with the pending sign-in's http-only cookie): the code form",
    auth: 'none',
    status: 200,
    produces: html,
  }),
  signInCodeSubmit: defineRoute({
    method: 'post',
    path: '/oauth/signin/code',
    tag: T,
    summary:
      'Two-factor code (form-encoded, CSRF token): a TOTP code (±30 s, each accepted once) or a recovery code (each once); throttled per account (429 with Retry-After)',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  signInSetup: defineRoute({
    method: 'get',
    path: '/oauth/signin/setup',
    tag: T,
    summary: 'Setting up two-factor during a sign-in, when the team requires it: QR code, key as text and the first-code form',
    auth: 'none',
    status: 200,
    produces: html,
  }),
  signInSetupSubmit: defineRoute({
    method: 'post',
    path: '/oauth/signin/setup',
    tag: T,
    summary: 'First code of the set-up during sign-in (form-encoded, CSRF token): turns two-factor on, signs in and shows the recovery codes once',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  signInCancel: defineRoute({
    method: 'post',
    path: '/oauth/signin/cancel',
    tag: T,
    summary: 'Cancels a sign-in waiting for its two-factor step (form-encoded, CSRF token)',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  twoFactorSetup: defineRoute({
    method: 'post',
    path: '/oauth/account/two-factor/setup',
    tag: T,
    summary: 'Account page: starts setting up two-factor (a new secret shown as a QR code and text until confirmed) (form-encoded, CSRF token)',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  twoFactorOn: defineRoute({
    method: 'post',
    path: '/oauth/account/two-factor/on',
    tag: T,
    summary: 'Account page: the first code turns two-factor on; the ten recovery codes are shown once (form-encoded, CSRF token)',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  twoFactorRecoveryCodes: defineRoute({
    method: 'post',
    path: '/oauth/account/two-factor/recovery-codes',
    tag: T,
    summary: 'Account page: ten new recovery codes, shown once; the earlier ones stop working (form-encoded, CSRF token)',
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  twoFactorOff: defineRoute({
    method: 'post',
    path: '/oauth/account/two-factor/off',
    tag: T,
    summary:
      "Account page: turns two-factor off with a fresh code or a recovery code (refused while the team requires it), or cancels a set-up not confirmed (form-encoded, CSRF token)",
    auth: 'none',
    formBody: true,
    status: 200,
    produces: html,
  }),
  token: defineRoute({
    method: 'post',
    path: '/oauth/token',
    tag: T,
    summary: 'Token endpoint (form-encoded): authorization_code or refresh_token grant; optional DPoP proof; errors per RFC 6749',
    auth: 'none',
    formBody: true,
    status: 200,
    response: tokenResponse,
    oauthErrors: true,
    answers: {
      400: 'invalid_request, invalid_grant (a code or refresh token that is unknown, expired, used or bound elsewhere), invalid_target, unsupported_grant_type or invalid_dpop_proof',
      401: 'invalid_client: an unknown client, or a client secret sent (clients are public)',
    },
  }),
  revoke: defineRoute({
    method: 'post',
    path: '/oauth/revoke',
    tag: T,
    summary:
      "Token revocation (RFC 7009, form-encoded): refresh or access token; a refresh token's revocation by its app also ends the sign-in session its grant was approved in, unless remembered",
    auth: 'none',
    formBody: true,
    status: 200,
    oauthErrors: true,
    answers: { 400: 'invalid_request (no token sent) or unsupported_token_type', 401: 'invalid_client: an unknown client' },
  }),
  favicon: defineRoute({
    method: 'get',
    path: '/oauth/favicon.svg',
    tag: T,
    summary: "The product's icon, for the server's own pages",
    auth: 'none',
    status: 200,
    produces: 'image/svg+xml',
  }),
  mcp: defineRoute({
    method: 'post',
    path: '/mcp',
    tag: 'MCP',
    summary:
      'Model Context Protocol endpoint (streamable HTTP, JSON-RPC); needs an access token for {base}/mcp; other methods get 405 (stateless server)',
    status: 200,
  }),
};
