import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let now = new Date('2026-06-10T12:00:00Z');

const at = (iso: string) => (now = new Date(iso));
const clock = (u: TestUser, what: 'in' | 'out', iso: string) => {
  at(iso);
  return t.call('POST', `/users/${u.id}/timecards/clock-${what}`, { as: u, body: {} });
};

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
});

describe('GET /timecards/today', () => {
  it('says who is clocked in and since when, who clocked out and who has not clocked in, each on their own date', async () => {
    const r = await t.roles();
    const name = (n: string, timezone = 0) => ({ name: n, timezone });
    const inNow = await t.user(r.team.id, 'member', name('Ann In'));
    const out = await t.user(r.team.id, 'member', name('Bob Out'));
    const absent = await t.user(r.team.id, 'member', name('Cid Absent'));
    const night = await t.user(r.team.id, 'member', name('Dee Night', -5));
    const gone = await t.user(r.team.id, 'member', name('Eve Gone'));
    const other = await t.user((await t.team()).id, 'member', name('Fay Elsewhere'));

    expect((await clock(inNow, 'in', '2026-06-10T09:02:00Z')).status).toBe(200);
    await clock(out, 'in', '2026-06-10T07:00:00Z');
    await clock(out, 'out', '2026-06-10T11:00:00Z');
    // 22:00 on June 9 in UTC−5, still running at 07:00 on June 10 there.
    await clock(night, 'in', '2026-06-10T03:00:00Z');
    await clock(gone, 'in', '2026-06-10T08:00:00Z');
    await t.db.update(users).set({ status: 'removed' }).where(eq(users.id, gone.id));
    await clock(other, 'in', '2026-06-10T08:00:00Z');
    // Yesterday's finished shift does not count for today.
    await t.call('PUT', `/users/${absent.id}/timecards/2026-06-09`, { as: absent, body: { clockIn: '09:00', clockOut: '17:00' } });
    // Invited (not yet signed in) members are part of the team all the same.
    await t.db.update(users).set({ status: 'invited' }).where(eq(users.id, absent.id));

    at('2026-06-10T12:00:00Z');
    const res = await t.call('GET', '/timecards/today', { as: r.supervisor });
    expect(res.status).toBe(200);
    const byUser = new Map(res.body.map((e: { user: number }) => [e.user, e]));
    expect(byUser.get(inNow.id)).toEqual({ user: inNow.id, today: '2026-06-10', status: 'clocked-in', date: '2026-06-10', clockIn: '09:02', clockOut: null, breakTime: 0, workTime: 0 });
    expect(byUser.get(out.id)).toMatchObject({ status: 'clocked-out', date: '2026-06-10', clockIn: '07:00', clockOut: '11:00', workTime: 4 * 3600 });
    expect(byUser.get(absent.id)).toMatchObject({ status: 'not-clocked-in', date: null, clockIn: null, clockOut: null, workTime: 0 });
    expect(byUser.get(night.id)).toMatchObject({ today: '2026-06-10', status: 'clocked-in', date: '2026-06-09', clockIn: '22:00', clockOut: null });
    expect(byUser.has(gone.id)).toBe(false);
    expect(byUser.has(other.id)).toBe(false);
    // Every member of the team not removed (the four of roles() and four here), by name.
    expect(res.body).toHaveLength(8);
    const names = await t.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.teamId, r.team.id));
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    const listed = res.body.map((e: { user: number }) => nameOf.get(e.user)!);
    expect(listed).toEqual([...listed].sort((x: string, y: string) => x.localeCompare(y)));

    // Clocking out after midnight (their time) closes the night shift.
    await clock(night, 'out', '2026-06-10T13:00:00Z');
    at('2026-06-10T13:30:00Z');
    const later = await t.call('GET', '/timecards/today', { as: r.admin });
    expect(later.body.find((e: { user: number }) => e.user === night.id)).toMatchObject({ status: 'clocked-out', date: '2026-06-09', clockIn: '22:00', clockOut: '08:00', workTime: 10 * 3600 });
  });

  it('is for admins and supervisors only', async () => {
    const r = await t.roles();
    expect((await t.call('GET', '/timecards/today', { as: r.admin })).status).toBe(200);
    expect((await t.call('GET', '/timecards/today', { as: r.member })).status).toBe(403);
    expect((await t.call('GET', '/timecards/today', { as: r.limited })).status).toBe(403);
    expect((await t.call('GET', '/timecards/today', { as: null })).status).toBe(401);
  });
});
