import { beforeAll, describe, expect, it } from 'vitest';
import { projects, sections, tasks } from '../../db/schema/index.ts';
import { setupTestApp, type TestContext, type TestUser } from '../harness.ts';

/**
 * The exact requests existing clients of the public API send (headers, encodings and bodies as they send them),
 * answered as they expect. Each client is used as it is, only its base URL changed.
 */

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let project: number;
let task: number;
let section: number;

/** A request as a client library builds it: JSON body, API key, the version header some send. */
async function send(as: TestUser, method: string, path: string, body?: unknown) {
  const res = await t.app.request(path, {
    method,
    headers: { 'X-Api-Key': as.key, 'X-Accept-Version': '1.2', Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  t = await setupTestApp({ deps: { clock: () => new Date('2027-01-06T12:00:00Z') } });
  r = await t.roles();
  const s = t.scope(r.team.id);
  project = (await s.insert(projects, { name: 'Website' })).id;
  section = (await s.insert(sections, { projectId: project, name: 'Doing' })).id;
  task = (await s.insert(tasks, { projectId: project, name: 'Design' })).id;
});

describe('Everhour TypeScript client', () => {
  it('lists timesheets with limit=500 and reads its own time through /users/me', async () => {
    const weeks = await send(r.member, 'GET', '/users/me/timesheets?limit=500');
    expect(weeks.status).toBe(200);
    expect(weeks.body).toHaveLength(500);
    expect(weeks.body[0]).toMatchObject({ user: r.member.id, week: { id: 2701 } });
    const time = await send(r.member, 'GET', '/users/me/time?from=2026-01-01&to=2027-01-31&limit=500&page=1');
    expect(time.status).toBe(200);
    expect(Array.isArray(time.body)).toBe(true);
  });

  it('adds, replaces and removes time on a task (encoded id), and moves a task with "section": "2"', async () => {
    const path = `/tasks/ev%3A${task}/time`;
    const added = await send(r.member, 'POST', path, { time: 3600, date: '2027-01-04', user: r.member.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ time: 3600, user: r.member.id, date: '2027-01-04', task: { id: `ev:${task}` } });
    expect((await send(r.member, 'POST', path, { time: 1800, date: '2027-01-04' })).body.time).toBe(5400);
    expect((await send(r.member, 'PUT', path, { time: 7200, date: '2027-01-04' })).body.time).toBe(7200);
    expect((await send(r.member, 'DELETE', path, { date: '2027-01-04', user: r.member.id })).status).toBe(204);
    const moved = await send(r.admin, 'PUT', `/tasks/ev%3A${task}`, { section: String(section) });
    expect(moved.status).toBe(200);
    expect(moved.body.section).toBe(section);
  });
});

describe('MCP servers for assistants', () => {
  it('log time for "me", read it back by date, and plan a person on a project', async () => {
    expect((await send(r.member, 'POST', '/time', { task: `ev:${task}`, date: '2027-01-05', time: 900, comment: 'standup' })).status).toBe(201);
    const day = await send(r.member, 'GET', '/users/me/time?from=2027-01-05&to=2027-01-05');
    expect(day.body.map((x: { time: number; comment: string }) => [x.time, x.comment])).toEqual([[900, 'standup']]);
    const planned = await send(r.admin, 'POST', '/resource-planner/assignments', {
      type: 'project',
      user: String(r.member.id),
      project: `ev:${project}`,
      startDate: '2027-01-11',
      endDate: '2027-01-15',
      time: 2 * 3600,
    });
    expect(planned.status).toBe(201);
    const listed = await send(r.admin, 'GET', `/resource-planner/assignments?type=project&project=ev%3A${project}&from=2027-01-01&to=2027-01-31`);
    expect(listed.body.map((a: { id: number }) => a.id)).toEqual([planned.body.id]);
  });

  it('attach a receipt to an expense as {name, content}', async () => {
    const category = (await send(r.admin, 'POST', '/expenses/categories', { name: 'Meals', color: '#aa0000' })).body.id;
    const expense = (await send(r.member, 'POST', '/expenses', { category: String(category), date: '2027-01-05', amount: 1250 })).body;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('receipt')]);
    const res = await send(r.member, 'POST', `/expenses/${expense.id}/attachments`, { name: 'lunch.png', content: png.toString('base64') });
    expect(res.status).toBe(200);
    expect(res.body.attachments).toEqual([expect.objectContaining({ name: 'lunch.png' })]);
  });
});

describe('timesheet viewer app', () => {
  it('reads many weeks of "me", submits a week off, and reads timecards of "me"', async () => {
    const u = await t.user(r.team.id, 'member');
    const weeks = await send(u, 'GET', '/users/me/timesheets?limit=1000');
    expect(weeks.status).toBe(200);
    const weekOff = weeks.body.find((w: { week: { id: number } }) => w.week.id === 2652);
    expect(weekOff.dailyTime.every((d: { time: number }) => d.time === 0)).toBe(true);
    const submitted = await send(u, 'POST', `/timesheets/${weekOff.id}/approval`, { comment: 'Week off', sendNotification: false });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('pending');
    expect((await send(u, 'GET', '/users/me/timecards?from=2026-12-28&to=2027-01-03')).status).toBe(200);
  });
});
