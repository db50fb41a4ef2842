import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { ME, USER_PATH_PARAM } from '../../contract/common.ts';
import type { RouteDef } from '../../contract/route.ts';
import { authenticate } from './auth.ts';
import { limitAuthFailures } from './auth-failures.ts';
import type { AppEnv, Caller } from './env.ts';
import { ApiError, issuesToErrors, notFound, validationError } from './errors.ts';
import { withIdempotencyKey } from './idempotency.ts';
import { assertSafeJson } from './json-input.ts';
import { consumeRateLimit } from './rate-limit.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export interface Input<D extends RouteDef> {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
}
type Result<D extends RouteDef> = D['response'] extends z.ZodType ? z.input<D['response']> | Response : void | Response;
export type Handler<D extends RouteDef> = (c: Context<AppEnv>, input: Input<D>, caller: Caller) => Promise<Result<D>>;

/** Largest JSON body accepted (bigger ones get 413). Uploads use their own limit. */
export const MAX_JSON_BYTES = 1024 * 1024;

const toHonoPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');

async function readJson(c: Context<AppEnv>, limit: number): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit) throw new ApiError(413, `Request body is larger than ${Math.round(limit / 1024)} KB`);
  const text = await c.req.text();
  if (Buffer.byteLength(text) > limit) throw new ApiError(413, `Request body is larger than ${Math.round(limit / 1024)} KB`);
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Malformed JSON in request body');
  }
  assertSafeJson(parsed);
  return parsed;
}

/** Registers one contract route: authenticates, rate-limits, validates input, and answers with the contract's status. */
export function register<D extends RouteDef>(
  app: Hono<AppEnv>,
  def: D,
  handler: Handler<D>,
  opts: { bodyLimit?: number; readBody?: boolean } = {},
) {
  app.on(def.method.toUpperCase(), toHonoPath(def.path), async (c) => {
    if (def.auth === 'none') return answer(c, undefined as unknown as Caller);
    const caller = await limitAuthFailures(c, () => authenticate(c));
    await consumeRateLimit(c, caller.credential.key);
    const res = await withIdempotencyKey(c, caller, () => answer(c, caller));
    // A replayed answer holds the same secret as the first one.
    if (def.secret) res.headers.set('Cache-Control', 'no-store');
    return res;
  });

  /** Validates the input, runs the handler and answers with the contract's status. */
  async function answer(c: Context<AppEnv>, caller: Caller): Promise<Response> {
    const input = { params: undefined, query: undefined, body: undefined } as Record<keyof Input<D>, unknown>;
    if (def.params) {
      const raw = c.req.param() as Record<string, string>;
      // `me` in place of a user id is the caller, wherever a path takes a user id.
      const named = raw[USER_PATH_PARAM] === ME && caller ? { ...raw, [USER_PATH_PARAM]: String(caller.user.id) } : raw;
      const r = def.params.safeParse(named);
      if (!r.success) throw notFound();
      input.params = r.data;
    }
    if (def.query) {
      const q = c.req.query();
      const r = def.query.safeParse(q);
      if (!r.success) throw validationError(r.error.issues, q, 'query');
      input.query = r.data;
    }
    if (def.body && opts.readBody !== false) {
      const raw = await readJson(c, opts.bodyLimit ?? MAX_JSON_BYTES);
      const r = def.body.safeParse(raw);
      if (!r.success) throw validationError(r.error.issues, raw);
      input.body = r.data;
    }
    const result = await handler(c, input as unknown as Input<D>, caller);
    if (result instanceof Response) return result;
    if (def.status === 204) return c.body(null, 204);
    const deps = c.get('deps');
    if (deps.checkResponses && def.response) {
      const r = def.response.safeParse(result);
      if (!r.success)
        throw new Error(
          `Response of ${def.method.toUpperCase()} ${def.path} breaks the contract: ${JSON.stringify(issuesToErrors(r.error.issues))}`,
        );
    }
    return c.json(result as object, def.status);
  }
}

/** Helper for modules: `route(def, handler)` pairs, registered by the app factory. */
export interface RouteModule {
  register(app: Hono<AppEnv>): void;
}
