import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema/index.ts';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

/*
 * Who hears of what: each event reaches exactly the people it concerns, in the same team, per their
 * preferences. Team 1 has an admin, a supervisor, two members and a limited member; team 2 an admin and a
 * supervisor who must never hear of team 1.
 */
let t: TestContext;
let A: TestUser, S: TestUser, M: TestUser, M2: TestUser, L: TestUser, A2: TestUser, other: TestUser, otherS: TestUser;
let weekCounter = 2601;
const nextWeek = () => weekCounter++;

const list = async (u: TestUser, q = '') => (await t.call('GET', `/notifications${q}`, { as: u })).body;
/** Kinds each person has received since `before` (their newest first). */
async function received(people: TestUser[]) {
  const out: Record<number, string[]> = {};
  for (const p of people) out[p.id] = (await list(p, '?limit=200')).items.map((n: { kind: string }) => n.kind);
  return out;
}
/** What each person got between two snapshots. */
async function delta(people: TestUser[], act: () => Promise<void>) {
  const before = await received(people);
  await act();
  const after = await received(people);
  return Object.fromEntries(people.map((p) => [p.id, after[p.id]!.slice(0, after[p.id]!.length - before[p.id]!.length)]));
}
const everyone = () => [A, S, M, M2, L, A2, other, otherS];

