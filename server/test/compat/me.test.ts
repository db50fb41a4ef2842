import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../../contract/index.ts';
import { timeRecords } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext } from '../harness.ts';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => new Date('2027-01-06T12:00:00Z') } });
  r = await t.roles();
  await t.scope(r.team.id).insertMany(timeRecords, [
    { userId: r.member.id, taskId: null, date: '2027-01-04', time: 3600 },
    { userId: r.admin.id, taskId: null, date: '2027-01-04', time: 60 },
  ]);
});

const userPaths = () => allRoutes().filter((d) => d.path.includes('{user_id}'));

describe('`me` wherever a path takes a user id', () => {
  it('every GET with a user id answers the same for `me` as for the caller id', async () => {
    const gets = userPaths().filter((d) => d.method === 'get');
    expect(gets.map((d) => d.path)).toEqual(expect.arrayContaining(['/users/{user_id}/time', '/users/{user_id}/timesheets', '/users/{user_id}/timecards']));
    for (const d of gets) {
      const path = d.path.replace('{date}', '2027-01-04');
      const byId = await t.call('GET', path.replace('{user_id}', String(r.member.id)), { as: r.member });
      const byMe = await t.call('GET', path.replace('{user_id}', 'me'), { as: r.member });
      expect(byMe.status, d.path).toBe(byId.status);
      expect(byMe.body, d.path).toEqual(byId.body);
    }
    const mine = await t.call('GET', '/users/me/time', { as: r.member });
    expect(mine.body.map((x: { user: number; time: number }) => [x.user, x.time])).toEqual([[r.member.id, 3600]]);
  });

  it('writes through `me` act on the caller (timecards, clock-in, team user update)', async () => {
    const put = await t.call('PUT', '/users/me/timecards/2027-01-05', { as: r.member, body: { clockIn: '09:00', clockOut: '17:00', breakTime: 0 } });
    expect(put.status).toBe(200);
    expect(put.body.user).toBe(r.member.id);
    const clockIn = await t.call('POST', '/users/me/timecards/clock-in', { as: r.supervisor, body: {} });
    expect(clockIn.status).toBe(200);
    expect(clockIn.body.user).toBe(r.supervisor.id);
    const self = await t.call('PUT', '/team/users/me', { as: r.admin, body: { headline: 'Lead' } });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ id: r.admin.id, headline: 'Lead' });
    // `me` is the caller, so a member still cannot update a team user through it
    expect((await t.call('PUT', '/team/users/me', { as: r.member, body: { headline: 'x' } })).status).toBe(403);
  });

  it('needs credentials like any other path, and the OpenAPI document names `me`', async () => {
    expect((await t.call('GET', '/users/me/time', { as: null })).status).toBe(401);
    expect((await t.call('GET', '/users/mine/time', { as: r.member })).status).toBe(404);
    const doc = (await t.call('GET', '/openapi.json')).body;
    const param = doc.paths['/users/{user_id}/timesheets'].get.parameters.find((p: { name: string }) => p.name === 'user_id');
    expect(param.schema.anyOf).toContainEqual({ type: 'string', const: 'me' });
  });
});
