import { z } from 'zod';
import { ME, USER_PATH_PARAM, errorBody } from './common.ts';
import { oauthError } from './oauth.ts';
import type { RouteDef } from './route.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

const parameters = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(where === 'path' && name === USER_PATH_PARAM
      ? { description: `A user id, or \`${ME}\` for the caller`, schema: { anyOf: [s, { type: 'string', const: ME }] } }
      : { schema: s }),
  }));
};

const errorResponse = (description: string, schema = 'Error') => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });

/** Builds the OpenAPI 3.1 document from the route definitions. */
export function buildOpenApi(routes: RouteDef[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const responses: Record<string, unknown> = {};
    if (r.status === 204) responses['204'] = { description: 'No content' };
    else if (r.produces) {
      const schemaOf = (type: string) =>
        type === 'application/json' ? (r.response ? toSchema(r.response, 'output') : {}) : { type: 'string', format: 'binary' };
      responses[String(r.status)] = { description: 'Success', content: Object.fromEntries([r.produces].flat().map((t) => [t, { schema: schemaOf(t) }])) };
    }
    else responses[String(r.status)] = { description: 'Success', content: { 'application/json': { schema: r.response ? toSchema(r.response, 'output') : {} } } };
    if (!r.oauthErrors) {
      if (r.body || r.query) responses['422'] = errorResponse('Validation failed: a field is present but invalid (errors per field)');
      if (r.body || r.query) responses['400'] = errorResponse('Malformed JSON, or a required field is missing (errors per field)');
      if (r.body) responses['413'] = errorResponse('Request body is too large');
    }
    if (r.auth !== 'none') {
      responses['401'] = errorResponse('Missing or invalid credentials');
      responses['403'] = errorResponse('No permission');
      responses['429'] = errorResponse('Rate limit exceeded');
    }
    if (r.params) responses['404'] = errorResponse('Not found');
    if (r.secret) {
      const ok = responses[String(r.status)] as Record<string, unknown>;
      ok.headers = { 'Cache-Control': { description: 'no-store: the answer holds a secret', schema: { type: 'string', const: 'no-store' } } };
    }
    for (const [status, description] of Object.entries(r.answers ?? {})) {
      if (Number(status) < 300) responses[status] = { ...(responses[String(r.status)] as object), description };
      else responses[status] = errorResponse(description, r.oauthErrors ? 'OAuthError' : 'Error');
    }
    responses['503'] = errorResponse('Service unavailable: a server-side fault (the message names the request id)');
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.tag],
      operationId: `${r.method}${r.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      responses,
    };
    if (r.deprecated) op.deprecated = true;
    if (r.auth === 'none') op.security = [];
    // A DELETE may take its input in the query instead (DELETE /tasks/{task_id}/time).
    if (r.body) op.requestBody = { required: r.method !== 'delete', content: { 'application/json': { schema: toSchema(r.body, 'input') } } };
    if (r.consumes) op.requestBody = { required: true, content: { [r.consumes]: { schema: { type: 'string', format: 'binary' } } } };
    (paths[r.path] ??= {})[r.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Timekeep API', version: '1.0.0', description: 'Team time tracking.' },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }, { bearer: [] }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
      schemas: { Error: toSchema(errorBody, 'output'), OAuthError: toSchema(oauthError, 'output') },
    },
    paths,
  };
}
