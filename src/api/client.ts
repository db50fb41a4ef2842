import type { z } from 'zod';
import type { HttpMethod, RouteDef } from '../../contract/route.ts';
import { parseRetryAfter, retryDelayMs } from '../lib/backoff.ts';
import { ApiError, ContractError, NetworkError, toErrorBody } from './errors.ts';
import { pathOf, queryString, type AnswerOf, type ArgsOf, type Operation, type QueryValue } from './operation.ts';

/**
 * Where credentials come from. An API key is one source; an OAuth token source (DPoP proofs,
 * refresh) implements the same shape, so the client never knows which one it holds.
 */
export interface CredentialSource {
  readonly kind: string;
  /** Headers that authenticate one request. */
  headers(request: { method: string; url: string }): Promise<Record<string, string>> | Record<string, string>;
  /**
   * Called once on a 401 with that answer (its `WWW-Authenticate` and `DPoP-Nonce` headers): resolves true
   * when fresh credentials (new tokens, or the nonce the server asked for) make a second try worthwhile.
   */
  refresh?(response: Response): Promise<boolean>;
}

export interface ApiClientOptions {
  baseUrl: () => string;
  credential: () => CredentialSource | null;
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Attempts of one request when the server answers 429 (the first one included). */
  maxAttempts?: number;
}

export interface RequestOptions<T> {
  method: HttpMethod;
  /** Path at the root of the API, e.g. `/users/me`. */
  path: string;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  /**
   * The contract schema of a successful answer (or a loader of it, so callers keep zod out of their chunk);
   * null when it has no body; absent to look it up in the contract by method and path. Checked in
   * development only: a server that breaks the contract fails loudly there, while production builds ship
   * neither the check nor zod.
   */
  response?: z.ZodType<T> | LazySchema<T> | null;
  signal?: AbortSignal;
  /** Extra request headers (for example `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Overrides the session for this request (signing in with a key not yet saved). */
  credential?: CredentialSource;
  baseUrl?: string;
}

/** What every call may add to its operation's arguments. */
export type CallOptions = Pick<RequestOptions<unknown>, 'signal' | 'credential' | 'baseUrl' | 'headers'>;

type AnyArgs = { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: unknown };

/** No arguments needed when the operation has no params and no body. */
type CallRest<O> = object extends ArgsOf<O> ? [args?: ArgsOf<O> & CallOptions] : [args: ArgsOf<O> & CallOptions];

export type ApiClient = ReturnType<typeof createApiClient>;

/** Loads a response schema on demand (a dynamic import of the contract). */
export type LazySchema<T> = () => Promise<z.ZodType<T>>;

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The one HTTP client of the web app: base URL, credentials, 429 back-off, typed errors, contract parsing. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 3;

  async function send(req: RequestOptions<unknown>, baseUrl: string, credential: CredentialSource | null): Promise<Response> {
    const url = buildUrl(baseUrl, req.path, req.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    if (credential) Object.assign(headers, await credential.headers({ method: req.method.toUpperCase(), url }));
    try {
      return await doFetch(url, {
        method: req.method.toUpperCase(),
        headers,
        body: req.body === undefined ? null : JSON.stringify(req.body),
        signal: req.signal ?? null,
        credentials: 'omit',
      });
    } catch (e) {
      if (req.signal?.aborted) throw e;
      throw new NetworkError(baseUrl, { cause: e });
    }
  }

  async function request<T>(req: RequestOptions<T>): Promise<T> {
    const baseUrl = req.baseUrl ?? options.baseUrl();
    const credential = req.credential ?? options.credential();
    // Every operation the app calls needs a credential: signed out (or signing out, while the grant is
    // revoked), a request could only come back 401, so none is sent and the caller gets that answer at once.
    if (!credential) throw new ApiError(401, { code: 401, message: 'You are signed out. Sign in to continue.' });
    let throttled = 0;
    let refreshed = false;
    for (;;) {
      const res = await send(req, baseUrl, credential);
      if (res.ok) return parseSuccess(req, res);
      const json = await res.json().catch(() => undefined);
      const retryAfter = parseRetryAfter(res.headers.get('Retry-After'), now());
      if (res.status === 429 && ++throttled < maxAttempts) {
        await sleep(retryDelayMs(throttled, retryAfter, random), req.signal);
        continue;
      }
      if (res.status === 401 && !refreshed && credential?.refresh) {
        refreshed = true;
        if (await credential.refresh(res)) continue;
      }
      throw new ApiError(res.status, toErrorBody(res.status, res.statusText, json), retryAfter);
    }
  }

  /**
   * Calls one operation of the contract (`src/api/operations/*` or a route definition itself): `{name}`
   * placeholders of its path come from `params`, the query and body are typed by the contract, and so is
   * the answer.
   */
  function call<O extends Operation | RouteDef>(operation: O, ...[args]: CallRest<O>): Promise<AnswerOf<O>> {
    const { params, ...rest } = (args ?? {}) as AnyArgs & CallOptions;
    const def = operation as Partial<RouteDef>;
    const response = 'response' in def || def.status === 204 ? ((def.response ?? null) as z.ZodType | null) : undefined;
    return request({ ...rest, method: operation.method, path: pathOf(operation.path, params), response }) as Promise<AnswerOf<O>>;
  }

  return { request, call };
}

const buildUrl = (baseUrl: string, path: string, query: RequestOptions<unknown>['query']): string =>
  new URL(baseUrl.replace(/\/+$/, '') + path + queryString(query)).toString();

async function parseSuccess<T>(req: RequestOptions<T>, res: Response): Promise<T> {
  const operation = `${req.method.toUpperCase()} ${req.path}`;
  if (req.response === null || res.status === 204) return undefined as T;
  const json: unknown = await res.json().catch(() => {
    throw new ContractError(operation, [{ path: [], message: 'The body is not JSON' }]);
  });
  if (!import.meta.env.DEV) return json as T;
  const schema: z.ZodType | null =
    typeof req.response === 'function' ? await req.response() : (req.response ?? (await import('./dev-contract.ts')).answerSchema(req.method, req.path));
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ContractError(
      operation,
      parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
    );
  return parsed.data as T;
}
