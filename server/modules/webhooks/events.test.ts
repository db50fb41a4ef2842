import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventKinds } from '../../../contract/webhooks.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { startReceiver, type Receiver } from '../../test/webhook-receiver.ts';
import { createWebhookWorker } from './worker.ts';

/**
 * Events emitted by the other areas' REST operations reach a hook. Each area's change is made through
 * the API, so these fail if an area stops emitting (or emits outside its transaction and a failure leaks one).
 */
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let rc: Receiver;
let worker: ReturnType<typeof createWebhookWorker>;

/** True when the app serves this operation at all (some areas are registered by the app as they land). */
async function served(method: string, path: string) {
  const res = await t.call(method, path, { as: r.admin });
  return !(res.status === 404 && res.body?.message === 'Not found');
}

/** Runs the worker and returns the [kind, resource id] pairs delivered since the last call. */
let seen = 0;
async function delivered() {
  await worker.drain();
  const all = rc.deliveries().slice(seen);
  seen += all.length;
  return all.map((d) => [d.headers['x-hook-event'], d.json.data.id] as const);
}

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  rc = await startReceiver();
  const events = eventKinds.filter((k) => !k.startsWith('api:invoice:'));
  expect((await t.call('POST', '/hooks', { as: r.admin, body: { targetUrl: rc.url, events } })).status).toBe(201);
  worker = createWebhookWorker(t.deps);
});
afterAll(async () => {
  await rc.close();
});

describe('events of every area', () => {
  it('projects, tasks, estimates and time records', async () => {
    const project = await t.call('POST', '/projects', { as: r.admin, body: { name: 'Evented' } });
    expect(project.status).toBe(201);
    const pid = project.body.id as string;
    expect((await t.call('PUT', `/projects/${pid}`, { as: r.admin, body: { name: 'Evented 2' } })).status).toBe(200);
    expect(await delivered()).toEqual([
      ['api:project:created', pid],
      ['api:project:updated', pid],
    ]);
    const first = rc.deliveries()[0]!.json;
    expect(first.data.data).toMatchObject({ id: pid, name: 'Evented' });
    expect(first.attributes.projects).toEqual([pid]);
    expect(first.user).toEqual({ id: r.admin.id, teamId: r.team.id });

    const task = await t.call('POST', `/projects/${pid}/tasks`, { as: r.admin, body: { name: 'Hook task' } });
    expect(task.status).toBe(201);
    const tid = task.body.id as string;
    expect((await t.call('PUT', `/tasks/${tid}`, { as: r.admin, body: { name: 'Hook task 2' } })).status).toBe(200);
    expect((await t.call('PUT', `/tasks/${tid}/estimate`, { as: r.admin, body: { total: 3600, type: 'overall' } })).status).toBe(200);
    expect((await t.call('DELETE', `/tasks/${tid}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('POST', `/tasks/${tid}/recover`, { as: r.admin })).status).toBe(200);
    const tasks = await delivered();
    expect(tasks).toEqual([
      ['api:task:created', tid],
      ['api:task:updated', tid],
      ['api:estimate:updated', tid],
      ['api:task:removed', tid],
      ['api:task:recovered', tid],
    ]);
    expect(rc.deliveries().at(-5)!.json.data.data).toMatchObject({ id: tid, name: 'Hook task', projects: [pid] });

    const time = await t.call('POST', '/time', { as: r.admin, body: { task: tid, date: '2026-03-02', time: 1800 } });
    expect(time.status).toBe(201);
    expect(await delivered()).toEqual([['api:time:updated', String(time.body.id)]]);
    const payload = rc.deliveries().at(-1)!.json;
    expect(payload.data.data).toMatchObject({ id: time.body.id, time: 1800, date: '2026-03-02' });
    expect(payload.attributes).toEqual({ projects: [pid], users: [r.admin.id] });

    // A refused change emits nothing.
    expect((await t.call('POST', '/time', { as: r.admin, body: { task: tid, date: '2026-03-02', time: 0 } })).status).toBe(422);
    expect((await t.call('PUT', `/tasks/${tid}`, { as: r.limited, body: { name: 'nope' } })).status).toBeGreaterThanOrEqual(400);
    expect(await delivered()).toEqual([]);

    // A project without time can be deleted.
    const gone = (await t.call('POST', '/projects', { as: r.admin, body: { name: 'Short-lived' } })).body.id as string;
    expect((await t.call('DELETE', `/projects/${gone}`, { as: r.admin })).status).toBe(204);
    expect(await delivered()).toEqual([
      ['api:project:created', gone],
      ['api:project:removed', gone],
    ]);
  });

  it('sections (when the app serves them)', async (ctx) => {
    if (!(await served('GET', '/sections/1'))) ctx.skip();
    const pid = (await t.call('POST', '/projects', { as: r.admin, body: { name: 'Sectioned' } })).body.id as string;
    await delivered();
    const s = await t.call('POST', `/projects/${pid}/sections`, { as: r.admin, body: { name: 'S' } });
    expect(s.status).toBe(201);
    const sid = String(s.body.id);
    expect((await t.call('PUT', `/sections/${sid}`, { as: r.admin, body: { name: 'S2' } })).status).toBe(200);
    expect((await t.call('DELETE', `/sections/${sid}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('POST', `/sections/${sid}/recover`, { as: r.admin })).status).toBe(200);
    expect((await delivered()).map(([k]) => k)).toEqual(['api:section:created', 'api:section:updated', 'api:section:removed', 'api:section:recovered']);
  });

  it('timers (when the app serves them)', async (ctx) => {
    if (!(await served('GET', '/timers/current'))) ctx.skip();
    const pid = (await t.call('POST', '/projects', { as: r.admin, body: { name: 'Timed' } })).body.id as string;
    const tid = (await t.call('POST', `/projects/${pid}/tasks`, { as: r.admin, body: { name: 'Timed task' } })).body.id as string;
    await delivered();
    expect((await t.call('POST', '/timers', { as: r.admin, body: { task: tid } })).status).toBe(200);
    expect((await t.call('DELETE', '/timers/current', { as: r.admin })).status).toBe(200);
    const kinds = (await delivered()).map(([k]) => k);
    expect(kinds.slice(0, 2)).toEqual(['api:timer:started', 'api:timer:stopped']);
  });
});
