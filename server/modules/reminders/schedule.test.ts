import { beforeAll, describe, expect, it } from 'vitest';
import { defaultReminderSchedule } from '../../../contract/reminders.ts';
import { setupTestApp, type TestContext, type TestUser } from '../../test/harness.ts';

/* The team's reminder schedule: every member reads it, only admins set it, each team has its own. */
let t: TestContext;
let A: TestUser, S: TestUser, M: TestUser, L: TestUser, other: TestUser;

beforeAll(async () => {
  t = await setupTestApp();
  const r = await t.roles();
  [A, S, M, L] = [r.admin, r.supervisor, r.member, r.limited];
  other = await t.user((await t.team()).id, 'admin');
});

const changed = { ...defaultReminderSchedule, submitAt: '15:30', missingThreshold: 75, timerOn: false, timerLimitHours: 6.5 };

describe('GET and PUT /team/reminders', () => {
  it('every role reads the defaults until an admin sets the schedule', async () => {
    for (const u of [A, S, M, L]) {
      const r = await t.call('GET', '/team/reminders', { as: u });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        submitOn: true,
        submitAt: '16:00',
        missingOn: true,
        missingAt: '10:00',
        missingThreshold: 50,
        timerOn: true,
        timerLimitHours: 8,
        digestOn: true,
        digestAt: '09:00',
      });
    }
  });

  it('an admin sets it; every member then reads it; another team keeps its own', async () => {
    const r = await t.call('PUT', '/team/reminders', { as: A, body: changed });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(changed);
    expect((await t.call('GET', '/team/reminders', { as: M })).body).toEqual(changed);
    expect((await t.call('GET', '/team/reminders', { as: other })).body).toEqual(defaultReminderSchedule);
  });

  it.each([
    ['supervisor', () => S],
    ['member', () => M],
    ['limited member', () => L],
  ])('a %s may not set it (403) and nothing changes', async (_, who) => {
    const before = (await t.call('GET', '/team/reminders', { as: A })).body;
    const r = await t.call('PUT', '/team/reminders', { as: who(), body: { ...defaultReminderSchedule, submitAt: '09:00' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, message: expect.any(String) });
    expect((await t.call('GET', '/team/reminders', { as: A })).body).toEqual(before);
  });

  it('without credentials: 401', async () => {
    expect((await t.call('GET', '/team/reminders')).status).toBe(401);
  });

  it('a field left out is a missing parameter (400), each named', async () => {
    const { submitAt: _, timerOn: __, ...rest } = defaultReminderSchedule;
    const r = await t.call('PUT', '/team/reminders', { as: A, body: rest });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(Object.keys(r.body.errors).sort()).toEqual(['submitAt', 'timerOn']);
  });

  it('malformed JSON: 400', async () => {
    const r = await t.call('PUT', '/team/reminders', { as: A, raw: '{"submitOn": tru' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, message: expect.any(String) });
  });

  it('bad values are refused (422) with an error per field, and nothing changes', async () => {
    const before = (await t.call('GET', '/team/reminders', { as: A })).body;
    const r = await t.call('PUT', '/team/reminders', {
      as: A,
      body: { ...defaultReminderSchedule, submitAt: '24:00', missingAt: '9am', missingThreshold: 0, timerLimitHours: 8.1, submitOn: 'yes', extra: 1 },
    });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['_', 'missingAt', 'missingThreshold', 'submitAt', 'submitOn', 'timerLimitHours']);
    expect((await t.call('GET', '/team/reminders', { as: A })).body).toEqual(before);
    const high = await t.call('PUT', '/team/reminders', { as: A, body: { ...defaultReminderSchedule, missingThreshold: 101, timerLimitHours: 25 } });
    expect(high.status).toBe(422);
    expect(Object.keys(high.body.errors).sort()).toEqual(['missingThreshold', 'timerLimitHours']);
  });
});
