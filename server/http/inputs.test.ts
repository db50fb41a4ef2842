import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFields, projects } from '../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../test/harness.ts';
import { MAX_JSON_DEPTH } from './json-input.ts';
import { serveApi } from './node-server.ts';

// Inputs that once reached a 500 (or an empty body): each answers the spec's error body.
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
});

const nested = (levels: number, leaf = '1') => '['.repeat(levels) + leaf + ']'.repeat(levels);

describe('deeply nested JSON', () => {
  it('answers 400 on every JSON route for ~4,000 levels (16 KB), and 400 just past the bound', async () => {
    const deep = nested(4000);
    expect(deep.length).toBeLessThanOrEqual(16 * 1024);
    const objectDeep = '{"a":'.repeat(3000) + '"x"' + '}'.repeat(3000);
    for (const [method, path] of [
      ['POST', '/time'],
      ['POST', '/clients'],
      ['PUT', `/team/users/${r.member.id}`],
      ['POST', '/hooks'],
      ['POST', '/attachments'],
    ] as const) {
      for (const raw of [deep, objectDeep, `{"comment":${nested(MAX_JSON_DEPTH)}}`]) {
        const res = await t.call(method, path, { as: r.admin, raw });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body).toEqual({ code: 400, message: expect.stringContaining('nested deeper') });
      }
    }
  });

  it('still finds a NUL at any depth within the bound (400 naming the field)', async () => {
    const res = await t.call('POST', '/clients', { as: r.admin, raw: JSON.stringify({ name: 'ok', list: [[{ deep: 'a\0b' }]] }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'list.0.0.deep': ['Must not contain NUL characters'] });
    const inKey = await t.call('POST', '/clients', { as: r.admin, raw: '{"name":"ok","x\\u0000y":1}' });
    expect(inKey.body.errors).toEqual({ xy: ['Must not contain NUL characters'] });
    expect(
      (await t.call('POST', '/clients', { as: r.admin, body: { name: 'Nested fine', x: JSON.parse(nested(MAX_JSON_DEPTH - 1)) } })).status,
    ).toBe(201);
  });
});

describe('numbers beyond the columns', () => {
  it('refuses rate and cost above the 32-bit range on POST and PUT /team/users with 422', async () => {
    for (const field of ['rate', 'cost']) {
      const invite = await t.call('POST', '/team/users', {
        as: r.admin,
        body: { name: 'Big', email: `big-${field}@example.test`, [field]: 2 ** 31 },
      });
      expect(invite.status).toBe(422);
      expect(Object.keys(invite.body.errors)).toEqual([field]);
      const update = await t.call('PUT', `/team/users/${r.member.id}`, { as: r.admin, body: { [field]: 1e15 } });
      expect(update.status).toBe(422);
      expect(Object.keys(update.body.errors)).toEqual([field]);
      const most = await t.call('PUT', `/team/users/${r.member.id}`, { as: r.admin, body: { [field]: 2 ** 31 - 1 } });
      expect(most.status).toBe(200);
    }
  });
});

describe('PUT /fields/{id} with nothing to change', () => {
  it('answers the field unchanged', async () => {
    const p = await t.scope(r.team.id).insert(projects, { name: 'Fields' });
    const f = await t.scope(r.team.id).insert(customFields, { projectId: p.id, name: 'Size', type: 'text', position: 0 });
    const res = await t.call('PUT', `/fields/${f.id}`, { as: r.admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: f.id, name: 'Size' });
  });
});

describe('over-long URLs and headers', () => {
  let port: number;
  let server: ReturnType<typeof serveApi>;
  beforeAll(async () => {
    server = serveApi((req, env) => t.app.fetch(req, env), { port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers 431 with the error body', async () => {
    const base = `http://127.0.0.1:${port}`;
    const longUrl = await fetch(`${base}/users/me?x=${'a'.repeat(40_000)}`, { headers: { 'X-Api-Key': r.member.key } });
    expect(longUrl.status).toBe(431);
    expect(longUrl.headers.get('content-type')).toBe('application/json');
    expect(await longUrl.json()).toEqual({ code: 431, message: 'The request URL or headers are too large' });
    const bigHeader = await fetch(`${base}/users/me`, { headers: { 'X-Api-Key': r.member.key, 'X-Filler': 'b'.repeat(20_000) } });
    expect(bigHeader.status).toBe(431);
    expect((await bigHeader.json()).code).toBe(431);
    expect((await fetch(`${base}/users/me`, { headers: { 'X-Api-Key': r.member.key } })).status).toBe(200);
  });

  it('answers a malformed request line with 400 and the error body', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ code: 400, message: 'Malformed HTTP request' });
  });
});
