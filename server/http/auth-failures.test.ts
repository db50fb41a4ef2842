import crypto from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { setupTestApp, type TestContext } from '../test/harness.ts';

// Failed authentication is limited per client address (the socket peer), in memory or through Redis.
const LIMIT = { points: 30, durationSec: 60 };

/** A request as Node's server hands it to the app, from `address`. */
function from(app: App, address: string, path: string, headers: Record<string, string>, method = 'GET') {
  return app.request(
    path,
    { method, headers },
    { incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
}

async function badKeys(app: App, address: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < n; sent += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, n - sent) }, () =>
        from(app, address, '/users/me', { 'X-Api-Key': crypto.randomBytes(24).toString('hex') }),
      ),
    );
    statuses.push(...batch.map((r) => r.status));
  }
  return statuses;
}

const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;

/** Counts the API keys looked up in the database (the auth cache stamps before each lookup). */
function countLookups(t: TestContext) {
  const spy = vi.spyOn(t.deps.authCache!, 'stamp');
  return { get: () => spy.mock.calls.length, stop: () => spy.mockRestore() };
}

/**
 * Tries are counted before they are checked, in either store: one wrong key sent 100 times at once (from 100
 * addresses) is looked up exactly LIMIT times and refused unchecked after that; 100 different wrong keys at once
 * from one address get at most LIMIT 401s, while a right key sent among them from that address still passes.
 */
function countsBeforeChecking(setup: () => TestContext, net: string) {
  it('looks up one wrong key tried 100 times at once exactly 30 times; the rest get 429 unchecked', async () => {
    const t = setup();
    const lookups = countLookups(t);
    const wrong = crypto.randomBytes(24).toString('hex');
    const statuses = (
      await Promise.all(Array.from({ length: 100 }, (_, i) => from(t.app, `${net}.${i + 1}`, '/users/me', { 'X-Api-Key': wrong })))
    ).map((res) => res.status);
    const looked = lookups.get();
    lookups.stop();
    expect(looked).toBe(30);
    expect(count(statuses, 401)).toBe(30);
    expect(count(statuses, 429)).toBe(70);
  });

  it('answers 100 different wrong keys at once from one address with at most 30 401s; right keys among them pass', async () => {
    const t = setup();
    const r = await t.roles();
    const sent = await Promise.all(
      Array.from({ length: 110 }, (_, i) =>
        from(t.app, `${net}.250`, '/users/me', { 'X-Api-Key': i % 11 === 5 ? r.member.key : crypto.randomBytes(24).toString('hex') }),
      ),
    );
    const right = sent.filter((_, i) => i % 11 === 5).map((res) => res.status);
    const wrong = sent.filter((_, i) => i % 11 !== 5).map((res) => res.status);
    expect(right).toEqual(Array(10).fill(200));
    // A right key in flight holds a point of the address until it gives it back, so up to 10 of the 30 may go to it.
    expect(count(wrong, 401)).toBeLessThanOrEqual(30);
    expect(count(wrong, 401)).toBeGreaterThanOrEqual(20);
    expect(count(wrong, 401) + count(wrong, 429)).toBe(100);
    // The right key gave its points back: its own count is untouched.
    expect((await from(t.app, `${net}.251`, '/users/me', { 'X-Api-Key': r.member.key })).status).toBe(200);
  });
}

describe('failed authentication per client address (in memory)', () => {
  let t: TestContext;
  let r: Awaited<ReturnType<TestContext['roles']>>;
  beforeAll(async () => {
    t = await setupTestApp({ config: { authFailures: LIMIT } });
    r = await t.roles();
  });

  it('is 30 per 60 s by default', () => {
    expect(loadConfig({}).authFailures).toEqual({ points: 30, durationSec: 60 });
    expect(loadConfig({ AUTH_FAILURE_POINTS: '5', AUTH_FAILURE_WINDOW: '600' }).authFailures).toEqual({ points: 5, durationSec: 600 });
    expect(() => loadConfig({ AUTH_FAILURE_POINTS: 'none' })).toThrow(/AUTH_FAILURE_POINTS/);
  });

  it('answers 600 bad keys in a row with 401 for 30 of them, then 429 with Retry-After', async () => {
    // Requests go 20 at a time, so which of the second batch takes the 30th point depends on which finishes first;
    // what holds is the first batch all 401, exactly 30 answered 401 and the rest 429.
    const statuses = await badKeys(t.app, '203.0.113.7', 600);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(count(statuses, 401)).toBe(30);
    expect(count(statuses, 429)).toBe(570);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
    const blocked = await from(t.app, '203.0.113.7', '/users/me', { 'X-Api-Key': 'still-guessing' });
    expect(blocked.status).toBe(429);
    const body = (await blocked.json()) as { code: number; message: string };
    expect(body).toEqual({ code: 429, message: expect.stringContaining('failed sign-ins') });
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry >= 1 && retry <= 60).toBe(true);
  });

  it('accepts a right key from the blocked address, in parallel with the guesses; wrong keys from it still get 429', async () => {
    const mixed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        from(t.app, '203.0.113.7', '/users/me', { 'X-Api-Key': i % 2 ? r.member.key : crypto.randomBytes(24).toString('hex') }),
      ),
    );
    expect(mixed.map((res) => res.status)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 ? 200 : 429)));
    expect((await from(t.app, '198.51.100.2', '/users/me', { 'X-Api-Key': r.member.key })).status).toBe(200);
    expect((await from(t.app, '198.51.100.2', '/users/me', { 'X-Api-Key': 'wrong' })).status).toBe(401);
  });

  it('limits the same wrong credential tried from many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await from(t.app, `192.0.2.${i + 1}`, '/users/me', { 'X-Api-Key': 'one-guess' })).status);
    expect(count(statuses, 401)).toBe(30);
    expect(count(statuses, 429)).toBe(5);
    expect((await from(t.app, '192.0.2.200', '/users/me', { 'X-Api-Key': r.admin.key })).status).toBe(200);
  });

  it('counts bad bearer tokens on the API and on /mcp; requests without credentials are not counted', async () => {
    for (let i = 0; i < 40; i++) expect((await from(t.app, '198.51.100.9', '/users/me', {})).status).toBe(401);
    const api = await from(t.app, '198.51.100.9', '/users/me', { Authorization: 'Bearer not-a-token' });
    expect(api.status).toBe(401);
    const statuses = [];
    for (let i = 0; i < 35; i++)
      statuses.push(
        (await from(t.app, '198.51.100.9', '/mcp', { Authorization: 'Bearer not-a-token', 'Content-Type': 'application/json' }, 'POST'))
          .status,
      );
    expect(count(statuses, 401)).toBe(29);
    expect(count(statuses, 429)).toBe(6);
  });

  countsBeforeChecking(() => t, '100.64.1');
});

describe.skipIf(!process.env.TEST_REDIS_URL)('failed authentication per client address (Redis)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp({
      config: { authFailures: LIMIT, redisUrl: process.env.TEST_REDIS_URL },
      rateLimitKeyPrefix: `tk-auth-test-${crypto.randomUUID()}`,
    });
  });

  it('two instances count together', async () => {
    const second = await t.instance();
    const a = await badKeys(t.app, '192.0.2.1', 20);
    const b = await badKeys(second, '192.0.2.1', 20);
    expect(a.every((s) => s === 401)).toBe(true);
    expect(count(b, 401)).toBe(10);
    expect(count(b, 429)).toBe(10);
  });

  countsBeforeChecking(() => t, '100.64.2');
});
