import { beforeAll, describe, expect, it } from 'vitest';
import { timesheetId } from '../../../contract/timesheet-ids.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { budget, fixtures } from '../../test/time-fixtures.ts';

/*
 * Events that tell one person or the admins, on a fixed clock: a reviewer's change of someone's time, a budget's
 * refusal, its threshold and 100 %. Team 1 has two admins, a supervisor, two members and a limited member; team 2
 * an admin and a member who must never hear of team 1.
 */
let t: TestContext;
let f: ReturnType<typeof fixtures>;
let now = new Date('2026-11-24T10:00:00Z'); // a Tuesday, week 2648
let teamId: number;
let A: TestUser, A2: TestUser, S: TestUser, M: TestUser, M2: TestUser, L: TestUser, other: TestUser, otherM: TestUser;

const everyone = () => [A, A2, S, M, M2, L, other, otherM];
const itemsOf = async (u: TestUser) =>
  (await t.call('GET', '/notifications?limit=200', { as: u })).body.items as {
    kind: string;
    title: string;
    subject: unknown;
    comment: string;
  }[];
/** Kinds each person got while `act` ran (newest first). */
async function delta(act: () => Promise<void>): Promise<Record<number, string[]>> {
  const before = new Map<number, number>();
  for (const p of everyone()) before.set(p.id, (await itemsOf(p)).length);
  await act();
  const out: Record<number, string[]> = {};
  for (const p of everyone()) {
    const items = await itemsOf(p);
    out[p.id] = items.slice(0, items.length - before.get(p.id)!).map((n) => n.kind);
  }
  return out;
}
const nobodyBut = (got: Record<number, string[]>, expected: Record<number, string[]>) =>
  expect(got).toEqual(Object.fromEntries(everyone().map((p) => [p.id, expected[p.id] ?? []])));

async function ok(r: Promise<{ status: number; body: unknown }>, status = 201) {
  const res = await r;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as { id: number };
}

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => now } });
  f = fixtures(t);
  const r = await t.roles();
  teamId = r.team.id;
  [A, S, M, L] = [r.admin, r.supervisor, r.member, r.limited];
  A2 = await t.user(teamId, 'admin');
  M2 = await t.user(teamId, 'member');
  const team2 = await t.team();
  other = await t.user(team2.id, 'admin');
  otherM = await t.user(team2.id, 'member');
});

describe('a reviewer changes someone’s time', () => {
  it('tells that person once per week, editor and hour; one’s own changes tell nobody', async () => {
    now = new Date('2026-11-24T10:00:00Z');
    let rec!: { id: number };
    let got = await delta(
      async () => void (rec = await ok(t.call('POST', '/time', { as: A, body: { user: M.id, date: '2026-11-24', time: 3600 } }))),
    );
    nobodyBut(got, { [M.id]: ['time.edited'] });
    const [n] = await itemsOf(M);
    expect(n).toMatchObject({ subject: { type: 'timesheet', id: timesheetId(M.id, 2648), user: M.id, weekId: 2648 }, comment: '' });
    expect(n!.title).toMatch(/^.+ changed your time in the week of 23 Nov 2026$/);

    // More edits in the same hour by the same admin: nothing more, not per keystroke.
    now = new Date('2026-11-24T10:40:00Z');
    got = await delta(async () => {
      await ok(t.call('PUT', `/time/${rec.id}`, { as: A, body: { time: 5400 } }), 200);
      await ok(t.call('PUT', `/time/${rec.id}`, { as: A, body: { time: 7200 } }), 200);
    });
    nobodyBut(got, {});
    // Another admin in that hour, or the same one an hour later (a delete): told again.
    got = await delta(() => ok(t.call('PUT', `/time/${rec.id}`, { as: A2, body: { time: 3600 } }), 200).then(() => undefined));
    nobodyBut(got, { [M.id]: ['time.edited'] });
    now = new Date('2026-11-24T11:05:00Z');
    got = await delta(async () => {
      const res = await t.call('DELETE', `/time/${rec.id}`, { as: A });
      expect(res.status).toBe(204);
    });
    nobodyBut(got, { [M.id]: ['time.edited'] });

    // The member's own time: nobody hears of it; a supervisor may not edit others' time at all.
    got = await delta(async () => {
      const own = await ok(t.call('POST', '/time', { as: M2, body: { date: '2026-11-24', time: 600 } }));
      await ok(t.call('PUT', `/time/${own.id}`, { as: M2, body: { time: 1200 } }), 200);
      expect((await t.call('PUT', `/time/${own.id}`, { as: S, body: { time: 1800 } })).status).toBe(403);
    });
    nobodyBut(got, {});
  });
});

