import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvals, clients, invitations, projects, tasks, timeRecords, users } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const TOGGL = fixture('toggl-detailed.csv').toString('utf8');
/** The file's records (a note quoted over two lines holds a bare \n, records end with \r\n). */
const records = TOGGL.replace(/\r\n$/, '').split('\r\n');

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let ana: TestUser, bjorn: TestUser;
let existingRecord: number;

async function upload(as: TestUser, body: string | Buffer, source = 'toggl', name = 'export.csv') {
  const res = await t.app.request(`/imports?source=${source}&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'X-Api-Key': as.key, 'Content-Type': 'text/csv' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Seconds and counts of the team as a user of it would find them. */
async function teamState(teamId: number) {
  const count = async (table: typeof clients | typeof projects | typeof tasks | typeof users) =>
    Number(
      (
        await t.db
          .select({ n: sql<number>`count(*)` })
          .from(table)
          .where(eq(table.teamId, teamId))
      )[0]!.n,
    );
  const [time] = await t.db
    .select({ s: sql<number>`coalesce(sum(time), 0)`, n: sql<number>`count(*)` })
    .from(timeRecords)
    .where(eq(timeRecords.teamId, teamId));
  return {
    seconds: Number(time!.s),
    records: Number(time!.n),
    clients: await count(clients),
    projects: await count(projects),
    tasks: await count(tasks),
    users: await count(users),
  };
}

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  ana = await t.user(r.team.id, 'member', { name: 'Ana Lima' });
  await t.db.update(users).set({ email: 'ana.lima@example.test' }).where(eq(users.id, ana.id));
  bjorn = await t.user(r.team.id, 'member', { name: 'björn ødegård' });
  // Existing: the client (another case), its project and task Design, and 600 s of Ana's on Monday 2026-01-12.
  const scope = t.scope(r.team.id);
  const acme = await scope.insert(clients, { name: 'ACME corp' });
  const site = await scope.insert(projects, { name: 'Website Redesign', clientId: acme.id });
  const design = await scope.insert(tasks, { projectId: site.id, name: 'design' });
  existingRecord = (await scope.insert(timeRecords, { userId: ana.id, taskId: design.id, date: '2026-01-12', time: 600, comment: 'mine' }))
    .id;
  // Ana's week of Monday 2026-01-05 is approved: her 6 rows there (5 × 2:00:00 and Wednesday's 0:30:00) are skipped.
  const days = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'];
  await scope.insert(approvals, {
    userId: ana.id,
    weekId: 2602,
    weekFrom: '2026-01-05',
    weekTo: '2026-01-11',
    status: 'approved',
    submittedDates: days,
    approvedDates: days,
    approvedAt: new Date(),
  });
});

const LOCKED = 5 * 7200 + 1800;
const PEOPLE = { ana: 60 * 7200 + 12 * 1800 - LOCKED, bjorn: 60 * 5400 + 3600, zoe: 60 * 2715 + 4500 };
const TOTAL = PEOPLE.ana + PEOPLE.bjorn + PEOPLE.zoe;

describe('importing a Toggl Track export', () => {
  let first: number;
  let before: Awaited<ReturnType<typeof teamState>>;

  it('previews counts, people, matches, totals and locked rows without writing anything', async () => {
    before = await teamState(r.team.id);
    const res = await upload(r.admin, TOGGL, 'toggl', 'toggl-detailed.csv');
    expect(res.status).toBe(201);
    first = res.body.id;
    const p = res.body.preview;
    expect(res.body).toMatchObject({ source: 'toggl', fileName: 'toggl-detailed.csv', status: 'previewed', created: null });
    expect(p.rows).toBe(194);
    expect(p.counts).toEqual({
      clients: { new: 1, matched: 1 },
      projects: { new: 4, matched: 1 },
      // Design, Development and one named for the project (its "no task" time), in each of 5 projects.
      tasks: { new: 14, matched: 1 },
      people: { new: 1, matched: 2 },
      time: { new: 188, skippedDuplicate: 0, skippedLocked: 6, unreadable: 0 },
    });
    expect(p.people).toEqual([
      {
        key: 'ana.lima@example.test',
        name: 'Ana Lima',
        email: 'ana.lima@example.test',
        rows: 66,
        seconds: PEOPLE.ana,
        match: { userId: ana.id, name: 'Ana Lima', by: 'email' },
      },
      {
        key: 'bjorn@example.test',
        name: 'Björn Ødegård',
        email: 'bjorn@example.test',
        rows: 61,
        seconds: PEOPLE.bjorn,
        match: { userId: bjorn.id, name: 'björn ødegård', by: 'name' },
      },
      { key: 'zoe.chen@example.test', name: 'Zoë Chen', email: 'zoe.chen@example.test', rows: 61, seconds: PEOPLE.zoe, match: null },
    ]);
    expect(p.totalSeconds).toBe(TOTAL);
    expect(Object.fromEntries(p.projects.map((x: { name: string; seconds: number }) => [x.name, x.seconds]))).toEqual({
      'Website redesign': 12 * 15315 - 7200,
      'Mobile app': 12 * 15315 + 4500 - 7200,
      'Brand guide': 12 * 15315 + 12 * 1800 - 7200 - 1800,
      'Café menu': 12 * 15315 + 3600 - 7200,
      'Internal training': 12 * 15315 - 7200,
    });
    expect(p.locked.map((l: { line: number }) => l.line)).toEqual([2, 5, 8, 11, 13, 16]);
    expect(p.locked[0]).toMatchObject({ date: '2026-01-05', person: 'Ana Lima', reason: expect.stringContaining('2602') });
    expect(await teamState(r.team.id)).toEqual(before);
  });

  it('refuses an apply that leaves a person undecided or maps one outside the team', async () => {
    const other = await t.roles();
    const partial = await t.call('POST', `/imports/${first}/apply`, {
      as: r.admin,
      body: { people: [{ key: 'ana.lima@example.test', userId: ana.id }] },
    });
    expect(partial.status).toBe(422);
    expect(partial.body.errors.people).toEqual([
      'Björn Ødegård is not decided: choose a member of the team or invite them',
      'Zoë Chen is not decided: choose a member of the team or invite them',
    ]);
    const outside = await t.call('POST', `/imports/${first}/apply`, {
      as: r.admin,
      body: {
        people: [
          { key: 'ana.lima@example.test', userId: other.member.id },
          { key: 'bjorn@example.test', userId: bjorn.id },
          { key: 'zoe.chen@example.test', invite: true },
        ],
      },
    });
    expect(outside.status).toBe(422);
    expect(await teamState(r.team.id)).toEqual(before);
  });

  it('applies exactly what it previewed, in the team, inviting the unmatched person', async () => {
    const res = await t.call('POST', `/imports/${first}/apply`, {
      as: r.admin,
      body: {
        people: [
          { key: 'ana.lima@example.test', userId: ana.id },
          { key: 'bjorn@example.test', userId: bjorn.id },
          { key: 'zoe.chen@example.test', invite: true },
        ],
      },
    });
    expect(res.status).toBe(200);
    // 188 rows on 188 (person, task, day): one is Ana's Monday 2026-01-12 Design, which already had a record.
    expect(res.body).toMatchObject({
      status: 'applied',
      created: { rows: 188, seconds: TOTAL, records: 187, clients: 1, projects: 4, tasks: 14, users: 1 },
    });
    expect(await teamState(r.team.id)).toEqual({
      seconds: before.seconds + TOTAL,
      records: before.records + 187,
      clients: 2,
      projects: 5,
      tasks: 15,
      users: before.users + 1,
    });
    const [existing] = await t.db.select().from(timeRecords).where(eq(timeRecords.id, existingRecord));
    expect(existing).toMatchObject({ time: 600 + 7200, comment: 'mine' });
    const [zoe] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.teamId, r.team.id), eq(users.email, 'zoe.chen@example.test')));
    expect(zoe).toMatchObject({ name: 'Zoë Chen', status: 'invited', passwordHash: null, role: 'member' });
    expect(await t.db.select().from(invitations).where(eq(invitations.userId, zoe!.id))).toHaveLength(1);
    const zoeTime = await t.call('GET', `/users/${zoe!.id}/time?from=2026-02-14&to=2026-02-14`, { as: r.admin });
    expect(zoeTime.body).toEqual([expect.objectContaining({ date: '2026-02-14', time: 4500, comment: 'Late fix' })]);
    const again = await t.call('POST', `/imports/${first}/apply`, { as: r.admin, body: { people: [] } });
    expect(again.status).toBe(422);
  });

  let overlap: number;
  it('adds nothing from the same file again, and only the new rows of an overlapping export', async () => {
    const same = await upload(r.admin, TOGGL);
    expect(same.body.preview.counts.time).toEqual({ new: 0, skippedDuplicate: 188, skippedLocked: 6, unreadable: 0 });
    expect(same.body.preview.people.map((p: { match: { userId: number } | null }) => p.match?.userId !== undefined)).toEqual([
      true,
      true,
      true,
    ]);
    const decide = (preview: { people: { key: string; match: { userId: number } }[] }) => ({
      people: preview.people.map((p) => ({ key: p.key, userId: p.match.userId })),
    });
    const none = await t.call('POST', `/imports/${same.body.id}/apply`, { as: r.admin, body: decide(same.body.preview) });
    expect(none.body.created).toEqual({ rows: 0, seconds: 0, records: 0, clients: 0, projects: 0, tasks: 0, users: 0 });

    // The last 50 rows again, and Björn's release night a week later (new).
    const later = records.at(-2)!.replace(/2026-03-29/g, '2026-04-05');
    const file = [records[0], ...records.slice(-50), later].join('\r\n') + '\r\n';
    const res = await upload(r.admin, file);
    expect(res.body.preview.counts.time).toEqual({ new: 1, skippedDuplicate: 50, skippedLocked: 0, unreadable: 0 });
    overlap = res.body.id;
    const applied = await t.call('POST', `/imports/${overlap}/apply`, { as: r.admin, body: decide(res.body.preview) });
    expect(applied.body.created).toMatchObject({ rows: 1, seconds: 3600, records: 1 });
  });

  it('undo removes exactly what each import added', async () => {
    const afterFirst = await teamState(r.team.id);
    const undoOverlap = await t.call('POST', `/imports/${overlap}/undo`, { as: r.admin });
    expect(undoOverlap.body).toMatchObject({ status: 'undone', undoneAt: expect.any(String) });
    expect(await teamState(r.team.id)).toEqual({ ...afterFirst, seconds: afterFirst.seconds - 3600, records: afterFirst.records - 1 });
    expect((await t.call('POST', `/imports/${first}/undo`, { as: r.admin })).status).toBe(200);
    expect(await teamState(r.team.id)).toEqual(before);
    const [existing] = await t.db.select().from(timeRecords).where(eq(timeRecords.id, existingRecord));
    expect(existing).toMatchObject({ time: 600, comment: 'mine' });
    expect((await t.call('POST', `/imports/${first}/undo`, { as: r.admin })).status).toBe(422);
    // Undone, its rows are new again.
    expect((await upload(r.admin, TOGGL)).body.preview.counts.time.new).toBe(188);
    const history = await t.call('GET', '/imports', { as: r.admin });
    expect(history.body.map((i: { status: string }) => i.status)).toEqual(['previewed', 'undone', 'applied', 'undone']);
  });
});

describe('two imports of the same rows at once', () => {
  it('adds the rows once: the later apply adds nothing or is refused with 409, never a server error', async () => {
    const team = await t.roles();
    const [a, b] = [await upload(team.admin, TOGGL), await upload(team.admin, TOGGL)];
    const decide = (preview: { people: { key: string }[] }) => ({
      people: preview.people.map((p) => ({ key: p.key, userId: team.member.id })),
    });
    const applied = await Promise.all(
      [a, b].map((u) => t.call('POST', `/imports/${u.body.id}/apply`, { as: team.admin, body: decide(u.body.preview) })),
    );
    for (const res of applied) expect([200, 409]).toContain(res.status);
    const refused = applied.find((res) => res.status === 409);
    if (refused) expect(refused.body.message).toMatch(/another import/i);
    const added = applied.reduce((sum, res) => sum + (res.status === 200 ? (res.body.created.seconds as number) : 0), 0);
    expect((await teamState(team.team.id)).seconds).toBe(added);
    // The whole file once (this team has no locked weeks).
    expect(added).toBe(TOTAL + LOCKED);
  });
});

describe('who may import', () => {
  it('answers 403 to members and supervisors, and 404 to another team’s admin', async () => {
    const mine = (await upload(r.admin, TOGGL)).body.id;
    for (const who of [r.member, r.supervisor]) {
      expect((await upload(who, TOGGL)).status).toBe(403);
      expect((await t.call('GET', '/imports', { as: who })).status).toBe(403);
      expect((await t.call('GET', `/imports/${mine}`, { as: who })).status).toBe(403);
      expect((await t.call('POST', `/imports/${mine}/apply`, { as: who, body: { people: [] } })).status).toBe(403);
      expect((await t.call('POST', `/imports/${mine}/undo`, { as: who })).status).toBe(403);
    }
    const other = await t.roles();
    expect((await t.call('GET', `/imports/${mine}`, { as: other.admin })).status).toBe(404);
    expect((await t.call('POST', `/imports/${mine}/apply`, { as: other.admin, body: { people: [] } })).status).toBe(404);
    expect((await t.call('GET', '/imports', { as: other.admin })).body).toEqual([]);
  });
});

describe('files that cannot be read', () => {
  it('answers 422 naming the problem and the line, and records nothing', async () => {
    const team = await t.roles();
    const wrong = await upload(team.admin, TOGGL, 'harvest');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      code: 422,
      message: expect.stringMatching(
        /^Line 1: this is not a Harvest detailed time report: the header lacks the columns .*It looks like a Toggl Track detailed report/,
      ),
      errors: { file: [expect.any(String)] },
    });
    const cut = await upload(team.admin, TOGGL.slice(0, TOGGL.indexOf('and notes for the team')));
    expect(cut).toMatchObject({ status: 422, body: { message: 'Line 11: a quoted value is never closed, so the file looks cut off' } });
    expect((await upload(team.admin, '', 'clockify')).body.message).toBe('The file is empty: it has no header line');
    expect((await t.call('GET', '/imports', { as: team.admin })).body).toEqual([]);
    expect((await upload(team.admin, TOGGL, 'sometracker')).status).toBe(422);
  });

  it('reads UTF-16LE with BOM (Excel) and semicolons', async () => {
    const team = await t.roles();
    const text = fixture('clockify-detailed-eu.csv').toString('utf8');
    const res = await upload(team.admin, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'clockify');
    expect(res.status).toBe(201);
    expect(res.body.preview).toMatchObject({ rows: 194, totalSeconds: 948_600, errors: [] });
  });
});

describe('importing a Kimai export', () => {
  it('previews, applies into a new team and adds nothing the second time', async () => {
    const team = await t.roles();
    const kimai = fixture('kimai-export.csv');
    const res = await upload(team.admin, kimai, 'kimai', 'kimai-export.csv');
    expect(res.status).toBe(201);
    const p = res.body.preview;
    expect(p).toMatchObject({ rows: 194, totalSeconds: 948_600, errors: [] });
    expect(p.counts).toEqual({
      // Kimai puts every project under a customer: the internal one under "Internal".
      clients: { new: 3, matched: 0 },
      projects: { new: 5, matched: 0 },
      tasks: { new: 15, matched: 0 },
      people: { new: 3, matched: 0 },
      time: { new: 194, skippedDuplicate: 0, skippedLocked: 0, unreadable: 0 },
    });
    const people = p.people.map((x: { key: string }) => ({ key: x.key, invite: true }));
    const applied = await t.call('POST', `/imports/${res.body.id}/apply`, { as: team.admin, body: { people } });
    expect(applied.body).toMatchObject({ status: 'applied', created: { rows: 194, seconds: 948_600, clients: 3, projects: 5, users: 3 } });
    expect(await teamState(team.team.id)).toMatchObject({ seconds: 948_600, clients: 3, projects: 5, tasks: 15 });
    const [bjorn] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.teamId, team.team.id), eq(users.email, 'bjorn@example.test')));
    expect(bjorn).toMatchObject({ name: 'Björn Ødegård', status: 'invited', passwordHash: null });

    const again = await upload(team.admin, kimai, 'kimai', 'kimai-export.csv');
    expect(again.body.preview.counts.time).toEqual({ new: 0, skippedDuplicate: 194, skippedLocked: 0, unreadable: 0 });
  });
});

describe('importing any other CSV with a mapping', () => {
  const mapping = {
    columns: { date: 'Datum', person: 'Mitarbeiter', email: 'E-Mail', client: 'Kunde', project: 'Projekt', task: 'Aufgabe', note: 'Notiz' },
    dateOrder: 'auto',
  };
  const withDuration = {
    ...mapping,
    columns: { ...mapping.columns, duration: 'Dauer', start: 'Beginn', end: 'Ende', billable: 'Abrechenbar' },
  };
  const uploadCsv = (as: TestUser, m: unknown) =>
    upload(
      as,
      fixture('generic-semicolon.csv'),
      m === undefined ? 'csv' : `csv&mapping=${encodeURIComponent(typeof m === 'string' ? m : JSON.stringify(m))}`,
      'hours.csv',
    );

  it('previews with the mapping kept on the import, applies, and adds nothing the second time', async () => {
    const team = await t.roles();
    const res = await uploadCsv(team.admin, withDuration);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'csv', mapping: withDuration });
    expect(res.body.preview).toMatchObject({ rows: 194, totalSeconds: 948_600, errors: [] });
    const people = res.body.preview.people.map((x: { key: string }) => ({ key: x.key, invite: true }));
    // Apply reads the file again with the mapping stored on the import.
    const applied = await t.call('POST', `/imports/${res.body.id}/apply`, { as: team.admin, body: { people } });
    expect(applied.body).toMatchObject({ status: 'applied', created: { rows: 194, seconds: 948_600, clients: 2, projects: 5, users: 3 } });
    expect(await teamState(team.team.id)).toMatchObject({ seconds: 948_600 });
    const again = await uploadCsv(team.admin, withDuration);
    expect(again.body.preview.counts.time).toEqual({ new: 0, skippedDuplicate: 194, skippedLocked: 0, unreadable: 0 });
    // The newest csv import keeps the mapping for next time.
    const list = await t.call('GET', '/imports', { as: team.admin });
    expect(list.body[0]).toMatchObject({ source: 'csv', mapping: withDuration });
  });

  it('answers 422 naming the mapping’s problem, and records nothing', async () => {
    const team = await t.roles();
    const missing = await uploadCsv(team.admin, undefined);
    // A needed value that is not there is a 400, as everywhere in the API; a wrong one a 422.
    expect(missing).toMatchObject({
      status: 400,
      body: { errors: { mapping: ['A csv import needs a mapping: which column holds each field'] } },
    });
    expect((await uploadCsv(team.admin, '{not json')).body.errors.mapping).toEqual(['The mapping is not JSON']);
    expect((await uploadCsv(team.admin, { columns: mapping.columns })).body.errors.mapping).toEqual([
      "The mapping's columns.duration: Choose a duration column, or both start and end columns",
    ]);
    const absent = await uploadCsv(team.admin, { ...withDuration, columns: { ...withDuration.columns, task: 'Tätigkeit' } });
    expect(absent).toMatchObject({
      status: 422,
      body: { message: 'Line 1: the header lacks the column Tätigkeit chosen in the mapping.' },
    });
    const toggl = await upload(team.admin, TOGGL, `toggl&mapping=${encodeURIComponent(JSON.stringify(withDuration))}`);
    expect(toggl).toMatchObject({ status: 422, body: { errors: { mapping: ['Only a csv import takes a mapping'] } } });
    expect((await t.call('GET', '/imports', { as: team.admin })).body).toEqual([]);
  });
});
