import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hooks, projects, projectUsers } from '../../db/schema/index.ts';
import { TEST_PUBLIC_URL, type TestContext, type TestUser } from '../../test/harness.ts';
import { hookSuite, startReceiver } from '../../test/webhook-receiver.ts';

const suite = hookSuite({ webhooks: { timeoutMs: 1_000 } });
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let other: Awaited<ReturnType<TestContext['roles']>>;
const receiver = suite.receiver;
beforeAll(() => void ({ t, r, other } = suite));
const SKIP = { 'X-Skip-Handshake': 'true' };
const create = (as: TestUser, body: unknown, headers: Record<string, string> = {}) => t.call('POST', '/hooks', { as, body, headers });

describe('POST /hooks: handshake', () => {
  it('handshakes with a User-Agent, a fresh X-Hook-Secret and an empty JSON body, then answers 201 with the webhook', async () => {
    const rc = await receiver();
    const res = await create(r.member, { targetUrl: rc.url, events: ['api:time:updated', 'api:timer:started'] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      targetUrl: rc.url,
      events: ['api:time:updated', 'api:timer:started'],
      project: null,
      active: true,
      isActive: true,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      lastUsedAt: null,
      consecutiveFailures: 0,
      failingSince: null,
      disabledAt: null,
    });
    expect(res.body.secret).toBeUndefined();
    expect(rc.received).toHaveLength(1);
    const h = rc.received[0]!;
    expect(h.method).toBe('POST');
    expect(h.headers['user-agent']).toBe(`Timekeep-Webhooks/1.0 (+${TEST_PUBLIC_URL})`);
    expect(h.headers['x-hook-secret']).toMatch(/^[0-9a-f]{64}$/);
    expect(h.headers['content-type']).toBe('application/json');
    expect(h.json).toEqual({});
    expect(h.headers['x-hook-event']).toBeUndefined();

    // Stored encrypted, never the plain secret.
    const [row] = await t.db.select().from(hooks).where(eq(hooks.id, res.body.id));
    expect(row!.secretEnc).not.toContain(h.headers['x-hook-secret'] as string);
    expect(t.deps.secrets.decrypt(row!.secretEnc)).toBe(h.headers['x-hook-secret']);

    // A second webhook gets a different secret.
    const rc2 = await receiver();
    expect((await create(r.member, { targetUrl: rc2.url, events: ['api:time:updated'] })).status).toBe(201);
    expect(rc2.received[0]!.headers['x-hook-secret']).not.toBe(h.headers['x-hook-secret']);
  });

  it('accepts any 2xx, also one echoing the secret', async () => {
    const rc = await receiver({ fallback: { status: 204 } });
    expect((await create(r.member, { targetUrl: rc.url, events: ['api:time:updated'] })).status).toBe(201);
    const echo = await receiver({ fallback: { status: 202, body: 'ok' } });
    expect((await create(r.member, { targetUrl: echo.url, events: ['api:time:updated'] })).status).toBe(201);
  });

  it('rejects a failed handshake with 422 Invalid callback and stores nothing', async () => {
    for (const answer of [{ status: 500 }, { status: 404 }, { status: 302, headers: { Location: 'http://127.0.0.1:1/' } }]) {
      const rc = await receiver({ fallback: answer });
      const res = await create(r.supervisor, { targetUrl: rc.url, events: ['api:time:updated'] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 422, message: 'Invalid callback' });
      expect(res.body.errors.targetUrl).toEqual([`The handshake was answered with HTTP ${answer.status}`]);
      expect(rc.received).toHaveLength(1);
    }
    // What the receiver said comes back too, so its owner sees why.
    const talkative = await receiver({ fallback: { status: 401, body: 'missing token' } });
    const told = await create(r.supervisor, { targetUrl: talkative.url, events: ['api:time:updated'] });
    expect(told.body.errors.targetUrl).toEqual(['The handshake was answered with HTTP 401: missing token']);
    // Nobody listening.
    const closed = await startReceiver();
    await closed.close();
    const refused = await create(r.supervisor, { targetUrl: closed.url, events: ['api:time:updated'] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Invalid callback');
    expect((await t.call('GET', '/hooks', { as: r.supervisor })).body).toEqual([]);
  });

  it('does not follow a redirect during the handshake', async () => {
    const target = await receiver();
    const redirecting = await receiver({ fallback: { status: 307, headers: { Location: target.url } } });
    const res = await create(r.supervisor, { targetUrl: redirecting.url, events: ['api:time:updated'] });
    expect(res.status).toBe(422);
    expect(target.received).toHaveLength(0);
  });

  it('cuts a hanging handshake off at the timeout', async () => {
    const rc = await receiver({ fallback: 'hang' });
    const started = Date.now();
    const res = await create(r.supervisor, { targetUrl: rc.url, events: ['api:time:updated'] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid callback');
    expect(res.body.errors.targetUrl[0]).toMatch(/Timed out/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('skips the handshake with X-Skip-Handshake: true or 1 and shows a generated secret once', async () => {
    for (const value of ['true', '1']) {
      const rc = await receiver();
      const res = await create(r.admin, { targetUrl: rc.url, events: ['api:client:created'] }, { 'X-Skip-Handshake': value });
      expect(res.status).toBe(201);
      expect(res.body.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(rc.received).toHaveLength(0);
      const again = await t.call('GET', `/hooks/${res.body.id}`, { as: r.admin });
      expect(again.body.secret).toBeUndefined();
      const list = await t.call('GET', '/hooks', { as: r.admin });
      expect(list.body.find((h: { id: number }) => h.id === res.body.id).secret).toBeUndefined();
    }
    // Any other value does not skip.
    const rc = await receiver({ fallback: { status: 500 } });
    expect((await create(r.admin, { targetUrl: rc.url, events: ['api:client:created'] }, { 'X-Skip-Handshake': 'no' })).status).toBe(422);
  });
});

describe('POST /hooks: rules', () => {
  it('answers 409 for an active webhook of the same user and targetUrl (rules 2 and 4); other users may use the URL', async () => {
    const rc = await receiver();
    expect((await create(r.member, { targetUrl: rc.url, events: ['api:time:updated'] }, SKIP)).status).toBe(201);
    const dup = await create(r.member, { targetUrl: rc.url, events: ['api:task:created'] }, SKIP);
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ code: 409, message: expect.any(String) });
    // The same URL spelled differently is the same URL.
    const variant = await create(r.member, { targetUrl: rc.url.replace('http://', 'HTTP://'), events: ['api:task:created'] }, SKIP);
    expect(variant.status).toBe(409);
    expect((await create(r.supervisor, { targetUrl: rc.url, events: ['api:time:updated'] }, SKIP)).status).toBe(201);
    const mine = (await t.call('GET', '/hooks', { as: r.member })).body.filter((h: { targetUrl: string }) => h.targetUrl === rc.url);
    expect(mine).toHaveLength(1);
  });

  it('restores a disabled webhook for the same targetUrl with 200 and the new events (rule 3)', async () => {
    const rc = await receiver();
    const first = (await create(r.member, { targetUrl: rc.url, events: ['api:time:updated'] })).body;
    await t.db.update(hooks).set({ active: false, consecutiveFailures: 12 }).where(eq(hooks.id, first.id));
    expect((await t.call('GET', `/hooks/${first.id}`, { as: r.member })).body).toMatchObject({ active: false, isActive: false });
    const restored = await create(r.member, { targetUrl: rc.url, events: ['api:task:created', 'api:task:updated'] });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: first.id, active: true, isActive: true, events: ['api:task:created', 'api:task:updated'] });
    expect(rc.handshakes()).toHaveLength(2);
    const list = (await t.call('GET', '/hooks', { as: r.member })).body.filter((h: { targetUrl: string }) => h.targetUrl === rc.url);
    expect(list).toHaveLength(1);
    const [row] = await t.db.select().from(hooks).where(eq(hooks.id, first.id));
    expect(row!.consecutiveFailures).toBe(0);
    expect(t.deps.secrets.decrypt(row!.secretEnc)).toBe(rc.handshakes()[1]!.headers['x-hook-secret']);
  });

  it('a restore still needs a passing handshake', async () => {
    const rc = await receiver();
    const first = (await create(r.member, { targetUrl: rc.url, events: ['api:time:updated'] })).body;
    await t.db.update(hooks).set({ active: false }).where(eq(hooks.id, first.id));
    rc.setFallback({ status: 503 });
    const res = await create(r.member, { targetUrl: rc.url, events: ['api:task:created'] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid callback');
    expect((await t.call('GET', `/hooks/${first.id}`, { as: r.member })).body).toMatchObject({ active: false, events: ['api:time:updated'] });
  });

  it('validates targetUrl and events with the error body', async () => {
    const rc = await receiver();
    const cases: [unknown, string][] = [
      [{ events: ['api:time:updated'] }, 'targetUrl'],
      [{ targetUrl: 'ftp://example.test/x', events: ['api:time:updated'] }, 'targetUrl'],
      [{ targetUrl: 'not a url', events: ['api:time:updated'] }, 'targetUrl'],
      [{ targetUrl: `http://127.0.0.1/${'a'.repeat(2100)}`, events: ['api:time:updated'] }, 'targetUrl'],
      [{ targetUrl: rc.url, events: [] }, 'events'],
      [{ targetUrl: rc.url }, 'events'],
      [{ targetUrl: rc.url, events: ['api:time:created'] }, 'events.0'],
      [{ targetUrl: rc.url, events: ['api:time:updated'], project: 'nope' }, 'project'],
    ];
    for (const [body, field] of cases) {
      const res = await create(r.member, body, SKIP);
      const status = 'targetUrl' in (body as object) && 'events' in (body as object) ? 422 : 400; // a missing required field is 400, an invalid one 422
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.code).toBe(status);
      expect(res.body.errors[field]).toEqual(expect.any(Array));
    }
    expect(rc.received).toHaveLength(0);
    const malformed = await t.call('POST', '/hooks', { as: r.member, raw: '{"targetUrl":' });
    expect(malformed.status).toBe(400);
    expect((await t.call('POST', '/hooks', { body: { targetUrl: rc.url, events: ['api:time:updated'] } })).status).toBe(401);
  });

  it('project scope: refuses project-created, client and invoice events (rule 5) and needs access to the project', async () => {
    const scope = t.scope(r.team.id);
    const open = await scope.insert(projects, { name: 'Open' });
    const secret = await scope.insert(projects, { name: 'Private', privacy: true });
    const assignedPrivate = await scope.insert(projects, { name: 'Private, assigned', privacy: true });
    await scope.insert(projectUsers, { projectId: assignedPrivate.id, userId: r.limited.id });
    await scope.insert(projectUsers, { projectId: assignedPrivate.id, userId: r.member.id });
    const foreign = await t.scope(other.team.id).insert(projects, { name: 'Theirs' });
    const rc = await receiver();

    for (const kind of ['api:project:created', 'api:client:created', 'api:client:updated', 'api:invoice:created', 'api:invoice:updated', 'api:invoice:deleted']) {
      const res = await create(r.admin, { targetUrl: rc.url, events: ['api:task:created', kind], project: `ev:${open.id}` }, SKIP);
      expect(res.status, kind).toBe(422);
      expect(res.body.errors.events[0]).toContain(kind);
    }
    const ok = await create(r.admin, { targetUrl: rc.url, events: ['api:project:updated', 'api:project:removed', 'api:task:created', 'api:time:updated'], project: `ev:${open.id}` }, SKIP);
    expect(ok.status).toBe(201);
    expect(ok.body.project).toBe(`ev:${open.id}`);

    const foreignRes = await create(r.admin, { targetUrl: `${rc.url}?f`, events: ['api:task:created'], project: `ev:${foreign.id}` }, SKIP);
    expect(foreignRes.status).toBe(422);
    expect(foreignRes.body.errors.project).toBeDefined();
    expect((await create(r.admin, { targetUrl: `${rc.url}?m`, events: ['api:task:created'], project: 'ev:999999999' }, SKIP)).status).toBe(422);

    // Members: open or assigned projects; limited members: assigned only.
    expect((await create(r.member, { targetUrl: `${rc.url}?a`, events: ['api:task:created'], project: `ev:${secret.id}` }, SKIP)).status).toBe(422);
    expect((await create(r.member, { targetUrl: `${rc.url}?b`, events: ['api:task:created'], project: `ev:${open.id}` }, SKIP)).status).toBe(201);
    expect((await create(r.member, { targetUrl: `${rc.url}?c`, events: ['api:task:created'], project: `ev:${assignedPrivate.id}` }, SKIP)).status).toBe(201);
    expect((await create(r.limited, { targetUrl: `${rc.url}?d`, events: ['api:task:created'], project: `ev:${open.id}` }, SKIP)).status).toBe(422);
    expect((await create(r.limited, { targetUrl: `${rc.url}?e`, events: ['api:task:created'], project: `ev:${assignedPrivate.id}` }, SKIP)).status).toBe(201);
    expect((await create(r.supervisor, { targetUrl: `${rc.url}?g`, events: ['api:task:created'], project: `ev:${secret.id}` }, SKIP)).status).toBe(201);
  });
});

describe('GET, PUT and DELETE /hooks/{id}', () => {
  it('lists only the caller’s webhooks; others are 404', async () => {
    const rc = await receiver();
    const mine = (await create(other.member, { targetUrl: rc.url, events: ['api:time:updated'] }, SKIP)).body;
    const list = await t.call('GET', '/hooks', { as: other.member });
    expect(list.status).toBe(200);
    expect(list.body.map((h: { id: number }) => h.id)).toEqual([mine.id]);
    expect((await t.call('GET', '/hooks', { as: other.admin })).body).toEqual([]);
    for (const u of [other.admin, r.admin]) {
      expect((await t.call('GET', `/hooks/${mine.id}`, { as: u })).status).toBe(404);
      expect((await t.call('PUT', `/hooks/${mine.id}`, { as: u, body: { events: ['api:task:created'] }, headers: SKIP })).status).toBe(404);
      expect((await t.call('DELETE', `/hooks/${mine.id}`, { as: u })).status).toBe(404);
      expect((await t.call('GET', `/hooks/${mine.id}/deliveries`, { as: u })).status).toBe(404);
    }
    expect((await t.call('GET', '/hooks/abc', { as: other.member })).status).toBe(404);
    expect((await t.call('GET', `/hooks/${mine.id}`, { as: other.member })).body).toMatchObject({ id: mine.id, targetUrl: rc.url });
  });

  it('PUT changes events and project only, refuses another targetUrl, handshakes again and reactivates', async () => {
    const scope = t.scope(r.team.id);
    const p = await scope.insert(projects, { name: 'PUT project' });
    const rc = await receiver();
    const created = (await create(r.supervisor, { targetUrl: rc.url, events: ['api:time:updated'] })).body;
    await t.db.update(hooks).set({ active: false }).where(eq(hooks.id, created.id));
    const moved = await t.call('PUT', `/hooks/${created.id}`, {
      as: r.supervisor,
      body: { targetUrl: 'http://127.0.0.1:1/elsewhere', events: ['api:task:created'] },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.targetUrl).toEqual([expect.stringContaining('cannot change')]);
    expect(rc.handshakes()).toHaveLength(1);
    // The hook's own URL sent back (as clients do with the whole webhook) is fine.
    const res = await t.call('PUT', `/hooks/${created.id}`, {
      as: r.supervisor,
      body: { targetUrl: rc.url, events: ['api:task:created', 'api:task:updated'], project: `ev:${p.id}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, targetUrl: rc.url, events: ['api:task:created', 'api:task:updated'], project: `ev:${p.id}`, active: true, isActive: true });
    expect(rc.handshakes()).toHaveLength(2);
    const [row] = await t.db.select().from(hooks).where(eq(hooks.id, created.id));
    expect(t.deps.secrets.decrypt(row!.secretEnc)).toBe(rc.handshakes()[1]!.headers['x-hook-secret']);

    // Without `project` the scope stays; null clears it; rule 5 applies.
    const keep = await t.call('PUT', `/hooks/${created.id}`, { as: r.supervisor, body: { events: ['api:task:removed'] } });
    expect(keep.body.project).toBe(`ev:${p.id}`);
    const bad = await t.call('PUT', `/hooks/${created.id}`, { as: r.supervisor, body: { events: ['api:client:created'] } });
    expect(bad.status).toBe(422);
    const cleared = await t.call('PUT', `/hooks/${created.id}`, { as: r.supervisor, body: { events: ['api:client:created'], project: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.project).toBeNull();
    expect((await t.call('PUT', `/hooks/${created.id}`, { as: r.supervisor, body: { events: [] } })).status).toBe(422);

    // A failing handshake leaves the webhook as it was.
    await t.db.update(hooks).set({ active: false }).where(eq(hooks.id, created.id));
    rc.setFallback({ status: 500 });
    const failed = await t.call('PUT', `/hooks/${created.id}`, { as: r.supervisor, body: { events: ['api:task:created'] } });
    expect(failed.status).toBe(422);
    expect(failed.body.message).toBe('Invalid callback');
    expect((await t.call('GET', `/hooks/${created.id}`, { as: r.supervisor })).body).toMatchObject({ active: false, events: ['api:client:created'] });
    // Skipping the handshake keeps the secret the receiver already has.
    const [before] = await t.db.select().from(hooks).where(eq(hooks.id, created.id));
    expect(t.deps.secrets.decrypt(before!.secretEnc)).toBe(rc.handshakes()[3]!.headers['x-hook-secret']);
    const skipped = await t.call('PUT', `/hooks/${created.id}`, { as: r.supervisor, body: { events: ['api:task:created'] }, headers: SKIP });
    expect(skipped.status).toBe(200);
    expect(skipped.body.active).toBe(true);
    expect(skipped.body.secret).toBeUndefined();
    const [after] = await t.db.select().from(hooks).where(eq(hooks.id, created.id));
    expect(t.deps.secrets.decrypt(after!.secretEnc)).toBe(rc.handshakes()[3]!.headers['x-hook-secret']);
  });

  it('DELETE answers 204, then 404; the URL can be registered again', async () => {
    const rc = await receiver();
    const h = (await create(r.member, { targetUrl: rc.url, events: ['api:time:updated'] }, SKIP)).body;
    const del = await t.call('DELETE', `/hooks/${h.id}`, { as: r.member });
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expect((await t.call('GET', `/hooks/${h.id}`, { as: r.member })).status).toBe(404);
    expect((await t.call('DELETE', `/hooks/${h.id}`, { as: r.member })).status).toBe(404);
    expect((await create(r.member, { targetUrl: rc.url, events: ['api:time:updated'] }, SKIP)).status).toBe(201);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/hooks', '/hooks/{id}', '/hooks/{id}/deliveries', '/hooks/{id}/deliveries/{deliveryId}/redeliver']));
  });
});
