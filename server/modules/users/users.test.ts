import { beforeAll, describe, expect, it } from 'vitest';
import { user as userSchema } from '../../../contract/users.ts';
import { users } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let other: TestUser;

const summaryKeys = ['avatarUrl', 'headline', 'id', 'name', 'role', 'status'];

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  other = await t.user((await t.team('Other team')).id, 'admin', { rate: 5000, cost: 3000 });
});

describe('GET /users/me', () => {
  it('shows the owner everything, including their API key, team and (admins) rate and cost', async () => {
    const me = await t.call('GET', '/users/me', { as: r.admin });
    expect(me.status).toBe(200);
    expect(userSchema.strict().safeParse(me.body).success).toBe(true);
    expect(me.body).toMatchObject({
      id: r.admin.id,
      email: r.admin.email,
      role: 'admin',
      apiKey: r.admin.key,
      rate: 0,
      cost: 0,
      team: { id: r.team.id, name: r.team.name },
    });
  });

  it.each(['supervisor', 'member', 'limited'] as const)('shows a %s their key but not their rate or cost', async (who) => {
    const me = await t.call('GET', '/users/me', { as: r[who] });
    expect(me.status).toBe(200);
    expect(me.body.apiKey).toBe(r[who].key);
    expect(me.body.email).toBe(r[who].email);
    expect(me.body).not.toHaveProperty('rate');
    expect(me.body).not.toHaveProperty('cost');
  });

  it('is never stored by a cache (it holds the API key), and no JSON answer may be sniffed as another type', async () => {
    const me = await t.call('GET', '/users/me', { as: r.member });
    expect(me.headers.get('cache-control')).toBe('no-store');
    const admin = await t.user((await t.team('Cache team')).id, 'admin');
    const rotated = await t.call('POST', '/users/me/api-key', { as: await t.user(admin.teamId, 'member') });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const invited = await t.call('POST', '/team/users', { as: admin, body: { name: 'Cache Check', email: 'cache-check@example.test' } });
    expect(invited.status).toBe(201);
    expect(invited.headers.get('cache-control')).toBe('no-store');
    // Answers without a secret keep the default caching.
    expect((await t.call('GET', '/team/users', { as: r.member })).headers.get('cache-control')).toBeNull();
    for (const res of [me, rotated, await t.call('GET', '/users/me'), await t.call('GET', '/no/such/path', { as: r.member })]) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers 401 without credentials', async () => {
    const res = await t.call('GET', '/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, message: 'Unauthorized' });
  });
});

describe('GET /team/users', () => {
  it('gives admins every colleague with rate and cost, and only their own team', async () => {
    const res = await t.call<Record<string, unknown>[]>('GET', '/team/users', { as: r.admin });
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.id).sort()).toEqual([r.admin.id, r.supervisor.id, r.member.id, r.limited.id].sort());
    for (const u of res.body) {
      expect(u).toHaveProperty('rate');
      expect(u).toHaveProperty('cost');
      expect(u).toHaveProperty('email');
      expect(u).not.toHaveProperty('apiKey');
    }
  });

  it('gives supervisors everything but rate and cost', async () => {
    const res = await t.call<Record<string, unknown>[]>('GET', '/team/users', { as: r.supervisor });
    expect(res.body).toHaveLength(4);
    for (const u of res.body) {
      expect(u).toHaveProperty('email');
      expect(u).toHaveProperty('capacity');
      expect(u).not.toHaveProperty('rate');
      expect(u).not.toHaveProperty('cost');
      expect(u).not.toHaveProperty('apiKey');
    }
  });

  it.each(['member', 'limited'] as const)('gives a %s names only', async (who) => {
    const res = await t.call<Record<string, unknown>[]>('GET', '/team/users', { as: r[who] });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(4);
    for (const u of res.body) expect(Object.keys(u).sort()).toEqual(summaryKeys);
  });
});

