import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timeRecords, webhookEvents } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../../test/harness.ts';
import { fixtures } from '../../test/time-fixtures.ts';
import { userToday } from './service.ts';

let now = new Date('2026-03-10T09:00:00Z');
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let task: string;
let task2: string;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
  const f = fixtures(t);
  const p = await f.project(r.team.id, { users: [r.member.id, r.limited.id] });
  task = `ev:${(await f.task(r.team.id, p.id, { name: 'Timed' })).id}`;
  task2 = `ev:${(await f.task(r.team.id, p.id, { name: 'Other' })).id}`;
});

const at = (iso: string) => (now = new Date(iso));

describe('timers', () => {
  it('starts, reports, and stops: elapsed seconds booked with history TIMER', async () => {
    at('2026-03-10T09:00:00Z');
    expect((await t.call('GET', '/timers/current', { as: r.member })).body).toEqual({ status: 'stopped' });
    const started = await t.call('POST', '/timers', { as: r.member, body: { task, comment: 'focus' } });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      status: 'active',
      duration: 0,
      today: 0,
      startedAt: '2026-03-10 09:00:00',
      userDate: '2026-03-10',
      comment: 'focus',
      task: { id: task },
      user: { id: r.member.id },
    });
    at('2026-03-10T09:25:30Z');
    const current = await t.call('GET', '/timers/current', { as: r.member });
    expect(current.body).toMatchObject({ status: 'active', duration: 1530 });
    const stopped = await t.call('DELETE', '/timers/current', { as: r.member });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ status: 'stopped', duration: 1530, today: 1530 });
    const [rec] = await t.db.select().from(timeRecords).where(eq(timeRecords.userId, r.member.id));
    expect(rec).toMatchObject({ time: 1530, date: '2026-03-10', comment: 'focus' });
    const full = (await t.call('GET', `/time/${rec!.id}`, { as: r.member })).body;
    expect(full.history).toEqual([expect.objectContaining({ action: 'TIMER', time: 1530, previousTime: 0 })]);
    expect((await t.call('GET', '/timers/current', { as: r.member })).body).toEqual({ status: 'stopped' });
    expect((await t.call('DELETE', '/timers/current', { as: r.member })).status).toBe(404);
    const kinds = (await t.db.select().from(webhookEvents).where(eq(webhookEvents.actorId, r.member.id))).map((e) => e.kind);
    expect(kinds).toEqual(['api:timer:started', 'api:time:updated', 'api:timer:stopped']);
  });

  it('starting a second timer stops and books the first', async () => {
    at('2026-03-11T10:00:00Z');
    await t.call('POST', '/timers', { as: r.member, body: { task } });
    at('2026-03-11T10:10:00Z');
    const second = await t.call('POST', '/timers', { as: r.member, body: { task: task2 } });
    expect(second.body).toMatchObject({ status: 'active', task: { id: task2 }, startedAt: '2026-03-11 10:10:00' });
    const recs = await t.db.select().from(timeRecords).where(eq(timeRecords.date, '2026-03-11'));
    expect(recs.map((x) => x.time)).toEqual([600]);
    at('2026-03-11T10:15:00Z');
    expect((await t.call('DELETE', '/timers/current', { as: r.member })).body.duration).toBe(300);
  });

  it('a timer crossing midnight in the user timezone books to the day it started', async () => {
    const east = await t.user(r.team.id, 'admin', { timezone: 2 });
    at('2026-03-12T21:30:00Z'); // 23:30 local
    const started = await t.call('POST', '/timers', { as: east, body: { task } });
    expect(started.body.userDate).toBe('2026-03-12');
    at('2026-03-12T22:45:00Z'); // 00:45 local, the next day
    const stopped = await t.call('DELETE', '/timers/current', { as: east });
    expect(stopped.body).toMatchObject({ duration: 4500, userDate: '2026-03-12', today: 4500 });
    const recs = await t.db.select().from(timeRecords).where(eq(timeRecords.userId, east.id));
    expect(recs.map((x) => [x.date, x.time])).toEqual([['2026-03-12', 4500]]);
  });

  it('userDate defaults to today in the user timezone, and can be given', async () => {
    expect(userToday(-5, new Date('2026-03-13T03:00:00Z'))).toBe('2026-03-12');
    expect(userToday(5.5, new Date('2026-03-12T19:00:00Z'))).toBe('2026-03-13');
    expect(userToday(0, new Date('2026-03-12T23:59:59Z'))).toBe('2026-03-12');
    const west = await t.user(r.team.id, 'member', { timezone: -5 });
    at('2026-03-13T03:00:00Z');
    expect((await t.call('POST', '/timers', { as: west, body: { task } })).body.userDate).toBe('2026-03-12');
    const given = await t.call('POST', '/timers', { as: west, body: { task, userDate: '2026-03-01' } });
    expect(given.body.userDate).toBe('2026-03-01');
    await t.call('DELETE', '/timers/current', { as: west });
  });

  it('GET /team/timers: everyone for admins and supervisors, their own for members (as GET /team/time)', async () => {
    at('2026-03-14T08:00:00Z');
    await t.call('POST', '/timers', { as: r.member, body: { task } });
    await t.call('POST', '/timers', { as: r.supervisor, body: { task: task2 } });
    at('2026-03-14T08:01:00Z');
    const team = await t.call('GET', '/team/timers', { as: r.supervisor });
    expect(team.status).toBe(200);
    expect(team.body.map((x: { user: { id: number } }) => x.user.id).sort()).toEqual([r.member.id, r.supervisor.id].sort());
    expect(team.body.every((x: { status: string; duration: number }) => x.status === 'active' && x.duration === 60)).toBe(true);
    expect((await t.call('GET', '/team/timers', { as: r.admin })).status).toBe(200);
    const own = await t.call('GET', '/team/timers', { as: r.member });
    expect(own.status).toBe(200);
    expect(own.body.map((x: { user: { id: number } }) => x.user.id)).toEqual([r.member.id]);
    const none = await t.call('GET', '/team/timers', { as: r.limited });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const other = await t.team();
    const stranger = await t.user(other.id, 'admin');
    expect((await t.call('GET', '/team/timers', { as: stranger })).body).toEqual([]);
    expect((await t.call('GET', '/timers/current', { as: stranger })).body).toEqual({ status: 'stopped' });
    expect((await t.call('POST', '/timers', { as: stranger, body: { task } })).status).toBe(422);
    await t.call('DELETE', '/timers/current', { as: r.member });
    await t.call('DELETE', '/timers/current', { as: r.supervisor });
  });

  it('refuses bad input and stopping onto an invoiced (locked) day', async () => {
    for (const body of [{}, { task: 'x' }, { task, userDate: '2026-02-30' }, { task: 'ev:999999' }]) {
      const res = await t.call('POST', '/timers', { as: r.member, body });
      expect(res.status, JSON.stringify(body)).toBe('task' in body ? 422 : 400); // missing: 400, invalid: 422
    }
    at('2026-03-15T08:00:00Z');
    await t.call('POST', '/timers', { as: r.member, body: { task } });
    at('2026-03-15T08:30:00Z');
    const rec = await t.call('POST', '/time', { as: r.member, body: { time: 60, date: '2026-03-15', task } });
    await t.db.update(timeRecords).set({ isInvoiced: true }).where(eq(timeRecords.id, rec.body.id));
    const stop = await t.call('DELETE', '/timers/current', { as: r.member });
    expect(stop.status).toBe(422);
    expect(stop.body.message).toContain('invoiced');
    expect((await t.call('GET', '/timers/current', { as: r.member })).body.status).toBe('active');
    const [after] = await t.db.select().from(timeRecords).where(eq(timeRecords.id, rec.body.id));
    expect(after!.time).toBe(60);
  });
});
