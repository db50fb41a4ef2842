import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';

// Locks hold for every role: an admin who must change time of an approved week reopens it first.
let now = new Date('2026-03-10T09:00:00Z');
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let task: string;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
  const f = fixtures(t);
  const p = await f.project(r.team.id, { users: [r.member.id] });
  task = `ev:${(await f.task(r.team.id, p.id)).id}`;
});

const add = (as: TestUser, body: Record<string, unknown>) => t.call('POST', '/time', { as, body });
const review = (id: string, body: Record<string, unknown>) => t.call('PUT', `/timesheets/${id}/approval`, { as: r.admin, body });

describe('locks hold for admins', () => {
  it('refuses an admin’s POST, PUT, move and DELETE in an approved week; rejecting reopens it, recorded in its history', async () => {
    const u = await t.user(r.team.id, 'member');
    const mon = (await add(u, { time: 600, date: '2026-03-02', task })).body; // week 2610
    const other = (await add(u, { time: 60, date: '2026-03-10', task: null })).body;
    const id = `${u.id}2610`;
    expect((await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: {} })).status).toBe(200);
    expect((await review(id, { status: 'approved' })).body.status).toBe('approved');

    for (const res of [
      await add(r.admin, { time: 60, date: '2026-03-02', task, user: u.id }),
      await t.call('PUT', `/time/${mon.id}`, { as: r.admin, body: { time: 1 } }),
      await t.call('PUT', `/time/${other.id}`, { as: r.admin, body: { date: '2026-03-02' } }),
      await t.call('DELETE', `/time/${mon.id}`, { as: r.admin }),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 422, message: expect.stringContaining('week 2610') });
      expect(res.body.errors.time[0]).toMatch(/^Approved on /);
    }
    expect((await t.call('GET', `/time/${mon.id}`, { as: r.admin })).body).toMatchObject({ time: 600, isLocked: true });

    const reopened = await review(id, { status: 'rejected', comment: 'Wrong hours on Monday' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('rejected');
    expect(reopened.body.history.at(-1)).toMatchObject({ action: 'rejected', user: r.admin.id, comment: 'Wrong hours on Monday' });
    const edit = await t.call('PUT', `/time/${mon.id}`, { as: r.admin, body: { time: 900 } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ time: 900, isLocked: false });
    expect(edit.body.history.at(-1)).toMatchObject({ action: 'EDIT', createdBy: r.admin.id, previousTime: 600 });
    // The refused edit left no trace: its write and history entry rolled back with it.
    expect(edit.body.history.filter((h: { action: string }) => h.action === 'EDIT')).toHaveLength(1);
  });

  it('a week rejected in part can have its remaining approved days rejected too', async () => {
    const u = await t.user(r.team.id, 'member');
    await add(u, { time: 600, date: '2026-03-02', task });
    const tue = (await add(u, { time: 600, date: '2026-03-03', task })).body;
    const id = `${u.id}2610`;
    await t.call('POST', `/timesheets/${id}/approval`, { as: u, body: {} });
    await review(id, { status: 'approved' });
    expect((await review(id, { status: 'rejected', days: { monday: true } })).body).toMatchObject({ status: 'rejected', approvedDays: { tuesday: true } });
    expect((await t.call('DELETE', `/time/${tue.id}`, { as: r.admin })).status).toBe(422);
    const rest = await review(id, { status: 'rejected', days: { tuesday: true } });
    expect(rest.status).toBe(200);
    expect(rest.body.approvedDays.tuesday).toBe(false);
    expect((await t.call('DELETE', `/time/${tue.id}`, { as: r.admin })).status).toBe(204);
    const nothing = await review(id, { status: 'rejected' });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toContain('no pending or approved days');
  });

  it('an admin’s timer does not stop into the admin’s own approved day until the week is reopened', async () => {
    now = new Date('2026-03-16T08:00:00Z'); // Monday of week 2612
    expect((await t.call('POST', '/timers', { as: r.admin, body: { task } })).status).toBe(200);
    await add(r.admin, { time: 60, date: '2026-03-16', task });
    const id = `${r.admin.id}2612`;
    expect((await t.call('POST', `/timesheets/${id}/approval`, { as: r.admin, body: {} })).status).toBe(200);
    expect((await review(id, { status: 'approved' })).body.status).toBe('approved');
    now = new Date('2026-03-16T09:00:00Z');
    const stop = await t.call('DELETE', '/timers/current', { as: r.admin });
    expect(stop.status).toBe(422);
    expect(stop.body.message).toContain('week 2612');
    expect((await t.call('GET', '/timers/current', { as: r.admin })).body.status).toBe('active');
    expect((await t.call('POST', '/timers', { as: r.admin, body: { task, userDate: '2026-03-16' } })).status).toBe(422);

    await review(id, { status: 'rejected' });
    const stopped = await t.call('DELETE', '/timers/current', { as: r.admin });
    expect(stopped.status).toBe(200);
    const [rec] = (await t.call('GET', `/users/${r.admin.id}/time?date=2026-03-16`, { as: r.admin })).body;
    expect(rec.time).toBe(60 + 3600);
  });
});
