import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One HTTP operation of the interface. The server registers and validates with it,
 * and the OpenAPI document is generated from the full list.
 */
export interface RouteDef {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/clients/{client_id}`. */
  path: string;
  summary: string;
  tag: string;
  /** `user` (default) needs credentials; `none` is public. */
  auth?: 'user' | 'none';
  params?: z.ZodType<unknown, Record<string, string>>;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Takes the request body as raw bytes of this content type (an uploaded file) rather than JSON. */
  consumes?: string;
  /** Takes an `application/x-www-form-urlencoded` body (the OAuth endpoints and pages) rather than JSON. */
  formBody?: boolean;
  status: 200 | 201 | 204;
  response?: z.ZodType;
  /** Content type of a non-JSON response (downloads, HTML), or the types it answers in by a query choice (JSON among them). */
  produces?: string | readonly string[];
  deprecated?: boolean;
  /** The answer can hold a secret (an API key, a webhook signing secret): sent with `Cache-Control: no-store`. */
  secret?: true;
  /**
   * Statuses the operation answers besides its success status and the ones every operation of its kind
   * answers (the OpenAPI document adds those), with what each means. A 2xx here carries the same body as the success.
   */
  answers?: Partial<Record<200 | 201 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429, string>>;
  /** Error answers carry the OAuth error body (RFC 6749 §5.2) rather than `{code, message}`. */
  oauthErrors?: boolean;
}

export const defineRoute = <const T extends RouteDef>(def: T): T => def;
