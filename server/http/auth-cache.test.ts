import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { setupTestApp, type TestContext } from '../test/harness.ts';
import { AuthCache } from './auth-cache.ts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';

// The resolved caller is cached per credential; every change through the API that affects who may do what
// drops it at once, in this instance and in the others (here: two apps sharing invalidations as Redis would).
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let cacheA: AuthCache;
let cacheB: AuthCache;
let a: ReturnType<typeof createApp>;
let b: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  cacheA = new AuthCache(60_000);
  cacheB = new AuthCache(60_000);
  // What Redis pub/sub does between instances: each one's invalidations reach the other.
  const link = (from: AuthCache, to: AuthCache) => {
    const original = from.invalidate.bind(from);
    from.invalidate = (what) => {
      original(what);
      (to as unknown as { drop(w: typeof what): void }).drop(what);
    };
  };
  link(cacheA, cacheB);
  link(cacheB, cacheA);
  a = createApp({ ...t.deps, authCache: cacheA, ops: undefined });
  b = createApp({ ...t.deps, authCache: cacheB, ops: undefined });
});

const me = (key: string, via = a) => t.call('GET', '/users/me', { headers: { 'X-Api-Key': key }, via });

describe('the auth cache', () => {
  it('answers a known key without the database, and never caches an unknown one', async () => {
    expect((await me(r.member.key)).status).toBe(200);
    // Changed around the API: the cached caller is still served (within the TTL)…
    await t.db.update(users).set({ name: 'Renamed in SQL' }).where(eq(users.id, r.member.id));
    expect((await me(r.member.key)).body.name).not.toBe('Renamed in SQL');
    // … while an instance without the entry reads the row.
    expect((await me(r.member.key, b)).body.name).toBe('Renamed in SQL');
    expect((await me('tk_unknown')).status).toBe(401);
    expect((await me('tk_unknown')).status).toBe(401);
  });

  it('a rotated key is refused at once in every instance, the new one works', async () => {
    const u = await t.user(r.team.id, 'member');
    expect((await me(u.key, a)).status).toBe(200);
    expect((await me(u.key, b)).status).toBe(200);
    const rotated = await t.call('POST', '/users/me/api-key', { headers: { 'X-Api-Key': u.key }, via: a });
    expect(rotated.status).toBe(200);
    expect((await me(u.key, a)).status).toBe(401);
    expect((await me(u.key, b)).status).toBe(401);
    expect((await me(rotated.body.apiKey, b)).status).toBe(200);
  });

  it('a role change counts from the next request in every instance', async () => {
    const u = await t.user(r.team.id, 'admin');
    expect((await t.call('GET', '/team/users', { headers: { 'X-Api-Key': u.key }, via: b })).body[0]).toHaveProperty('email');
    expect((await me(u.key, b)).body.role).toBe('admin');
    const demoted = await t.call('PUT', `/team/users/${u.id}`, { as: r.admin, body: { role: 'member' }, via: a });
    expect(demoted.status).toBe(200);
    expect((await me(u.key, b)).body.role).toBe('member');
    expect(
      (await t.call('POST', '/projects', { headers: { 'X-Api-Key': u.key }, body: { name: 'Not mine to make' }, via: b })).status,
    ).toBe(403);
  });

  it('a deactivated user is refused at once in every instance', async () => {
    const u = await t.user(r.team.id, 'member');
    expect((await me(u.key, a)).status).toBe(200);
    expect((await me(u.key, b)).status).toBe(200);
    expect((await t.call('PUT', `/team/users/${u.id}`, { as: r.admin, body: { status: 'removed' }, via: b })).status).toBe(200);
    expect((await me(u.key, a)).status).toBe(401);
    expect((await me(u.key, b)).status).toBe(401);
  });

  it('entries expire after the TTL, and a row read before an invalidation is not stored after it', async () => {
    let now = 1_000;
    const cache = new AuthCache(500, 10, () => now);
    const row = { users: { id: 1 }, teams: { id: 2 } } as never;
    cache.set('k', row, cache.stamp());
    expect(cache.get('k')).toBeDefined();
    now += 501;
    expect(cache.get('k')).toBeUndefined();
    const stamp = cache.stamp();
    cache.invalidate({ team: 2 });
    cache.set('k', row, stamp);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', row, cache.stamp());
    cache.invalidate({ team: 2 });
    expect(cache.get('k')).toBeUndefined();
    expect(new AuthCache(0).enabled).toBe(false);
  });
});
