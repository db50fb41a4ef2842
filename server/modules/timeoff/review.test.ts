import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
const now = new Date('2026-06-10T12:00:00Z');
let vacation: number;

const request = (as: TestUser, body: Record<string, unknown>) => t.call('POST', '/resource-planner/assignments/time-off', { as, body });
const review = (as: TestUser, body: Record<string, unknown>) => t.call('POST', '/resource-planner/time-off/review', { as, body });
const preview = (as: TestUser, query: string) => t.call('GET', `/resource-planner/time-off/preview?${query}`, { as });
const allocate = (user: number, days: number, restrict = true) =>
  t.call('POST', '/allocations', {
    as: r.admin,
    body: { user, timeOffType: vacation, startDate: '2026-01-01', endDate: '2026-12-31', days, restrictOverAllocation: restrict },
  });

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
  vacation = (await t.call('POST', '/resource-planner/time-off-types', { as: r.admin, body: { name: 'Vacation', color: '#00aa00' } })).body
    .id;
});

describe('reviewing time off', () => {
  it('approves and rejects several pending requests at once, with a comment the requester reads', async () => {
    const u = await t.user(r.team.id);
    await allocate(u.id, 6);
    const a = (await request(u, { startDate: '2026-07-06', endDate: '2026-07-07', timeOffType: vacation, note: 'Family visit' })).body;
    const b = (await request(u, { startDate: '2026-07-13', endDate: '2026-07-13', timeOffType: vacation })).body;
    const c = (await request(u, { startDate: '2026-07-20', endDate: '2026-07-22', timeOffType: vacation })).body;
    expect((await t.call('GET', `/allocations?user=${u.id}`, { as: u })).body[0]).toMatchObject({ daysUsed: 6, daysRemaining: 0 });

    const approved = await review(r.admin, { ids: [a.id, b.id], decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual([
      expect.objectContaining({
        id: a.id,
        status: 'approved',
        reviewedBy: r.admin.id,
        reviewedAt: '2026-06-10 12:00:00',
        reviewComment: '',
        note: 'Family visit',
      }),
      expect.objectContaining({ id: b.id, status: 'approved' }),
    ]);
    const rejected = await review(r.admin, { ids: [c.id], decision: 'reject', comment: '  Release week, sorry  ' });
    expect(rejected.body[0]).toMatchObject({ id: c.id, status: 'rejected', reviewComment: 'Release week, sorry', reviewedBy: r.admin.id });

    const mine = await t.call('GET', `/resource-planner/assignments?user=${u.id}&type=time-off`, { as: u });
    expect(mine.body.map((x: { status: string }) => x.status)).toEqual(['approved', 'approved', 'rejected']);
    expect(
      (await t.call('GET', `/resource-planner/assignments?user=${u.id}&status=rejected`, { as: u })).body.map((x: { id: number }) => x.id),
    ).toEqual([c.id]);
    // A rejected request counts nowhere: not in the balance, not as an overlap, not in the week.
    expect((await t.call('GET', `/allocations?user=${u.id}`, { as: u })).body[0]).toMatchObject({ daysUsed: 3, daysRemaining: 3 });
    const again21 = (await request(u, { startDate: '2026-07-21', endDate: '2026-07-21', timeOffType: vacation })).body;
    expect(again21.status).toBe('pending');
    const week = await t.call('GET', `/users/${u.id}/timesheets?weekId=2630`, { as: u });
    expect(week.body[0].timeOffAssignments.map((x: { id: number }) => x.id)).toEqual([again21.id]);

    // The requester can no longer change or withdraw a decided request; an admin can.
    expect((await t.call('PUT', `/resource-planner/assignments/${c.id}`, { as: u, body: { note: 'again' } })).status).toBe(403);
    expect((await t.call('DELETE', `/resource-planner/assignments/${c.id}`, { as: u })).status).toBe(403);
    // Deciding again is refused, and nothing of the batch changes.
    const again = await review(r.admin, { ids: [b.id, c.id], decision: 'reject' });
    expect(again.status).toBe(422);
    expect(again.body.errors.ids[0]).toContain('no longer pending');
    // An admin can reopen a decision through the assignment (the checks apply again); it clears the comment.
    const blocked = await t.call('PUT', `/resource-planner/assignments/${c.id}`, { as: r.admin, body: { status: 'pending' } });
    expect(blocked.body.errors.startDate[0]).toContain(`Overlaps time off ${again21.id}`);
    const reopened = await t.call('PUT', `/resource-planner/assignments/${c.id}`, {
      as: r.admin,
      body: { status: 'pending', forceOverride: true, considerAllocations: false },
    });
    expect(reopened.body).toMatchObject({ status: 'pending', reviewedBy: null, reviewedAt: null, reviewComment: '' });
  });

  it('is for admins only, in their own team, and validates the body', async () => {
    const u = await t.user(r.team.id);
    const a = (await request(u, { startDate: '2026-10-05', endDate: '2026-10-05' })).body;
    for (const who of [r.supervisor, r.member, r.limited, u])
      expect((await review(who, { ids: [a.id], decision: 'approve' })).status).toBe(403);
    const stranger = await t.user((await t.team()).id, 'admin');
    const foreign = await review(stranger, { ids: [a.id], decision: 'approve' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.ids).toBeDefined();
    const bad = await review(r.admin, { ids: [], decision: 'maybe', comment: 'x'.repeat(2001) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['comment', 'decision', 'ids']);
    expect((await review(r.admin, { decision: 'approve' })).status).toBe(400);
    const mine = await t.call('GET', `/resource-planner/assignments?user=${u.id}`, { as: u });
    expect(mine.body[0].status).toBe('pending');
  });
});

describe('previewing a request', () => {
  it('counts the workdays and the balance left in each allocation, and names what would refuse it', async () => {
    const u = await t.user(r.team.id);
    const alloc = (await allocate(u.id, 2)).body;
    const first = (await request(u, { startDate: '2026-08-03', endDate: '2026-08-03', timeOffType: vacation })).body;
    const half = await preview(u, `timeOffType=${vacation}&startDate=2026-08-04&endDate=2026-08-04&timeOffPeriod=half-of-day`);
    expect(half.status).toBe(200);
    expect(half.body).toEqual({
      days: 0.5,
      allocations: [
        {
          id: alloc.id,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          daysRemaining: 1,
          daysRequested: 0.5,
          daysRemainingAfter: 0.5,
          restrictOverAllocation: true,
        },
      ],
      errors: {},
    });
    const over = await preview(u, `timeOffType=${vacation}&startDate=2026-08-05&endDate=2026-08-07`);
    expect(over.body.days).toBe(3);
    expect(over.body.allocations[0]).toMatchObject({ daysRemainingAfter: -2 });
    expect(over.body.errors.timeOffType[0]).toContain('Not enough balance');
    const clash = await preview(u, `startDate=2026-08-03&endDate=2026-08-04`);
    expect(clash.body).toMatchObject({ days: 2, allocations: [] });
    expect(clash.body.errors.startDate).toEqual([`Overlaps time off ${first.id} (pending) from 2026-08-03 to 2026-08-03`]);
    // Editing a request leaves it out of its own overlap and balance.
    const editing = await preview(u, `timeOffType=${vacation}&startDate=2026-08-03&endDate=2026-08-04&except=${first.id}`);
    expect(editing.body).toMatchObject({ days: 2, errors: {}, allocations: [{ daysRemaining: 2, daysRemainingAfter: 0 }] });
    // Nothing was created.
    expect((await t.call('GET', `/resource-planner/assignments?user=${u.id}`, { as: u })).body).toHaveLength(1);
  });

  it('is for oneself, or anyone for an admin, and validates the query', async () => {
    const u = await t.user(r.team.id);
    expect((await preview(r.member, `user=${u.id}&startDate=2026-08-03&endDate=2026-08-03`)).status).toBe(403);
    expect((await preview(r.supervisor, `user=${u.id}&startDate=2026-08-03&endDate=2026-08-03`)).status).toBe(403);
    expect((await preview(r.admin, `user=${u.id}&startDate=2026-08-03&endDate=2026-08-03`)).body.days).toBe(1);
    const stranger = await t.user((await t.team()).id);
    expect((await preview(r.admin, `user=${stranger.id}&startDate=2026-08-03&endDate=2026-08-03`)).status).toBe(422);
    const bad = await preview(u, `startDate=2026-08-03&endDate=2026-08-03&timeOffPeriod=all`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['timeOffPeriod']);
    const backwards = await preview(u, `startDate=2026-08-04&endDate=2026-08-03`);
    expect(backwards.status).toBe(422);
    expect(Object.keys(backwards.body.errors)).toEqual(['endDate']);
    expect((await preview(u, `endDate=2026-08-03`)).status).toBe(400);
  });
});
