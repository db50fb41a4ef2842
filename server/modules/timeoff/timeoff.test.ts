import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
const now = new Date('2026-06-10T12:00:00Z');
let vacation: number;

const request = (as: TestUser, body: Record<string, unknown>) => t.call('POST', '/resource-planner/assignments/time-off', { as, body });
const upload = async (u: TestUser, name = 'note.pdf') =>
  (
    await t.scope(u.teamId).insert(attachments, {
      uploadedBy: u.id,
      name,
      mimeType: 'application/pdf',
      size: 4,
      storageKey: `k-${Math.random()}`,
      token: `tok-${Math.random()}`,
    })
  ).id;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  r = await t.roles();
  vacation = (
    await t.call('POST', '/resource-planner/time-off-types', { as: r.admin, body: { name: 'Vacation', color: '#00aa00', paid: true } })
  ).body.id;
});

describe('time-off types', () => {
  it('are managed by admins and read by everyone', async () => {
    const created = await t.call('POST', '/resource-planner/time-off-types', { as: r.admin, body: { name: 'Sick leave' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Sick leave', color: '#7e57c2', paid: true, description: '' });
    const upd = await t.call('PUT', `/resource-planner/time-off-types/${created.body.id}`, {
      as: r.admin,
      body: { paid: false, color: '#123456' },
    });
    expect(upd.body).toMatchObject({ name: 'Sick leave', paid: false, color: '#123456' });
    for (const u of [r.supervisor, r.member, r.limited]) {
      const list = await t.call('GET', '/resource-planner/time-off-types', { as: u });
      expect(list.status).toBe(200);
      expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Sick leave', 'Vacation']);
      expect((await t.call('POST', '/resource-planner/time-off-types', { as: u, body: { name: 'x' } })).status).toBe(403);
      expect((await t.call('PUT', `/resource-planner/time-off-types/${created.body.id}`, { as: u, body: { name: 'x' } })).status).toBe(403);
      expect((await t.call('DELETE', `/resource-planner/time-off-types/${created.body.id}`, { as: u })).status).toBe(403);
    }
    const bad = await t.call('POST', '/resource-planner/time-off-types', { as: r.admin, body: { name: '', color: 'green' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['color', 'name']);
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('PUT', `/resource-planner/time-off-types/${created.body.id}`, { as: stranger, body: { name: 'x' } })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/resource-planner/time-off-types', { as: stranger })).body).toEqual([]);
    expect((await t.call('DELETE', `/resource-planner/time-off-types/${created.body.id}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('DELETE', `/resource-planner/time-off-types/${created.body.id}`, { as: r.admin })).status).toBe(404);
  });
});

describe('time off', () => {
  it('creates a pending request for oneself, whatever status a non-admin sends', async () => {
    const u = await t.user(r.team.id);
    const res = await request(u, {
      startDate: '2026-07-06',
      endDate: '2026-07-10',
      type: 'time-off',
      timeOffType: vacation,
      timeOffPeriod: 'full-day',
      status: 'approved',
      sendNotification: true,
      reviewer: r.admin.id,
      considerAllocations: true,
      attachments: [],
      forceOverride: false,
      note: 'Summer trip',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      type: 'time-off',
      user: u.id,
      timeOffType: vacation,
      timeOffPeriod: 'full-day',
      status: 'pending',
      startDate: '2026-07-06',
      endDate: '2026-07-10',
      days: 5,
      reviewer: r.admin.id,
      note: 'Summer trip',
      reviewedBy: null,
      reviewedAt: null,
      reviewComment: '',
      attachments: [],
      createdBy: u.id,
      createdAt: '2026-06-10 12:00:00',
    });
    expect((await request(u, { startDate: '2026-08-03', endDate: '2026-08-03', user: r.member.id })).status).toBe(403);
    const sup = await request(r.supervisor, { startDate: '2026-08-03', endDate: '2026-08-03', status: 'approved' });
    expect(sup.body.status).toBe('pending');
  });

  it('lets an admin create approved or pending time off for anyone', async () => {
    const u = await t.user(r.team.id);
    const a = await request(r.admin, { startDate: '2026-07-06', endDate: '2026-07-06', user: u.id, status: 'approved' });
    expect(a.body).toMatchObject({ user: u.id, status: 'approved', createdBy: r.admin.id });
    const p = await request(r.admin, { startDate: '2026-07-07', endDate: '2026-07-07', user: u.id });
    expect(p.body.status).toBe('pending');
    const stranger = await t.user((await t.team()).id);
    const other = await request(r.admin, { startDate: '2026-07-07', endDate: '2026-07-07', user: stranger.id });
    expect(other.status).toBe(422);
    expect(other.body.errors.user).toBeDefined();
  });

  it.each([
    ['2026-06-05', '2026-06-08', 'full-day', 2], // Friday to Monday across a weekend
    ['2026-06-06', '2026-06-07', 'full-day', 0], // a weekend
    ['2026-06-01', '2026-06-05', 'half-of-day', 2.5],
    ['2026-06-03', '2026-06-05', 'quarter-of-day', 0.75],
    ['2026-06-04', '2026-06-05', 'half-and-quarter-of-day', 1.5],
    ['2026-06-01', '2026-06-14', 'full-day', 10],
    ['2026-12-24', '2027-01-04', 'full-day', 8], // across the year end
  ])('%s to %s %s counts %d days', async (startDate, endDate, timeOffPeriod, days) => {
    const u = await t.user(r.team.id);
    const res = await request(u, { startDate, endDate, timeOffPeriod });
    expect(res.status).toBe(201);
    expect(res.body.days).toBe(days);
  });

  it('refuses bad input and writes nothing', async () => {
    const u = await t.user(r.team.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: '2026-06-10', endDate: '2026-06-09' }, 'endDate'],
      [{ startDate: '2026-02-30', endDate: '2026-03-02' }, 'startDate'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', timeOffPeriod: 'two-days' }, 'timeOffPeriod'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', type: 'project' }, 'type'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', status: 'rejected' }, 'status'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', timeOffType: 999999 }, 'timeOffType'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', reviewer: r.member.id }, 'reviewer'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', reviewer: r.supervisor.id }, 'reviewer'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', reviewer: 99999999999 }, 'reviewer'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', user: 99999999999 }, 'user'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', attachments: [999999] }, 'attachments'],
      [{ startDate: '2026-06-10', endDate: '2026-06-10', attachments: ['x'] }, 'attachments.0'],
      [{ endDate: '2026-06-10' }, 'startDate'],
    ];
    for (const [body, field] of cases) {
      const res = await request(u, body);
      const status = 'startDate' in body ? 422 : 400; // a missing required field is 400, an invalid one 422
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(status);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const missing = await request(u, { startDate: '2026-06-10', endDate: '2026-06-10', attachments: [999999] });
    expect(missing.body.message).toBe('Attachment 999999 does not exist');
    expect((await t.call('GET', `/resource-planner/assignments?user=${u.id}`, { as: u })).body).toEqual([]);
  });

  it('refuses overlapping time off of the same user unless forced', async () => {
    const u = await t.user(r.team.id);
    const first = await request(u, { startDate: '2026-09-07', endDate: '2026-09-11' });
    const clash = await request(u, { startDate: '2026-09-11', endDate: '2026-09-14' });
    expect(clash.status).toBe(422);
    expect(clash.body.message).toContain(`Overlaps time off ${first.body.id}`);
    expect((await request(u, { startDate: '2026-09-11', endDate: '2026-09-14', forceOverride: true })).status).toBe(201);
    expect((await request(r.member, { startDate: '2026-09-07', endDate: '2026-09-11' })).status).toBe(201);
    expect((await request(u, { startDate: '2026-09-15', endDate: '2026-09-15' })).status).toBe(201);
  });

  it('holds attachments that exist and releases them on delete', async () => {
    const u = await t.user(r.team.id);
    const file = await upload(u, 'doctor.pdf');
    const theirs = await upload(r.member);
    expect((await request(u, { startDate: '2026-10-01', endDate: '2026-10-01', attachments: [theirs] })).body.message).toBe(
      `Attachment ${theirs} does not exist`,
    );
    const res = await request(u, { startDate: '2026-10-01', endDate: '2026-10-01', attachments: [file] });
    expect(res.status).toBe(201);
    expect(res.body.attachments).toEqual([{ id: file, name: 'doctor.pdf', token: expect.any(String) }]);
    const [held] = await t.scope(r.team.id).list(attachments, eq(attachments.id, file));
    expect(held!.inUse).toBe(true);
    const reuse = await request(u, { startDate: '2026-10-02', endDate: '2026-10-02', attachments: [file] });
    expect(reuse.body.message).toMatch(/already attached/);
    expect((await t.call('DELETE', `/resource-planner/assignments/${res.body.id}`, { as: u })).status).toBe(204);
    const [released] = await t.scope(r.team.id).list(attachments, eq(attachments.id, file));
    expect(released!.inUse).toBe(false);
    expect(released!.releasedAt).not.toBeNull();

    // An admin attaches a file of theirs; the owner can still edit, and dropping it releases it.
    const other = (await request(u, { startDate: '2026-10-05', endDate: '2026-10-05' })).body;
    const adminFile = await upload(r.admin, 'admin.pdf');
    const withFile = await t.call('PUT', `/resource-planner/assignments/${other.id}`, { as: r.admin, body: { attachments: [adminFile] } });
    expect(withFile.body).toMatchObject({ status: 'pending', attachments: [{ id: adminFile, name: 'admin.pdf' }] });
    expect(
      (await t.call('PUT', `/resource-planner/assignments/${other.id}`, { as: u, body: { endDate: '2026-10-06' } })).body.attachments,
    ).toHaveLength(1);
    expect(
      (await t.call('PUT', `/resource-planner/assignments/${other.id}`, { as: u, body: { attachments: [] } })).body.attachments,
    ).toEqual([]);
    expect((await t.scope(r.team.id).list(attachments, eq(attachments.id, adminFile)))[0]!.inUse).toBe(false);
  });

  it('lists with filters as the role allows', async () => {
    const u = await t.user(r.team.id);
    const v = await t.user(r.team.id);
    const a = (await request(u, { startDate: '2026-11-02', endDate: '2026-11-04', timeOffType: vacation })).body;
    const b = (await request(r.admin, { startDate: '2026-11-20', endDate: '2026-11-20', user: u.id, status: 'approved' })).body;
    const c = (await request(v, { startDate: '2026-11-03', endDate: '2026-11-03' })).body;
    const ids = (res: { body: { id: number }[] }) => res.body.map((x) => x.id);
    expect(ids(await t.call('GET', '/resource-planner/assignments?from=2026-11-01&to=2026-11-30', { as: u }))).toEqual([a.id, b.id]);
    expect(ids(await t.call('GET', `/resource-planner/assignments?user=${u.id}&type=time-off`, { as: r.supervisor }))).toEqual([
      a.id,
      b.id,
    ]);
    expect(ids(await t.call('GET', `/resource-planner/assignments?user=${u.id}&status=approved`, { as: r.admin }))).toEqual([b.id]);
    expect(ids(await t.call('GET', '/resource-planner/assignments?from=2026-11-03&to=2026-11-03', { as: r.admin }))).toEqual(
      expect.arrayContaining([a.id, c.id]),
    );
    expect(ids(await t.call('GET', '/resource-planner/assignments?from=2026-11-05&to=2026-11-19', { as: r.admin }))).not.toContain(a.id);
    expect((await t.call('GET', '/resource-planner/assignments?type=project', { as: r.admin })).body).toEqual([]);
    expect((await t.call('GET', `/resource-planner/assignments?user=${v.id}`, { as: u })).status).toBe(403);
    expect((await t.call('GET', '/resource-planner/assignments?from=2026-13-01', { as: u })).status).toBe(422);
    const stranger = await t.user((await t.team()).id, 'admin');
    expect(ids(await t.call('GET', '/resource-planner/assignments', { as: stranger }))).toEqual([]);
  });

  it('lets the owner edit a pending request and an admin approve or edit any', async () => {
    const u = await t.user(r.team.id);
    const a = (await request(u, { startDate: '2026-12-07', endDate: '2026-12-08' })).body;
    const edit = await t.call('PUT', `/resource-planner/assignments/${a.id}`, {
      as: u,
      body: { endDate: '2026-12-11', timeOffPeriod: 'half-of-day' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ startDate: '2026-12-07', endDate: '2026-12-11', days: 2.5, status: 'pending' });
    expect((await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: u, body: { status: 'approved' } })).status).toBe(403);
    expect((await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: u, body: { user: r.member.id } })).status).toBe(403);
    expect((await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: u, body: { startDate: '2026-12-12' } })).status).toBe(422);
    expect((await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: r.supervisor, body: { status: 'approved' } })).status).toBe(
      403,
    );
    expect((await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: r.member, body: { endDate: '2026-12-12' } })).status).toBe(
      404,
    );
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: stranger, body: { status: 'approved' } })).status).toBe(404);
    expect((await t.call('DELETE', `/resource-planner/assignments/${a.id}`, { as: stranger })).status).toBe(404);
    expect((await t.call('PUT', '/resource-planner/assignments/99999999999', { as: r.admin, body: {} })).status).toBe(404);

    const ok = await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: r.admin, body: { status: 'approved' } });
    expect(ok.body).toMatchObject({ status: 'approved', days: 2.5 });
    expect((await t.call('PUT', `/resource-planner/assignments/${a.id}`, { as: u, body: { endDate: '2026-12-10' } })).status).toBe(403);
    expect((await t.call('DELETE', `/resource-planner/assignments/${a.id}`, { as: u })).status).toBe(403);
    expect(
      (
        await t.call('PUT', `/resource-planner/assignments/${a.id}`, {
          as: r.admin,
          body: { endDate: '2026-12-08', timeOffPeriod: 'full-day' },
        })
      ).body.days,
    ).toBe(2);
    expect((await t.call('DELETE', `/resource-planner/assignments/${a.id}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('DELETE', `/resource-planner/assignments/${a.id}`, { as: r.admin })).status).toBe(404);

    const b = (await request(u, { startDate: '2026-12-14', endDate: '2026-12-14' })).body;
    expect((await t.call('DELETE', `/resource-planner/assignments/${b.id}`, { as: r.supervisor })).status).toBe(403);
    expect((await t.call('DELETE', `/resource-planner/assignments/${b.id}`, { as: u })).status).toBe(204);
  });
});

describe('allocations', () => {
  it('tracks balances and refuses requests beyond a restricting one', async () => {
    const u = await t.user(r.team.id);
    const created = await t.call('POST', '/allocations', {
      as: r.admin,
      body: {
        user: u.id,
        timeOffType: vacation,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        days: 3,
        daysCarried: 0.5,
        restrictOverAllocation: true,
        notes: '2026',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      user: u.id,
      timeOffType: vacation,
      days: 3,
      daysCarried: 0.5,
      daysAllocated: 3.5,
      daysUsed: 0,
      daysRemaining: 3.5,
      accrualFrequency: 'immediately',
      restrictOverAllocation: true,
      completed: false,
      notes: '2026',
      contractStartDate: null,
      createdBy: r.admin.id,
    });
    expect((await request(u, { startDate: '2026-08-03', endDate: '2026-08-04', timeOffType: vacation })).status).toBe(201);
    const approved = await request(r.admin, {
      startDate: '2026-08-05',
      endDate: '2026-08-05',
      user: u.id,
      timeOffType: vacation,
      status: 'approved',
      timeOffPeriod: 'half-of-day',
    });
    expect(approved.status).toBe(201);
    const mine = await t.call('GET', `/allocations?user=${u.id}`, { as: u });
    expect(mine.body[0]).toMatchObject({ daysUsed: 2.5, daysRemaining: 1 });

    const over = await request(u, { startDate: '2026-08-10', endDate: '2026-08-11', timeOffType: vacation });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      `Not enough balance: 1 days remain in allocation ${created.body.id} (2026-01-01 to 2026-12-31) and 2 are requested`,
    );
    // Time off of another type, or outside the period, does not count.
    expect((await request(u, { startDate: '2026-08-10', endDate: '2026-08-11' })).status).toBe(201);
    expect((await request(u, { startDate: '2027-01-04', endDate: '2027-01-05', timeOffType: vacation })).status).toBe(201);
    expect((await request(u, { startDate: '2026-08-12', endDate: '2026-08-12', timeOffType: vacation })).status).toBe(201);
    expect(
      (await request(u, { startDate: '2026-08-13', endDate: '2026-08-13', timeOffType: vacation, timeOffPeriod: 'quarter-of-day' })).status,
    ).toBe(422);
    // Without considerAllocations the limit is ignored.
    expect(
      (await request(u, { startDate: '2026-08-13', endDate: '2026-08-13', timeOffType: vacation, considerAllocations: false })).status,
    ).toBe(201);
    expect((await t.call('GET', `/allocations?user=${u.id}&timeOffType=${vacation}`, { as: r.supervisor })).body[0]).toMatchObject({
      daysUsed: 4.5,
      daysRemaining: -1,
    });

    const raised = await t.call('PUT', `/allocations/${created.body.id}`, {
      as: r.admin,
      body: { days: 10, restrictOverAllocation: false },
    });
    expect(raised.body).toMatchObject({ days: 10, daysAllocated: 10.5, daysRemaining: 6, restrictOverAllocation: false });
    expect((await t.call('DELETE', `/allocations/${created.body.id}`, { as: r.admin })).status).toBe(204);
    expect((await t.call('DELETE', `/allocations/${created.body.id}`, { as: r.admin })).status).toBe(404);
  });

  it('accrues daily allocations through the period', async () => {
    const u = await t.user(r.team.id);
    const res = await t.call('POST', '/allocations', {
      as: r.admin,
      body: { user: u.id, timeOffType: vacation, startDate: '2026-01-01', endDate: '2026-12-31', days: 365, accrualFrequency: 'daily' },
    });
    // 2026-06-10 is day 161 of 365.
    expect(res.body).toMatchObject({ daysAllocated: 161, daysRemaining: 161 });
    const past = await t.call('POST', '/allocations', {
      as: r.admin,
      body: { user: u.id, timeOffType: vacation, startDate: '2025-01-01', endDate: '2025-12-31', days: 20, accrualFrequency: 'daily' },
    });
    expect(past.body).toMatchObject({ daysAllocated: 20, completed: true });
  });

  it('is managed by admins, read by managers and by its user', async () => {
    const u = await t.user(r.team.id);
    const body = { user: u.id, timeOffType: vacation, startDate: '2026-01-01', endDate: '2026-12-31', days: 5 };
    for (const who of [r.supervisor, r.member, u]) expect((await t.call('POST', '/allocations', { as: who, body })).status).toBe(403);
    const a = (await t.call('POST', '/allocations', { as: r.admin, body })).body;
    expect((await t.call('PUT', `/allocations/${a.id}`, { as: r.supervisor, body: { days: 1 } })).status).toBe(403);
    expect((await t.call('DELETE', `/allocations/${a.id}`, { as: u })).status).toBe(403);
    expect((await t.call('GET', '/allocations', { as: u })).body.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect((await t.call('GET', `/allocations?user=${u.id}`, { as: r.member })).status).toBe(403);
    expect((await t.call('GET', '/allocations?from=2027-01-01', { as: r.admin })).body.map((x: { id: number }) => x.id)).not.toContain(
      a.id,
    );
    const stranger = await t.user((await t.team()).id, 'admin');
    expect((await t.call('PUT', `/allocations/${a.id}`, { as: stranger, body: { days: 1 } })).status).toBe(404);
    expect((await t.call('GET', '/allocations', { as: stranger })).body).toEqual([]);
    expect((await t.call('GET', '/allocations?user=99999999999', { as: r.admin })).status).toBe(422);
    expect((await t.call('DELETE', '/allocations/99999999999', { as: r.admin })).status).toBe(404);

    const bad: [Record<string, unknown>, string][] = [
      [{ ...body, endDate: '2025-12-31' }, 'endDate'],
      [{ ...body, days: -1 }, 'days'],
      [{ ...body, days: 0.3 }, 'days'],
      [{ ...body, timeOffType: 999999 }, 'timeOffType'],
      [{ ...body, user: stranger.id }, 'user'],
      [{ ...body, startDate: '2026-02-30' }, 'startDate'],
    ];
    for (const [b, field] of bad) {
      const res = await t.call('POST', '/allocations', { as: r.admin, body: b });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await t.call('PUT', `/allocations/${a.id}`, { as: r.admin, body: { endDate: '2025-06-01' } })).status).toBe(422);
  });
});
