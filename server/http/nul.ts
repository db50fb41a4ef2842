import type { Context, Hono } from 'hono';
import { allRoutes } from '../../contract/index.ts';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';

// A NUL character is never part of a valid request: PostgreSQL text cannot store it, and no id, date or name holds
// one. It is refused with 400 wherever it comes: the path and query (here, before any route runs), form fields (here,
// for the routes that take forms) and JSON strings (`assertSafeJson`, as the body is parsed).

export const NUL_MESSAGE = 'Must not contain NUL characters';
export const hasNul = (s: string) => s.includes('\0');
export const nulRefused = (where: string, errors?: Record<string, string[]>) =>
  new ApiError(400, `${where} must not contain NUL characters`, errors);

/** Form fields are read here only up to this size; a larger form is refused by the route's own reader. */
const FORM_CHECK_BYTES = 64 * 1024;

const routes = allRoutes();
const formRoutes = new Set(routes.filter((r) => r.formBody).map((r) => `${r.method.toUpperCase()} ${r.path}`));
/** Routes answering errors in the OAuth shape (RFC 6749 §5.2) rather than `{code, message}`. */
const oauthErrorPaths = new Set(routes.filter((r) => r.oauthErrors).map((r) => r.path));

const pairsHaveNul = (pairs: URLSearchParams) => [...pairs].some(([k, v]) => hasNul(k) || hasNul(v));

async function formHasNul(c: Context<AppEnv>): Promise<boolean> {
  if (!formRoutes.has(`${c.req.method} ${c.req.path}`)) return false;
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return false;
  if (Number(c.req.header('content-length') ?? 0) > FORM_CHECK_BYTES) return false;
  // Hono keeps the text, so the route reads the same body again.
  return pairsHaveNul(new URLSearchParams(await c.req.text()));
}

/** Refuses a request with a NUL character in its path, query or form fields (400), before it reaches a route. */
export function refuseNul(app: Hono<AppEnv>) {
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const where = /%00/i.test(url.pathname)
      ? 'The path'
      : pairsHaveNul(url.searchParams)
        ? 'Query parameters'
        : (await formHasNul(c))
          ? 'Form fields'
          : undefined;
    if (!where) return next();
    const error = nulRefused(where);
    if (oauthErrorPaths.has(c.req.path))
      return c.json({ error: 'invalid_request', error_description: error.message }, 400, { 'Cache-Control': 'no-store' });
    throw error;
  });
}
