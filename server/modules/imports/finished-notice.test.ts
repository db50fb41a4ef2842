import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

/* An import applied: the team's admins (the one who applied it too) hear that it finished; nobody else. */
const TOGGL = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'toggl-detailed.csv')).toString('utf8');
const records = TOGGL.replace(/\r\n$/, '').split('\r\n');
let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let admin2: TestUser, other: TestUser;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  admin2 = await t.user(r.team.id, 'admin');
  other = await t.user((await t.team()).id, 'admin');
});
const finished = async (u: TestUser) =>
  ((await t.call('GET', '/notifications?limit=200', { as: u })).body.items as { kind: string; title: string; subject: unknown }[]).filter(
    (n) => n.kind === 'import.finished',
  );

describe('an import finished', () => {
  it('tells the team’s admins once, with a link to Import', async () => {
    const res = await t.app.request('/imports?source=toggl&name=export.csv', {
      method: 'POST',
      headers: { 'X-Api-Key': r.admin.key, 'Content-Type': 'text/csv' },
      body: [records[0], records[1], records[2]].join('\r\n') + '\r\n',
    });
    const preview = (await res.json()) as { id: number; preview: { people: { key: string }[] } };
    expect(res.status, JSON.stringify(preview)).toBe(201);
    const applied = await t.call('POST', `/imports/${preview.id}/apply`, {
      as: r.admin,
      body: { people: preview.preview.people.map((p) => ({ key: p.key, userId: r.member.id })) },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    for (const u of [r.admin, admin2]) {
      const got = await finished(u);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ subject: { type: 'import', id: preview.id } });
      expect(got[0]!.title).toMatch(
        new RegExp(`^Import ${preview.id} \\(Toggl Track detailed report\\) finished: 2 rows in \\d+ new time records$`),
      );
    }
    for (const u of [r.supervisor, r.member, r.limited, other]) expect(await finished(u)).toEqual([]);
  });
});
