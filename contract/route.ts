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
  status: 200 | 201 | 204;
  response?: z.ZodType;
  /** Content type of a non-JSON response (downloads, HTML). */
  produces?: string;
  deprecated?: boolean;
}

export const defineRoute = <const T extends RouteDef>(def: T): T => def;
