import { describe, expect, it, vi } from 'vitest';
import { userRoutes } from '../../contract/users.ts';
import { createApiClient, type CredentialSource } from './client.ts';
import { ApiError, ContractError, NetworkError } from './errors.ts';

const BASE = 'http://api.test';
const me = {
  id: 7,
  name: 'Ada Admin',
  role: 'admin',
  status: 'active',
  headline: '',
  avatarUrl: '',
  email: 'ada@example.test',
  apiKey: 'tk_secret',
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function setup(responses: Array<Response | Error>, extra: { credential?: CredentialSource | null; random?: () => number } = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  const sleeps: number[] = [];
  const sleep = vi.fn(async (ms: number) => {
    sleeps.push(ms);
  });
  const credential: CredentialSource | null =
    extra.credential === undefined ? { kind: 'apiKey', headers: () => ({ 'X-Api-Key': 'tk_secret' }) } : extra.credential;
  const api = createApiClient({
    baseUrl: () => BASE,
    credential: () => credential,
    fetch: fetch as unknown as typeof globalThis.fetch,
    sleep,
    random: extra.random ?? (() => 0),
    now: () => Date.parse('2026-11-22T12:00:00Z'),
  });
  return { api, calls, sleeps };
}

describe('api client', () => {
  it('sends the API key and parses the answer with the contract schema', async () => {
    const { api, calls } = setup([json(200, me)]);
    const user = await api.call(userRoutes.me);
    expect(user.name).toBe('Ada Admin');
    expect(user.role).toBe('admin');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://api.test/users/me');
    expect((calls[0]!.init.headers as Record<string, string>)['X-Api-Key']).toBe('tk_secret');
  });

  it('substitutes and encodes path parameters', async () => {
    const { api, calls } = setup([json(200, me)]);
    await api.call(userRoutes.update, { params: { user_id: 7 }, body: { name: 'Ada' } });
    expect(calls[0]!.url).toBe('http://api.test/team/users/7');
    expect(calls[0]!.init.method).toBe('PUT');
    expect(calls[0]!.init.body).toBe('{"name":"Ada"}');
  });

  it('turns the spec error body into a typed ApiError', async () => {
    const { api } = setup([json(422, { code: 422, message: 'Validation failed', errors: { name: ['Required'] } })]);
    const error = await api.call(userRoutes.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 422, message: 'Validation failed', errors: { name: ['Required'] } });
  });

  it('keeps the server message of a 401', async () => {
    const { api } = setup([json(401, { code: 401, message: 'Invalid API key' }, { 'WWW-Authenticate': 'Bearer' })]);
    await expect(api.call(userRoutes.me)).rejects.toMatchObject({ name: 'ApiError', status: 401, message: 'Invalid API key' });
  });

  it('gives a readable ApiError when the error body is not the spec shape', async () => {
    const { api } = setup([new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })]);
    const error = (await api.call(userRoutes.me).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBe(502);
    expect(error.message).toBe('The server answered 502 Bad Gateway.');
    expect(error.errors).toBeUndefined();
  });

  it('drops malformed field errors instead of passing them on', async () => {
    const { api } = setup([json(422, { code: 422, message: 'Nope', errors: { name: 'not a list' } })]);
    const error = (await api.call(userRoutes.me).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Nope');
    expect(error.errors).toBeUndefined();
  });

  it('retries a 429 after Retry-After, with exponential back-off and jitter', async () => {
    const limited = () => json(429, { code: 429, message: 'Too many requests' }, { 'Retry-After': '2' });
    const { api, calls, sleeps } = setup([limited(), limited(), json(200, me)], { random: () => 1 });
    const user = await api.call(userRoutes.me);
    expect(user.id).toBe(7);
    expect(calls).toHaveLength(3);
    // Never sooner than the server asked (2 s), plus up to 25 % jitter (random() = 1 here).
    expect(sleeps).toEqual([2500, 2500]);
  });

  it('backs off exponentially when the server gives no Retry-After', async () => {
    const limited = () => json(429, { code: 429, message: 'Too many requests' });
    const { api, sleeps } = setup([limited(), limited(), json(200, me)], { random: () => 0 });
    await api.call(userRoutes.me);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('reads Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.parse('2026-11-22T12:00:05Z')).toUTCString();
    const { api, sleeps } = setup([json(429, { code: 429, message: 'Slow down' }, { 'Retry-After': at }), json(200, me)]);
    await api.call(userRoutes.me);
    expect(sleeps).toEqual([5000]);
  });

  it('gives up after three tries with a visible 429 error', async () => {
    const limited = () => json(429, { code: 429, message: 'Too many requests' }, { 'Retry-After': '1' });
    const { api, calls, sleeps } = setup([limited(), limited(), limited()]);
    await expect(api.call(userRoutes.me)).rejects.toMatchObject({ status: 429, retryAfter: 1, message: 'Too many requests' });
    expect(calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('fails loudly when a success does not match the contract', async () => {
    const { api } = setup([json(200, { ...me, role: 'overlord' })]);
    const error = (await api.call(userRoutes.me).catch((e: unknown) => e)) as ContractError;
    expect(error).toBeInstanceOf(ContractError);
    expect(error.message).toMatch(/^The answer to GET \/users\/me does not match the API contract \(role: /);
    expect(error.issues[0]!.path).toEqual(['role']);
  });

  it('fails loudly when a success is not JSON', async () => {
    const { api } = setup([new Response('ok', { status: 200 })]);
    await expect(api.call(userRoutes.me)).rejects.toBeInstanceOf(ContractError);
  });

  it('reports an unreachable server as a NetworkError naming it', async () => {
    const { api } = setup([new TypeError('Failed to fetch')]);
    const error = await api.call(userRoutes.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Could not reach the server at http://api.test.');
  });

  it('uses a per-request credential and base URL over the session', async () => {
    const { api, calls } = setup([json(200, me)], { credential: null });
    await api.call(userRoutes.me, {
      baseUrl: 'https://other.test',
      credential: { kind: 'apiKey', headers: () => ({ 'X-Api-Key': 'tk_other' }) },
    });
    expect(calls[0]!.url).toBe('https://other.test/users/me');
    expect((calls[0]!.init.headers as Record<string, string>)['X-Api-Key']).toBe('tk_other');
  });

  it('sends nothing without a credential (signed out, or signing out) and answers 401 at once', async () => {
    const { api, calls } = setup([json(200, me)], { credential: null });
    const error = await api.call(userRoutes.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls).toHaveLength(0);
  });

  it('asks a refreshable credential for new tokens once on 401, then repeats the request', async () => {
    let token = 'old';
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const credential: CredentialSource = { kind: 'oauth', headers: () => ({ Authorization: `Bearer ${token}` }), refresh };
    const unauthorized = () => json(401, { code: 401, message: 'Invalid or expired access token' });
    const { api, calls } = setup([unauthorized(), json(200, me)], { credential });
    await api.call(userRoutes.me);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer new');

    const again = setup([unauthorized(), unauthorized()], { credential });
    await expect(again.api.call(userRoutes.me)).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(again.calls).toHaveLength(2);
  });
});