describe('POST /team/users', () => {
  it('lets an admin invite a user, answering 201 with an invitation link and an API key that works once it is accepted', async () => {
    const res = await t.call('POST', '/team/users', {
      as: r.admin,
      body: {
        name: ' Nina Novak ',
        email: 'Nina@Example.test',
        role: 'supervisor',
        type: 'contractor',
        rate: 9000,
        cost: 6000,
        capacity: 20 * 3600,
        timezone: 5.5,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Nina Novak',
      email: 'nina@example.test',
      role: 'supervisor',
      type: 'contractor',
      status: 'invited',
      rate: 9000,
      cost: 6000,
      capacity: 72000,
      timezone: 5.5,
    });
    expect(res.body.apiKey).toMatch(/^tk_/);
    expect(res.body.invitationUrl).toMatch(/^http:\/\/[^/]+\/invitation\?token=[\w-]{43}$/);
    expect((await t.call('GET', '/users/me', { headers: { 'X-Api-Key': res.body.apiKey } })).status).toBe(401);
    expect((await t.acceptInvitation(res.body.invitationUrl)).status).toBe(200);
    const me = await t.call('GET', '/users/me', { headers: { 'X-Api-Key': res.body.apiKey } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.id, team: { id: r.team.id } });
    const list = await t.call<{ id: number }[]>('GET', '/team/users', { as: r.admin });
    expect(list.body.map((u) => u.id)).toContain(res.body.id);
  });

  it('refuses an email already in the team (any case) with 422, also when two arrive at once', async () => {
    const dup = await t.call('POST', '/team/users', {
      as: r.admin,
      body: { name: 'Copy', email: r.member.email.toUpperCase(), role: 'member' },
    });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({
      code: 422,
      message: 'A user of this team already has this email',
      errors: { email: ['A user of this team already has this email'] },
    });
    const both = await Promise.all(
      [1, 2].map(() => t.call('POST', '/team/users', { as: r.admin, body: { name: 'Twin', email: 'twin@example.test' } })),
    );
    expect(both.map((b) => b.status).sort()).toEqual([201, 422]);
  });

  it('accepts an email another team has, so no team learns which addresses another team has', async () => {
    const res = await t.call('POST', '/team/users', { as: r.admin, body: { name: 'Same address', email: other.email } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: other.email });
    const theirs = await t.call('GET', '/users/me', { as: other });
    expect(theirs.body).toMatchObject({ id: other.id, email: other.email });
  });

  it('validates the body: unknown role, bad email, negative rate → 422 per field; malformed JSON → 400', async () => {
    const bad = await t.call('POST', '/team/users', { as: r.admin, body: { name: 'X', email: 'x@example.test', role: 'owner' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['role']);
    const many = await t.call('POST', '/team/users', { as: r.admin, body: { name: '', email: 'nope', rate: -1 } });
    expect(many.status).toBe(422);
    expect(Object.keys(many.body.errors).sort()).toEqual(['email', 'name', 'rate']);
    const malformed = await t.call('POST', '/team/users', { as: r.admin, raw: '{"name": "x",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: 400, message: 'Malformed JSON in request body' });
  });

  it.each(['supervisor', 'member', 'limited'] as const)('refuses a %s with 403 and creates nobody', async (who) => {
    const email = `by-${who}@example.test`;
    const res = await t.call('POST', '/team/users', { as: r[who], body: { name: 'Sneaky', email, role: 'admin' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    const list = await t.call<{ email?: string }[]>('GET', '/team/users', { as: r.admin });
    expect(list.body.some((u) => u.email === email)).toBe(false);
  });
});

describe('PUT /team/users/{id}', () => {
  it('lets an admin change role, rate, cost, headline, capacity, timezone and week start', async () => {
    const target = await t.user(r.team.id, 'member');
    const res = await t.call('PUT', `/team/users/${target.id}`, {
      as: r.admin,
      body: {
        role: 'supervisor',
        rate: 12000,
        cost: 7000,
        headline: 'Lead',
        capacity: 30 * 3600,
        timezone: -3.5,
        weekStart: 0,
        name: 'Renamed',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: target.id,
      role: 'supervisor',
      rate: 12000,
      cost: 7000,
      headline: 'Lead',
      capacity: 108000,
      timezone: -3.5,
      weekStart: 0,
      name: 'Renamed',
    });
    const me = await t.call('GET', '/users/me', { as: target });
    expect(me.body).toMatchObject({ role: 'supervisor', headline: 'Lead', weekStart: 0 });
    const empty = await t.call('PUT', `/team/users/${target.id}`, { as: r.admin, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ role: 'supervisor', rate: 12000 });
  });

  it('validates the body', async () => {
    const res = await t.call('PUT', `/team/users/${r.member.id}`, { as: r.admin, body: { rate: -5, role: 'boss', timezone: 3.3 } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['rate', 'role', 'timezone']);
  });

  it.each(['supervisor', 'member', 'limited'] as const)('refuses a %s with 403', async (who) => {
    const res = await t.call('PUT', `/team/users/${r.member.id}`, { as: r[who], body: { rate: 1 } });
    expect(res.status).toBe(403);
  });

  it('answers 404 for a user of another team, or an id that is not a number, and changes nothing', async () => {
    const res = await t.call('PUT', `/team/users/${other.id}`, { as: r.admin, body: { role: 'member', rate: 1 } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: 'User not found' });
    expect((await t.call('PUT', '/team/users/abc', { as: r.admin, body: { rate: 1 } })).status).toBe(404);
    const them = await t.call('GET', '/users/me', { as: other });
    expect(them.body).toMatchObject({ role: 'admin', rate: 5000 });
  });

  it('keeps at least one active admin', async () => {
    const team = await t.team('Solo');
    const solo = await t.user(team.id, 'admin');
    const demote = await t.call('PUT', `/team/users/${solo.id}`, { as: solo, body: { role: 'member' } });
    expect(demote.status).toBe(422);
    expect(demote.body.errors).toEqual({ role: ['The team needs at least one active admin'] });
    const remove = await t.call('PUT', `/team/users/${solo.id}`, { as: solo, body: { status: 'removed' } });
    expect(remove.status).toBe(422);
    expect(remove.body.errors).toHaveProperty('status');
    expect((await t.call('GET', '/users/me', { as: solo })).body.role).toBe('admin');

    const second = await t.user(team.id, 'admin');
    // Two admins demoting each other at once: one must lose. The loser is refused
    // with 422 (the last admin) when both requests passed authentication first, or
    // with 403 when the winner's demotion had already landed before the loser's
    // request was authenticated: by then the loser is no longer an admin.
    const results = await Promise.all([
      t.call('PUT', `/team/users/${solo.id}`, { as: second, body: { role: 'member' } }),
      t.call('PUT', `/team/users/${second.id}`, { as: solo, body: { role: 'member' } }),
    ]);
    const [won, lost] = results.map((x) => x.status).sort();
    expect(won).toBe(200);
    expect([403, 422]).toContain(lost);
    const admins = (await t.scope(team.id).list(users)).filter((u) => u.role === 'admin');
    expect(admins).toHaveLength(1);
  });

  it('a removed user can no longer authenticate', async () => {
    const target = await t.user(r.team.id, 'member');
    expect((await t.call('PUT', `/team/users/${target.id}`, { as: r.admin, body: { status: 'removed' } })).status).toBe(200);
    expect((await t.call('GET', '/users/me', { as: target })).status).toBe(401);
  });
});