async function submit(u: TestUser, week: number, body: Record<string, unknown> = {}) {
  const r = await t.call('POST', `/timesheets/${timesheetId(u.id, week)}/approval`, { as: u, body: { sendNotification: true, ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
async function review(by: TestUser, u: TestUser, week: number, body: Record<string, unknown>) {
  const r = await t.call('PUT', `/timesheets/${timesheetId(u.id, week)}/approval`, { as: by, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

beforeAll(async () => {
  t = await setupTestApp();
  const r = await t.roles();
  [A, S, M, L] = [r.admin, r.supervisor, r.member, r.limited];
  M2 = await t.user(r.team.id, 'member');
  A2 = await t.user(r.team.id, 'admin');
  const team2 = await t.team();
  other = await t.user(team2.id, 'admin');
  otherS = await t.user(team2.id, 'supervisor');
});

describe('a week submitted for approval', () => {
  it('waits for every admin and supervisor of the team, and nobody else', async () => {
    const week = nextWeek();
    const got = await delta(everyone(), () => submit(M, week, { comment: 'All done' }));
    expect(got).toEqual({
      [A.id]: ['week.waiting'],
      [S.id]: ['week.waiting'],
      [A2.id]: ['week.waiting'],
      [M.id]: [],
      [M2.id]: [],
      [L.id]: [],
      [other.id]: [],
      [otherS.id]: [],
    });
    const [n] = (await list(S)).items;
    expect(n).toMatchObject({
      kind: 'week.waiting',
      subject: { type: 'timesheet', id: timesheetId(M.id, week), user: M.id, weekId: week },
      comment: 'All done',
      actor: { id: M.id },
      readAt: null,
    });
    expect(n.title).toMatch(/submitted the week of .+ for approval/);
  });

  it('waits only for the reviewer the member asked for', async () => {
    const got = await delta(everyone(), () => submit(L, nextWeek(), { reviewer: S.id }));
    expect(got[S.id]).toEqual(['week.waiting']);
    for (const p of [A, A2, M, M2, L, other, otherS]) expect(got[p.id]).toEqual([]);
  });

  it('tells nobody without sendNotification', async () => {
    const week = nextWeek();
    const got = await delta(everyone(), async () => {
      const r = await t.call('POST', `/timesheets/${timesheetId(M2.id, week)}/approval`, { as: M2, body: { comment: '' } });
      expect(r.status).toBe(200);
    });
    for (const p of everyone()) expect(got[p.id]).toEqual([]);
  });

  it('a supervisor submitting is not told of their own week', async () => {
    const got = await delta(everyone(), () => submit(S, nextWeek()));
    expect(got[S.id]).toEqual([]);
    expect(got[A.id]).toEqual(['week.waiting']);
    expect(got[A2.id]).toEqual(['week.waiting']);
    expect(got[M.id]).toEqual([]);
  });
});

describe('a decision on a week', () => {
  it('reaches the week’s owner with the comment: rejected, partly approved, approved', async () => {
    const week = nextWeek();
    await submit(M, week);
    let got = await delta(everyone(), () => review(S, M, week, { status: 'rejected', comment: 'Tuesday is missing' }));
    expect(got).toEqual({
      [A.id]: [],
      [S.id]: [],
      [A2.id]: [],
      [M.id]: ['week.rejected'],
      [M2.id]: [],
      [L.id]: [],
      [other.id]: [],
      [otherS.id]: [],
    });
    const [rejected] = (await list(M)).items;
    expect(rejected).toMatchObject({ kind: 'week.rejected', comment: 'Tuesday is missing', actor: { id: S.id } });

    await submit(M, week, { days: { monday: true, tuesday: true } });
    got = await delta([M, M2, A], () => review(A, M, week, { status: 'approved', days: { monday: true }, comment: '' }));
    expect(got).toEqual({ [M.id]: ['week.partly_approved'], [M2.id]: [], [A.id]: [] });
    await submit(M, week, { days: { tuesday: true } });
    got = await delta([M, M2, S], () => review(A, M, week, { status: 'approved', comment: 'Thanks' }));
    expect(got).toEqual({ [M.id]: ['week.approved'], [M2.id]: [], [S.id]: [] });
  });
});

describe('time off', () => {
  let day = 1;
  const request = (u: TestUser, extra: Record<string, unknown> = {}) => {
    const d = `2026-07-${String(day++).padStart(2, '0')}`;
    return t.call('POST', '/resource-planner/assignments/time-off', {
      as: u,
      body: { startDate: d, endDate: d, sendNotification: true, note: 'Dentist', ...extra },
    });
  };

  it('a request waits for the admins only (only they decide), then its decision reaches the person', async () => {
    let id = 0;
    let got = await delta(everyone(), async () => {
      const r = await request(M);
      expect(r.status).toBe(201);
      id = r.body.id;
    });
    expect(got).toEqual({
      [A.id]: ['timeoff.waiting'],
      [A2.id]: ['timeoff.waiting'],
      [S.id]: [],
      [M.id]: [],
      [M2.id]: [],
      [L.id]: [],
      [other.id]: [],
      [otherS.id]: [],
    });
    expect((await list(A)).items[0]).toMatchObject({ subject: { type: 'timeoff', id, user: M.id }, comment: 'Dentist' });

    got = await delta(everyone(), async () => {
      const r = await t.call('POST', '/resource-planner/time-off/review', {
        as: A,
        body: { ids: [id], decision: 'reject', comment: 'Busy week' },
      });
      expect(r.status).toBe(200);
    });
    expect(got).toEqual({
      [A.id]: [],
      [A2.id]: [],
      [S.id]: [],
      [M.id]: ['timeoff.rejected'],
      [M2.id]: [],
      [L.id]: [],
      [other.id]: [],
      [otherS.id]: [],
    });
    expect((await list(M)).items[0]).toMatchObject({ kind: 'timeoff.rejected', comment: 'Busy week' });
  });

  it('a request naming an admin waits for that admin only; approving it tells the person', async () => {
    let id = 0;
    let got = await delta([A, A2, S], async () => {
      id = (await request(M2, { reviewer: A2.id })).body.id;
    });
    expect(got).toEqual({ [A.id]: [], [A2.id]: ['timeoff.waiting'], [S.id]: [] });
    got = await delta([M, M2, A], async () => {
      expect((await t.call('PUT', `/resource-planner/assignments/${id}`, { as: A2, body: { status: 'approved' } })).status).toBe(200);
    });
    expect(got).toEqual({ [M.id]: [], [M2.id]: ['timeoff.approved'], [A.id]: [] });
  });
});

describe('preferences', () => {
  it('lists every kind, in the app and by email by default, and keeps what is set', async () => {
    const p = await t.call('GET', '/users/me/notification-preferences', { as: M2 });
    expect(p.status).toBe(200);
    expect(p.body.emailEnabled).toBe(false);
    expect(p.body.preferences).toHaveLength(18);
    expect(p.body.preferences.every((x: { channel: string }) => x.channel === 'both')).toBe(true);
    const r = await t.call('PUT', '/users/me/notification-preferences', {
      as: M2,
      body: { preferences: [{ kind: 'week.rejected', channel: 'none' }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.preferences.find((x: { kind: string }) => x.kind === 'week.rejected').channel).toBe('none');
    expect(
      (
        await t.call('PUT', '/users/me/notification-preferences', {
          as: M2,
          body: { preferences: [{ kind: 'week.nope', channel: 'app' }] },
        })
      ).status,
    ).toBe(422);
  });

  it('none stops that kind only; email only (without SMTP) leaves nothing in the app', async () => {
    await t.call('PUT', '/users/me/notification-preferences', {
      as: M,
      body: { preferences: [{ kind: 'week.rejected', channel: 'none' }] },
    });
    await t.call('PUT', '/users/me/notification-preferences', {
      as: S,
      body: { preferences: [{ kind: 'week.waiting', channel: 'email' }] },
    });
    const week = nextWeek();
    let got = await delta([A, S], () => submit(M, week));
    expect(got).toEqual({ [A.id]: ['week.waiting'], [S.id]: [] });
    got = await delta([M], () => review(A, M, week, { status: 'rejected', comment: 'No' }));
    expect(got[M.id]).toEqual([]);
    await submit(M, week);
    got = await delta([M], () => review(A, M, week, { status: 'approved', comment: '' }));
    expect(got[M.id]).toEqual(['week.approved']);
    await t.call('PUT', '/users/me/notification-preferences', {
      as: M,
      body: { preferences: [{ kind: 'week.rejected', channel: 'both' }] },
    });
    await t.call('PUT', '/users/me/notification-preferences', {
      as: S,
      body: { preferences: [{ kind: 'week.waiting', channel: 'both' }] },
    });
  });
});

describe('without SMTP', () => {
  it('queues no email at all', async () => {
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.inApp, false))).toEqual([]);
  });
});

describe('reading', () => {
  it('pages newest first, filters unread, marks one and all read; another person’s is not found', async () => {
    const u = await t.user(A.teamId, 'member');
    for (let i = 0; i < 3; i++) {
      const week = nextWeek();
      await submit(u, week);
      await review(A, u, week, { status: 'rejected', comment: `No ${i}` });
    }
    const all = await list(u, '?limit=2');
    expect(all.items.map((n: { comment: string }) => n.comment)).toEqual(['No 2', 'No 1']);
    expect(all).toMatchObject({ total: 3, unread: 3 });
    expect((await list(u, '?limit=2&page=2')).items.map((n: { comment: string }) => n.comment)).toEqual(['No 0']);

    const first = all.items[0];
    expect((await t.call('PUT', `/notifications/${first.id}`, { as: A, body: { read: true } })).status).toBe(404);
    expect((await t.call('PUT', `/notifications/${first.id}`, { as: other, body: { read: true } })).status).toBe(404);
    const marked = await t.call('PUT', `/notifications/${first.id}`, { as: u, body: { read: true } });
    expect(marked.status).toBe(200);
    expect(marked.body.readAt).not.toBeNull();
    expect(await list(u, '?unread=true')).toMatchObject({ total: 2, unread: 2 });
    expect((await t.call('PUT', `/notifications/${first.id}`, { as: u, body: { read: false } })).body.readAt).toBeNull();

    expect((await t.call('POST', '/notifications/read-all', { as: u })).body).toEqual({ unread: 0 });
    expect(await list(u, '?unread=true')).toMatchObject({ total: 0, unread: 0, items: [] });
    expect((await list(u)).total).toBe(3);
  });

  it('refuses a bad query and asks for credentials', async () => {
    expect((await t.call('GET', '/notifications?limit=0', { as: M })).status).toBe(422);
    expect((await t.call('GET', '/notifications')).status).toBe(401);
    expect((await t.call('POST', '/notifications/read-all')).status).toBe(401);
  });
});