describe('time changed through the task’s path (the grid’s way)', () => {
  it('PUT and DELETE /tasks/{id}/time by an admin tell the person; a refusal there tells them too', async () => {
    now = new Date('2026-11-24T15:00:00Z');
    const p = (await f.project(teamId, { name: `Task path ${Date.now()}`, budget: budget({ type: 'time', budget: 3600, disallowOverbudget: true }) })).id;
    const task = `ev:${(await f.task(teamId, p)).id}`;
    let got = await delta(async () => {
      await ok(t.call('PUT', `/tasks/${task}/time`, { as: A, body: { user: M2.id, date: '2026-11-24', time: 1800 } }), 200);
    });
    nobodyBut(got, { [M2.id]: ['time.edited'] });
    now = new Date('2026-11-24T16:00:00Z');
    got = await delta(async () => {
      const res = await t.call('DELETE', `/tasks/${task}/time`, { as: A, body: { user: M2.id, date: '2026-11-24' } });
      expect(res.status, JSON.stringify(res.body)).toBe(204);
    });
    nobodyBut(got, { [M2.id]: ['time.edited'] });
    // Over the budget through the same path: the member hears of the refusal once.
    got = await delta(async () => {
      for (const time of [7200, 5400])
        expect((await t.call('PUT', `/tasks/${task}/time`, { as: M2, body: { date: '2026-11-24', time } })).status).toBe(422);
    });
    nobodyBut(got, { [M2.id]: ['budget.refused'] });
  });
});

describe('budgets', () => {
  it('a refusal tells the person once per budget and day, not per attempt', async () => {
    now = new Date('2026-11-25T09:00:00Z');
    const p = (
      await f.project(teamId, { name: `Capped ${Date.now()}`, budget: budget({ type: 'time', budget: 7200, disallowOverbudget: true }) })
    ).id;
    const task = `ev:${(await f.task(teamId, p)).id}`;
    await ok(t.call('POST', '/time', { as: M2, body: { task, date: '2026-11-25', time: 7200 } }));
    const got = await delta(async () => {
      for (const time of [600, 900, 60])
        expect((await t.call('POST', '/time', { as: M2, body: { task, date: '2026-11-25', time } })).status).toBe(422);
    });
    // The filling-up told the admins before (100 %); the refusals tell the member once.
    nobodyBut(got, { [M2.id]: ['budget.refused'] });
    const [n] = await itemsOf(M2);
    expect(n).toMatchObject({ subject: { type: 'timesheet', weekId: 2648, user: M2.id } });
    expect(n!.title).toMatch(/^A budget of project "Capped \d+" refused your time on 2026-11-25$/);
    expect(n!.comment).toMatch(/does not allow going over budget/);
    // The next day: told again (once).
    now = new Date('2026-11-26T09:00:00Z');
    const next = await delta(async () => {
      for (const time of [600, 900])
        expect((await t.call('POST', '/time', { as: M2, body: { task, date: '2026-11-26', time } })).status).toBe(422);
    });
    nobodyBut(next, { [M2.id]: ['budget.refused'] });
  });

  it('the threshold and 100 % reach the team’s admins only, once per budget period and level', async () => {
    now = new Date('2026-11-24T09:00:00Z');
    const c = await f.client(teamId, `Hooli ${Date.now()}`, budget({ type: 'time', budget: 36000, period: 'weekly', threshold: 50 }));
    const p = (await f.project(teamId, { name: 'Under Hooli', clientId: c.id })).id;
    const task = `ev:${(await f.task(teamId, p)).id}`;
    const log = (hours: number, date = '2026-11-24') =>
      ok(t.call('POST', '/time', { as: M, body: { task, date, time: hours * 3600 } })).then(() => undefined);
    nobodyBut(await delta(() => log(4)), {}); // 40 %
    let got = await delta(() => log(1)); // 50 %
    nobodyBut(got, { [A.id]: ['budget.threshold'], [A2.id]: ['budget.threshold'] });
    const [n] = await itemsOf(A);
    expect(n).toMatchObject({ kind: 'budget.threshold', subject: { type: 'client', id: c.id } });
    expect(n!.title).toMatch(/^Weekly time budget of client "Hooli \d+" reached its 50 % alert threshold \(50 % used\)$/);
    nobodyBut(await delta(() => log(1)), {}); // 60 %: the threshold is told once
    got = await delta(() => log(4)); // 100 %
    nobodyBut(got, { [A.id]: ['budget.exceeded'], [A2.id]: ['budget.exceeded'] });
    expect((await itemsOf(A2))[0]!.title).toMatch(/is used up \(100 % used\)$/);
    nobodyBut(await delta(() => log(2)), {}); // 120 %: told once

    // The next week is a new period: each level is told again.
    now = new Date('2026-12-01T09:00:00Z');
    got = await delta(() => log(11, '2026-12-01'));
    nobodyBut(got, { [A.id]: ['budget.exceeded', 'budget.threshold'], [A2.id]: ['budget.exceeded', 'budget.threshold'] });
  });
});
