import { describe, expect, it, vi } from 'vitest';
import { allRoutes, routeGroups } from '../../contract/index.ts';
import { renderOperations } from '../../scripts/operations.ts';
import { createApiClient } from './client.ts';
import { ApiError, ContractError, NetworkError } from './errors.ts';
import { pathOf, queryString } from './operation.ts';
import * as time from './operations/time.ts';
import * as timers from './operations/timers.ts';
import * as timesheets from './operations/timesheets.ts';
import * as users from './operations/users.ts';

const files = import.meta.glob<Record<string, { method: string; path: string }>>('./operations/*.ts', { eager: true });
const areaOf = (file: string) => file.replace('./operations/', '').replace('.ts', '');

describe('the operations table', () => {
  it('holds every route of the contract, with its method and path, and nothing else', () => {
    const table = Object.entries(files).flatMap(([file, mod]) => Object.entries(mod).map(([name, op]) => `${areaOf(file)}.${name} ${op.method} ${op.path}`));
    const contract = Object.entries(routeGroups).flatMap(([area, routes]) => Object.entries(routes).map(([name, r]) => `${area}.${name} ${r.method} ${r.path}`));
    // When this fails after a change to the contract: `npm run operations`.
    expect(table.sort()).toEqual(contract.sort());
    expect(contract).toHaveLength(allRoutes().length);
  });

  it('is what the generator writes today', async () => {
    const sources = import.meta.glob<string>('./operations/*.ts', { eager: true, query: '?raw', import: 'default' });
    const written = await renderOperations();
    expect(Object.fromEntries(Object.entries(sources).map(([f, text]) => [`${areaOf(f)}.ts`, text]))).toEqual(Object.fromEntries(written));
  });
});

describe('paths and queries', () => {
  it('fills and encodes path parameters', () => {
    expect(pathOf('/time/{time_id}', { time_id: 42 })).toBe('/time/42');
    expect(pathOf('/tasks/{task_id}/time', { task_id: 'ev:1 2/3' })).toBe('/tasks/ev%3A1%202%2F3/time');
    expect(() => pathOf('/time/{time_id}', {})).toThrow('Missing path parameter "time_id"');
    expect(() => pathOf('/time/{time_id}', { time_id: '' })).toThrow('Missing path parameter');
  });

  it('writes queries: text, numbers, booleans and lists; leaves out empty values', () => {
    expect(queryString({ from: '2026-11-23', limit: 30, all: true, ids: [1, 2], none: undefined, nul: null })).toBe(
      '?from=2026-11-23&limit=30&all=true&ids=1%2C2',
    );
    expect(queryString({ q: 'a&b=c ü' })).toBe('?q=a%26b%3Dc+%C3%BC');
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(responses: Array<Response | Error>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? '', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    if (next instanceof Error) throw next;
    return next;
  });
  const api = createApiClient({ baseUrl: () => 'http://api.test/', credential: () => ({ kind: 'apiKey', headers: () => ({ 'X-Api-Key': 'tk_test' }) }), fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {} });
  return { api, calls };
}

const record = { id: 5, time: 3600, user: 7, date: '2026-11-23', task: null, isLocked: false, isInvoiced: false, comment: '' };

describe('calling an operation', () => {
  it('builds the method, path and query from the operation and checks the answer against the contract', async () => {
    const { api, calls } = client([json(200, [record])]);
    const list = await api.call(time.listUser, { params: { user_id: 7 }, query: { from: '2026-11-23', to: '2026-11-29' } });
    expect(list[0]!.time).toBe(3600);
    expect(calls[0]).toEqual({ url: 'http://api.test/users/7/time?from=2026-11-23&to=2026-11-29', method: 'GET', body: undefined });
  });

  it('sends the body as JSON', async () => {
    const { api, calls } = client([json(200, { status: 'active', duration: 0, today: 0, startedAt: '2026-11-23 09:00:00', userDate: '2026-11-23', user: { id: 7, name: 'A' }, task: null })]);
    await api.call(timers.start, { body: { task: 'ev:1' } }).catch(() => undefined);
    expect(calls[0]).toMatchObject({ url: 'http://api.test/timers', method: 'POST', body: { task: 'ev:1' } });
  });

  it('answers undefined for an operation without a body (204)', async () => {
    const { api, calls } = client([new Response(null, { status: 204 })]);
    await expect(api.call(time.remove, { params: { time_id: 9 } })).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({ url: 'http://api.test/time/9', method: 'DELETE' });
  });

  it('fails loudly in development when an answer breaks the contract', async () => {
    const { api } = client([json(200, { id: 'not a number' })]);
    await expect(api.call(users.me)).rejects.toBeInstanceOf(ContractError);
  });

  it('maps a 422 to an ApiError with the field messages, and a 403 or 409 to its message', async () => {
    const { api } = client([
      json(422, { code: 422, message: 'The request is not valid', errors: { comment: ['Too long'] } }),
      json(403, { code: 403, message: 'Only admins and supervisors review weeks' }),
      json(409, { code: 409, message: 'The week is already approved' }),
    ]);
    const body = { comment: 'x' };
    const e422 = await api.call(timesheets.discard, { params: { timesheet_id: 1 }, body }).catch((e: unknown) => e);
    expect(e422).toBeInstanceOf(ApiError);
    expect(e422).toMatchObject({ status: 422, errors: { comment: ['Too long'] } });
    await expect(api.call(timesheets.discard, { params: { timesheet_id: 1 }, body })).rejects.toMatchObject({ status: 403, message: 'Only admins and supervisors review weeks' });
    await expect(api.call(timesheets.discard, { params: { timesheet_id: 1 }, body })).rejects.toMatchObject({ status: 409, errors: undefined });
  });

  it('maps a refused connection to a NetworkError', async () => {
    const { api } = client([new TypeError('Failed to fetch')]);
    await expect(api.call(users.me)).rejects.toBeInstanceOf(NetworkError);
  });
});
