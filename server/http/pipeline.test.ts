import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../contract/index.ts';
import { createApp } from '../app.ts';
import { clients } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';
import type { Secrets } from '../lib/secrets.ts';
import { setupTestApp, type TestContext } from '../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
});

const expectedChallenge = 'Bearer resource_metadata="http://api.test/.well-known/oauth-protected-resource"';

describe('authentication', () => {
  it('answers 401 with the exact WWW-Authenticate challenge when credentials are missing', async () => {
    const res = await t.call('GET', '/users/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(expectedChallenge);
    expect(res.body).toEqual({ code: 401, message: 'Unauthorized' });
  });

  it('answers 401 for an invalid API key', async () => {
    const res = await t.call('GET', '/users/me', { headers: { 'X-Api-Key': `${r.admin.key}x` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(expectedChallenge);
    expect(res.body).toEqual({ code: 401, message: 'Invalid API key' });
  });

  it('accepts and ignores X-Accept-Version', async () => {
    const plain = await t.call('GET', '/users/me', { as: r.member });
    for (const v of ['1.0.0', '2099-01-01', 'nonsense']) {
      const res = await t.call('GET', '/users/me', { as: r.member, headers: { 'X-Accept-Version': v } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(plain.body);
    }
  });
});

describe('errors', () => {
  it('answers an unknown route with 404 and the error body', async () => {
    for (const as of [null, r.admin]) {
      const res = await t.call('GET', '/no/such/route', { as });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Not found' });
    }
  });

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const before = (await t.scope(r.team.id).list(clients)).length;
    const res = await t.call('POST', '/clients', { as: r.admin, raw: '{"name": "Acme",,}' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: 'Malformed JSON in request body' });
    expect(await t.scope(r.team.id).list(clients)).toHaveLength(before);
  });

  it('answers a 10 MB body with 413 and writes nothing', async () => {
    const before = (await t.scope(r.team.id).list(clients)).length;
    const huge = JSON.stringify({ name: 'Big', businessDetails: 'x'.repeat(10 * 1024 * 1024) });
    const res = await t.call('POST', '/clients', {
      as: r.admin,
      raw: huge,
      headers: { 'Content-Length': String(Buffer.byteLength(huge)) },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
    expect(typeof res.body.message).toBe('string');
    const undeclared = await t.call('POST', '/clients', { as: r.admin, raw: huge });
    expect(undeclared.status).toBe(413);
    expect(await t.scope(r.team.id).list(clients)).toHaveLength(before);
  });

  it('answers an internal error with 503 (a server-side fault in the spec), a generic message and a request id; the detail goes to the log only', async () => {
    const logged: { msg: string; fields?: Record<string, unknown> }[] = [];
    const logger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: (msg, fields) => void logged.push({ msg, fields }) };
    const broken = {
      hash: () => {
        throw new Error('secret store exploded at /var/lib/keys password=hunter2');
      },
    } as unknown as Secrets;
    const app = createApp({ ...t.deps, secrets: broken, logger });
    const res = await app.request('/users/me', { headers: { 'X-Api-Key': r.admin.key } });
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).not.toMatch(/exploded|hunter2|\/var\/lib|Error|at /);
    const body = JSON.parse(text) as { code: number; message: string };
    expect(body.code).toBe(503);
    const id = /^Service unavailable: a server-side fault \(request ([0-9a-f-]{36})\)$/.exec(body.message)?.[1];
    expect(id).toBeDefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.fields).toMatchObject({ requestId: id, method: 'GET', path: '/users/me' });
    expect(String(logged[0]!.fields!.error)).toContain('secret store exploded');
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.request('/users/me', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key, x-accept-version' },
    });

  it('answers a preflight from an allowed origin', async () => {
    const res = await preflight('http://127.0.0.1:5173');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('does not allow other origins', async () => {
    const res = await preflight('http://evil.test');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await t.call('GET', '/users/me', { as: r.member, headers: { Origin: 'http://evil.test' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets the web app read the rate-limit and auth headers of actual responses', async () => {
    const res = await t.call('GET', '/users/me', { as: r.member, headers: { Origin: 'http://localhost:5173' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const h of ['retry-after', 'ratelimit', 'ratelimit-policy', 'www-authenticate']) expect(exposed.split(/,\s*/)).toContain(h);
  });
});

describe('GET /openapi.json', () => {
  const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

  it('is an OpenAPI 3.1 document, public, covering every route of the contract and of the app', async () => {
    const res = await t.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, unknown>>; info: { version: string } };
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe('1.0.0');
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));

    const contract = allRoutes().map((d) => `${d.method.toUpperCase()} ${d.path}`);
    expect(contract.length).toBeGreaterThan(20);
    expect(contract.filter((k) => !documented.has(k))).toEqual([]);

    const registered = new Set(
      t.app.routes
        .filter((x) => !['ALL', 'OPTIONS', 'HEAD'].includes(x.method) && x.path !== '/openapi.json')
        .map((x) => `${x.method} ${toOpenApiPath(x.path)}`),
    );
    expect([...registered].filter((k) => !documented.has(k)).sort()).toEqual([]);
    // …and the document lists nothing the app does not serve.
    expect([...documented].filter((k) => !registered.has(k)).sort()).toEqual([]);
  });
});

describe('path ids', () => {
  it('decodes percent-encoded project ids', async () => {
    const created = await t.call('POST', '/projects', { as: r.admin, body: { name: 'Encoded' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const res = await t.call('GET', `/projects/${encodeURIComponent(id)}`, { as: r.admin });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
    expect((await t.call('GET', '/projects/ev%3A999999999', { as: r.admin })).status).toBe(404);
    expect((await t.call('GET', '/clients/not-a-number', { as: r.admin })).status).toBe(404);
  });
});
