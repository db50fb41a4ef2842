import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, projects, projectUsers, sections, tasks, teams, timeHistory, timeRecords, users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { storageFor } from '../modules/attachments/storage.ts';
import { setupTestApp, type TestContext } from '../test/harness.ts';
import { DEMO_TEAM_NAME } from './data.ts';
import { DEMO_DAYS, demoBudgetNote, seedDemo, type DemoResult } from './demo.ts';
import { planTime, weekdaysBefore } from './time.ts';

let t: TestContext;
let seeded: DemoResult;
const now = new Date('2026-03-18T10:00:00Z');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-demo-'));

beforeAll(async () => {
  t = await setupTestApp({ config: { dataDir } });
  seeded = await seedDemo(t.db, t.deps.secrets, now, storageFor({ dataDir }));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('demo seed', () => {
  it('gives the team expense categories and a month of expenses, most with a receipt that downloads', async () => {
    const member = seeded.accounts.find((a) => a.email === 'priya@northwind.example')!;
    const cats = await t.call('GET', '/expenses/categories', { headers: { 'X-Api-Key': member.apiKey } });
    expect(cats.body.map((c: { name: string }) => c.name)).toEqual(['Meals', 'Mileage', 'Software', 'Travel']);
    const list = await t.call('GET', '/expenses?user=all', {
      headers: { 'X-Api-Key': seeded.accounts.find((a) => a.role === 'admin')!.apiKey },
    });
    expect(list.status).toBe(200);
    expect(list.body.length).toBe(seeded.counts!.expenses);
    expect(new Set(list.body.map((e: { user: number }) => e.user)).size).toBe(4);
    const withReceipt = list.body.filter((e: { attachments: unknown[] }) => e.attachments.length > 0);
    expect(withReceipt.length).toBeGreaterThan(list.body.length / 2);
    // A receipt opens for the expense's owner, not for another member of the team.
    const me = (await t.call('GET', '/users/me', { headers: { 'X-Api-Key': member.apiKey } })).body.id;
    const own = withReceipt.find((e: { user: number }) => e.user === me);
    const file = await t.call('GET', `/attachments/${own.attachments[0].token}/download`, {
      headers: { 'X-Api-Key': member.apiKey },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const others = withReceipt.find((e: { user: number }) => e.user !== me);
    const refused = await t.call('GET', `/attachments/${others.attachments[0].token}/download`, {
      headers: { 'X-Api-Key': member.apiKey },
    });
    expect(refused.status).toBe(404);
  });

  it('creates Northwind Studio with one person of each role, passwords and working API keys', async () => {
    expect(seeded.created).toBe(true);
    expect(seeded.teamName).toBe(DEMO_TEAM_NAME);
    expect(seeded.accounts.map((a) => a.role).sort()).toEqual(['admin', 'member', 'member', 'member_limited', 'supervisor']);
    const rows = await t.scope(seeded.teamId).list(users);
    for (const a of seeded.accounts) {
      const row = rows.find((r) => r.email === a.email)!;
      expect(row.rate).toBeGreaterThan(0);
      expect(row.cost).toBeGreaterThan(0);
      expect(row.headline).not.toBe('');
      expect(await verifyPassword(a.password, row.passwordHash)).toBe(true);
    }
    const admin = seeded.accounts.find((a) => a.role === 'admin')!;
    const me = await t.call('GET', '/users/me', { headers: { 'X-Api-Key': admin.apiKey } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: admin.email, role: 'admin', team: { name: DEMO_TEAM_NAME } });
    const team = await t.call('GET', '/team/users', { headers: { 'X-Api-Key': admin.apiKey } });
    expect(team.body).toHaveLength(5);
  });

  it('has three clients, five projects of both types with sections, a dozen tasks each, and every billing and budget kind', async () => {
    const s = t.scope(seeded.teamId);
    const cs = await s.list(clients);
    expect(cs).toHaveLength(3);
    expect(cs.every((c) => c.businessDetails.length > 10)).toBe(true);
    const ps = await s.list(projects);
    expect(ps).toHaveLength(5);
    expect(new Set(ps.map((p) => p.type))).toEqual(new Set(['board', 'list']));
    expect(new Set(ps.map((p) => p.billing.type))).toEqual(new Set(['non_billable', 'hourly', 'fixed_fee']));
    expect(ps.find((p) => p.billing.type === 'fixed_fee')!.billing.fee).toBeGreaterThan(0);
    expect(new Set(ps.filter((p) => p.billing.type === 'hourly').map((p) => p.rate.type))).toEqual(new Set(['project_rate', 'user_rate']));
    expect(ps.some((p) => Object.keys(p.rate.userRateOverrides).length > 0)).toBe(true);
    const budgets = [...cs.map((c) => c.budget), ...ps.map((p) => p.budget)].filter((b) => b !== null);
    expect(new Set(budgets.map((b) => b.type))).toEqual(new Set(['money', 'time', 'costs']));
    expect(new Set(budgets.map((b) => b.period))).toEqual(new Set(['general', 'monthly', 'weekly']));
    expect(budgets.filter((b) => b.period === 'general').every((b) => /^\d{4}-\d{2}-\d{2}$/.test(b.appliedFrom ?? ''))).toBe(true);
    for (const p of ps) {
      expect((await s.list(sections, eq(sections.projectId, p.id))).length).toBeGreaterThanOrEqual(3);
      const ts = await s.list(tasks, eq(tasks.projectId, p.id));
      expect(ts.length).toBeGreaterThanOrEqual(12);
      expect(ts.every((x) => x.sectionId !== null)).toBe(true);
      expect((await s.list(projectUsers, eq(projectUsers.projectId, p.id))).length).toBeGreaterThanOrEqual(2);
    }
    const all = await s.list(tasks);
    expect(all.filter((x) => x.estimate?.type === 'overall').length).toBeGreaterThan(5);
    const perUser = all.filter((x) => x.estimate?.type === 'users');
    expect(perUser.length).toBeGreaterThan(2);
    for (const x of perUser) expect(x.estimate!.total).toBe(Object.values(x.estimate!.users).reduce((a, b) => a + b, 0));
  });

  it('logs weekday time for everyone over the last weeks, with an ADD history entry per record', async () => {
    const s = t.scope(seeded.teamId);
    const records = await s.list(timeRecords);
    const history = await s.list(timeHistory);
    expect(records.length).toBe(seeded.counts!.timeRecords);
    expect(new Set(records.map((r) => r.userId)).size).toBe(5);
    const days = new Set(weekdaysBefore(now, DEMO_DAYS));
    for (const r of records) {
      expect(days.has(r.date)).toBe(true);
      expect(r.time % 900).toBe(0);
      expect(r.time).toBeGreaterThan(0);
    }
    const perDay = new Map<string, number>();
    for (const r of records) perDay.set(`${r.userId}/${r.date}`, (perDay.get(`${r.userId}/${r.date}`) ?? 0) + r.time);
    for (const total of perDay.values()) expect(total).toBeLessThanOrEqual(10 * 3600);
    expect(history).toHaveLength(records.length);
    for (const h of history) {
      const r = records.find((x) => x.id === h.recordId)!;
      expect(h).toMatchObject({ action: 'ADD', time: r.time, previousTime: 0, createdBy: r.userId });
    }
    // The limited member only logs on projects she is assigned to.
    const limited = seeded.accounts.find((a) => a.role === 'member_limited')!;
    const limitedId = (await s.first(users, eq(users.email, limited.email)))!.id;
    const assigned = new Set((await s.list(projectUsers, eq(projectUsers.userId, limitedId))).map((m) => m.projectId));
    const taskProject = new Map((await s.list(tasks)).map((x) => [x.id, x.projectId]));
    for (const r of records.filter((x) => x.userId === limitedId)) expect(assigned.has(taskProject.get(r.taskId!)!)).toBe(true);
  });

  it('is served by the API within the contract (responses are checked against it)', async () => {
    const as = (role: string) => ({ headers: { 'X-Api-Key': seeded.accounts.find((a) => a.role === role)!.apiKey } });
    const cs = await t.call('GET', '/clients', as('admin'));
    expect(cs.status).toBe(200);
    expect(cs.body).toHaveLength(3);
    const ps = await t.call<{ id: string; client?: { id: number } }[]>('GET', '/projects', as('admin'));
    expect(ps.status).toBe(200);
    expect(ps.body).toHaveLength(5);
    for (const p of ps.body) {
      const detail = await t.call('GET', `/projects/${encodeURIComponent(p.id)}`, as('admin'));
      expect(detail.status).toBe(200);
      const list = await t.call('GET', `/projects/${encodeURIComponent(p.id)}/tasks`, as('admin'));
      expect(list.status).toBe(200);
      expect(list.body.length).toBeGreaterThanOrEqual(9);
    }
    const limited = await t.call<unknown[]>('GET', '/projects', as('member_limited'));
    expect(limited.status).toBe(200);
    expect(limited.body).toHaveLength(3);
    const olivia = (await t.call('GET', '/users/me', as('admin'))).body as { id: number };
    const time = await t.call<{ time: number }[]>('GET', `/users/${olivia.id}/time?from=2026-02-01&to=2026-03-18`, as('admin'));
    expect(time.status).toBe(200);
    expect(time.body.length).toBeGreaterThan(10);
    // The team shares two saved reports; a member lists only the People one.
    const saved = await t.call<{ name: string }[]>('GET', '/reports/saved', as('supervisor'));
    expect(saved.body.map((r) => r.name)).toEqual(['Helix, last month', 'This week by person']);
    expect((await t.call<{ name: string }[]>('GET', '/reports/saved', as('member'))).body.map((r) => r.name)).toEqual(['This week by person']);
  });

  it('has weeks waiting in the approvals inbox and one of each decision before them', async () => {
    const as = (role: string) => ({ headers: { 'X-Api-Key': seeded.accounts.find((a) => a.role === role)!.apiKey } });
    const inbox = await t.call<
      { status: string; user: { name: string }; weekId: number; totalTime: number; submittedTime: number; decision: unknown }[]
    >('GET', '/approvals', as('admin'));
    expect(inbox.status).toBe(200);
    const pending = inbox.body.filter((x) => x.status === 'pending');
    expect(pending.map((x) => x.user.name).sort()).toEqual(['Hannah Weber', 'Marcus Chen', 'Priya Raman', 'Tomás Alvarez']);
    expect(new Set(pending.map((x) => x.weekId))).toEqual(new Set([2611])); // the week before 2026-03-18
    for (const x of pending) expect(x.submittedTime).toBeGreaterThan(0);
    expect(
      inbox.body
        .slice(pending.length)
        .map((x) => x.status)
        .sort(),
    ).toEqual(['approved', 'partial_approved', 'rejected']);
    expect((await t.call('GET', '/approvals/summary', as('supervisor'))).body).toEqual({ pending: 4, pendingForMe: 1 });
    // The member sees the decision on the week before.
    const me = (await t.call('GET', '/users/me', as('member'))).body as { id: number };
    const weeks = await t.call<{ approval: { status: string } | null }[]>('GET', `/users/${me.id}/timesheets?weekId=2610`, as('member'));
    expect(weeks.body[0]!.approval!.status).toBe('approved');
  });

  it('keeps three weeks of timecards with breaks, a night shift, an admin correction, and someone clocked in now', async () => {
    const key = (email: string) => ({ headers: { 'X-Api-Key': seeded.accounts.find((a) => a.email === email)!.apiKey } });
    const admin = key('olivia@northwind.example');
    const team = (await t.call<{ id: number; name: string }[]>('GET', '/team/users', admin)).body;
    const idOf = (name: string) => team.find((u) => u.name === name)!.id;
    type Card = {
      date: string;
      clockIn: string | null;
      clockOut: string | null;
      breakTime: number;
      workTime: number;
      invalid: unknown;
      history: { user: number; action: string; trigger: string }[];
    };
    const cardsOf = async (name: string) =>
      (await t.call<Card[]>('GET', `/timecards?user=${idOf(name)}&from=2026-02-25&to=2026-03-18`, admin)).body;

    const priya = await cardsOf('Priya Raman');
    expect(priya.length).toBeGreaterThanOrEqual(12);
    for (const c of priya.filter((x) => x.clockOut)) {
      expect(c.breakTime).toBeGreaterThan(0);
      expect(c.workTime).toBeGreaterThan(2 * 3600);
      expect(c.invalid).toBeNull();
    }
    // The member's own sign-in shows the same cards, and the admin's correction with who made it.
    const own = await t.call<Card[]>(
      'GET',
      `/users/${idOf('Priya Raman')}/timecards?from=2026-02-25&to=2026-03-18`,
      key('priya@northwind.example'),
    );
    expect(own.body).toEqual(priya);
    const corrected = priya.filter((c) => c.history.some((h) => h.user === idOf('Olivia Bennett')));
    expect(corrected).toHaveLength(1);
    expect(corrected[0]!.history.at(-1)).toMatchObject({ action: 'clock-out', trigger: 'manually' });

    const tomas = await cardsOf('Tomás Alvarez');
    const night = tomas.filter((c) => c.clockIn === '22:00');
    expect(night).toHaveLength(1);
    expect(night[0]!.clockOut! < night[0]!.clockIn!).toBe(true);
    expect(night[0]!.workTime).toBeGreaterThan(4 * 3600);
    expect(night[0]!.invalid).toBeNull();

    // Seeded at 10:00 UTC, 11:00 for Priya: clocked in since 09:00, the others not yet (the Today view's data).
    expect(priya.find((c) => c.date === '2026-03-18')).toMatchObject({ clockIn: '09:00', clockOut: null });
    const todays = await t.call<Card[]>('GET', '/timecards?from=2026-03-18&to=2026-03-18', key('marcus@northwind.example'));
    expect(todays.body.filter((c) => team.some((u) => u.id === (c as Card & { user: number }).user))).toHaveLength(1);
  });

  it('has a quarter of time and expenses of every kind, so each report tab and its trend have something to show', async () => {
    const as = { headers: { 'X-Api-Key': seeded.accounts.find((a) => a.role === 'admin')!.apiKey } };
    const range = `date.gte=${weekdaysBefore(now, DEMO_DAYS)[0]}&date.lte=2026-03-17`;
    const projectRows = await t.call<Record<string, number>[]>('GET', `/dashboards/projects?${range}`, as);
    expect(projectRows.body).toHaveLength(5);
    for (const p of projectRows.body) expect(p.time).toBeGreaterThan(40 * 3600);
    const total = (k: string) => projectRows.body.reduce((a, p) => a + p[k]!, 0);
    expect(total('billableExpenses')).toBeGreaterThan(0);
    expect(total('costsExpenses')).toBeGreaterThan(0);
    // Profit is figured for every project (the demo's people cost more than some projects bill, so its sign varies).
    for (const p of projectRows.body) expect(typeof p.profit).toBe('number');
    expect(total('profit')).not.toBe(0);
    expect((await t.call('GET', `/dashboards/clients?${range}`, as)).body).toHaveLength(3);
    const weeks = await t.call<{ billableTime: number; nonBillableTime: number }[]>('GET', `/dashboards/trend?${range}&interval=week`, as);
    expect(weeks.body.length).toBeGreaterThanOrEqual(13);
    for (const w of weeks.body) {
      expect(w.billableTime).toBeGreaterThan(0);
      expect(w.nonBillableTime).toBeGreaterThan(0);
    }
  });

  it('starts budgets comfortable, past the threshold and over, and says which one refuses more time', async () => {
    const admin = { headers: { 'X-Api-Key': seeded.accounts.find((a) => a.role === 'admin')!.apiKey } };
    const ps = await t.call<{ name: string; budget?: { progress: number; threshold: number; disallowOverbudget: boolean } }[]>(
      'GET',
      '/projects',
      admin,
    );
    const budget = (name: string) => ps.body.find((p) => p.name === name)!.budget!;
    expect(budget('Brand refresh').progress).toBeLessThan(budget('Brand refresh').threshold - 20);
    expect(budget('Online shop').progress).toBeGreaterThanOrEqual(budget('Online shop').threshold);
    expect(budget('Online shop').progress).toBeLessThan(100);
    expect(budget('Spring campaign').progress).toBeGreaterThan(100);
    expect(budget('Spring campaign').disallowOverbudget).toBe(true);
    expect(demoBudgetNote()).toContain('Spring campaign');
  });

  it('lets the demo member log time on every row of her last week, and refuses the over-budget project to its members', async () => {
    const as = (email: string) => ({ headers: { 'X-Api-Key': seeded.accounts.find((a) => a.email === email)!.apiKey } });
    const priya = seeded.accounts.find((a) => a.role === 'member')!;
    const me = (await t.call<{ id: number }>('GET', '/users/me', as(priya.email))).body;
    const dates = weekdaysBefore(now, 7);
    const mine = await t.call<{ task: { id: string } | null }[]>(
      'GET',
      `/users/${me.id}/time?from=${dates[0]}&to=${dates.at(-1)}`,
      as(priya.email),
    );
    const rows = [...new Set(mine.body.flatMap((r) => (r.task ? [r.task.id] : [])))];
    expect(rows.length).toBeGreaterThan(3);
    for (const task of rows) {
      const added = await t.call('POST', '/time', { ...as(priya.email), body: { task, date: dates.at(-1), time: 1800 } });
      expect(added.status, `task ${task}`).toBe(201);
    }
    const tomas = seeded.accounts.find((a) => a.email.startsWith('tomas'))!;
    const spring = (await t.call<{ id: string; name: string }[]>('GET', '/projects', as(tomas.email))).body.find(
      (p) => p.name === 'Spring campaign',
    )!;
    const springTasks = await t.call<{ id: string; status: string }[]>(
      'GET',
      `/projects/${encodeURIComponent(spring.id)}/tasks`,
      as(tomas.email),
    );
    const open = springTasks.body.find((x) => x.status === 'open')!;
    const refused = await t.call('POST', '/time', { ...as(tomas.email), body: { task: open.id, date: dates.at(-1), time: 1800 } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.budget[0]).toContain('Spring campaign');
  });

  it('has one draft invoice for Helix covering its first two weeks of billable time', async () => {
    const admin = { headers: { 'X-Api-Key': seeded.accounts.find((a) => a.role === 'admin')!.apiKey } };
    const list = await t.call('GET', '/invoices', admin);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const [inv] = list.body;
    expect(inv).toMatchObject({
      status: 'draft',
      publicId: 'INV-0001',
      client: { name: expect.stringContaining('Helix') },
      tax: { rate: 10 },
    });
    expect(inv.invoiceItems.length).toBeGreaterThan(0);
    expect(inv.listAmount).toBeGreaterThan(0);
    expect(inv.totalAmount).toBe(inv.netAmount + inv.tax.amount);
    expect(inv.dateTill <= '2026-03-04').toBe(true);
  });

  it('gives the team time-off types, allowances and requests pending, approved and rejected', async () => {
    const key = (role: string) => ({ 'X-Api-Key': seeded.accounts.find((a) => a.role === role)!.apiKey });
    const types = await t.call('GET', '/resource-planner/time-off-types', { headers: key('member') });
    expect(types.body.map((x: { name: string; paid: boolean }) => [x.name, x.paid])).toEqual([
      ['Sick leave', true],
      ['Unpaid leave', false],
      ['Vacation', true],
    ]);
    const all = await t.call('GET', '/resource-planner/assignments?type=time-off', { headers: key('admin') });
    expect(all.status).toBe(200);
    const statuses = all.body.map((x: { status: string }) => x.status);
    for (const s of ['pending', 'approved', 'rejected']) expect(statuses).toContain(s);
    expect(all.body.find((x: { status: string }) => x.status === 'rejected').reviewComment).not.toBe('');
    const priya = seeded.accounts.find((a) => a.email === 'priya@northwind.example')!;
    const mine = await t.call('GET', '/allocations', { headers: { 'X-Api-Key': priya.apiKey } });
    const vacation = types.body.find((x: { name: string }) => x.name === 'Vacation').id;
    // Carried over 3 plus 25; a pending week and an approved day counted, the rejected request not.
    expect(mine.body.find((a: { timeOffType: number }) => a.timeOffType === vacation)).toMatchObject({
      daysAllocated: 28,
      daysUsed: 6,
      daysRemaining: 22,
      restrictOverAllocation: true,
    });
    const pending = await t.call('GET', '/resource-planner/assignments?type=time-off&status=pending', { headers: key('admin') });
    expect(pending.body.length).toBeGreaterThanOrEqual(2);
  });

  it('does nothing the second time', async () => {
    const again = await seedDemo(t.db, t.deps.secrets, now);
    expect(again.created).toBe(false);
    expect(again.teamId).toBe(seeded.teamId);
    expect(again.accounts.map((a) => a.apiKey)).toEqual(seeded.accounts.map((a) => a.apiKey));
    expect(await t.db.select().from(teams).where(eq(teams.name, DEMO_TEAM_NAME))).toHaveLength(1);
    expect(await t.scope(seeded.teamId).list(users)).toHaveLength(5);
  });
});

describe('planTime', () => {
  it('skips weekends and keeps one record per user, task and date', () => {
    const dates = weekdaysBefore(new Date('2026-03-16T08:00:00Z'), 14); // a Monday
    expect(dates).toHaveLength(10);
    expect(dates[0]).toBe('2026-03-02');
    expect(dates.at(-1)).toBe('2026-03-13');
    const plan = planTime(
      [
        { userId: 1, dailyHours: 7, taskIds: [10, 11] },
        { userId: 2, dailyHours: 4, taskIds: [12] },
      ],
      dates,
    );
    const keys = plan.map((p) => `${p.userId}/${p.taskId}/${p.date}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(plan.every((p) => dates.includes(p.date))).toBe(true);
    expect(
      planTime(
        [
          { userId: 1, dailyHours: 7, taskIds: [10, 11] },
          { userId: 2, dailyHours: 4, taskIds: [12] },
        ],
        dates,
      ),
    ).toEqual(plan);
  });
});
